/**
 * The health check on real files: glTF 2.0 samples and STL scans from the Assimp project's test
 * models, committed under `tests/fixtures/health/` with their licences (see its README), give
 * stable reports on every OS, and the print file the
 * sandbox makes from a generated model reads as watertight — welding by position joins the
 * separate triangles of an STL, as it joins the UV-seam splits of a glTF.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NodeIO, Primitive, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { describe, expect, it } from 'vitest';
import { generateFromPhoto } from '../../electron/sandbox/generate';
import { readMesh } from '../../electron/sandbox/artifacts/mesh';
import { printFile } from '../../electron/sandbox/artifacts/print';
import { plainMesh } from '../../renderer/src/viewer/health/decode-input';
import type {
  HealthInput,
  HealthMeshInput,
  HealthReport,
} from '../../renderer/src/viewer/health/health-types';
import { analyseHealth } from '../../renderer/src/viewer/health/mesh-health';
import { issueText } from '../../renderer/src/viewer/health/health-text';
import { analysePrint, printBasis } from '../../renderer/src/viewer/health/printability';

const MODELS = path.resolve(import.meta.dirname, '..', 'fixtures', 'health');
const PHOTOS = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'photos');

/** A glTF document as the viewer hands it to the check: one input mesh per primitive. */
function documentInput(doc: Document): HealthInput {
  const meshes: HealthMeshInput[] = [];
  const textures = doc
    .getRoot()
    .listTextures()
    .map((t) => {
      const [width, height] = t.getSize() ?? [0, 0];
      return { width, height };
    });
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  scene?.traverse((node) => {
    for (const prim of node.getMesh()?.listPrimitives() ?? []) {
      if (prim.getMode() !== Primitive.Mode.TRIANGLES) continue;
      const position = prim.getAttribute('POSITION');
      if (!position) continue;
      const floats = (a: NonNullable<typeof position>) => {
        const out = new Float32Array(a.getCount() * a.getElementSize());
        const el: number[] = [];
        for (let i = 0; i < a.getCount(); i++) out.set(a.getElement(i, el), i * a.getElementSize());
        return out;
      };
      const uv = prim.getAttribute('TEXCOORD_0');
      const map = prim.getMaterial()?.getBaseColorTexture();
      const size = map?.getSize();
      const indices = prim.getIndices();
      const input = plainMesh(
        node.getName(),
        floats(position),
        indices ? Uint32Array.from(indices.getArray() ?? []) : null,
        uv ? floats(uv) : null,
        size ? { width: size[0], height: size[1] } : null,
      );
      meshes.push({ ...input, matrix: node.getWorldMatrix() as unknown as number[] });
    }
  });
  return { meshes, textures };
}

async function gltfInput(file: string): Promise<HealthInput> {
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
  return documentInput(await io.read(path.join(MODELS, file)));
}

function stlInput(bytes: Uint8Array): HealthInput {
  const geometry = new STLLoader().parse(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const positions = geometry.getAttribute('position').array as Float32Array;
  return { meshes: [plainMesh('stl', positions)], textures: [] };
}

/** What is worth pinning of a report: every count, rounded measures, no geometry. */
function summary(r: HealthReport) {
  const { issues, textures, size, area, volume, weldTolerance, texelDensity, uvOutside, ...rest } =
    r;
  const round = (v: number) => Number(v.toPrecision(4));
  return {
    ...rest,
    size: size.map(round),
    area: round(area),
    volume: volume === null ? null : round(volume),
    uvOutside: round(uvOutside),
    weldTolerance: round(weldTolerance),
    texelDensity: texelDensity === null ? null : round(texelDensity),
    textures: textures.map((t) => `${t.width}x${t.height}`),
    issues: issues.map((i) => `${i.kind}: ${issueText(i)}`),
  };
}

describe('health check on real-world models', () => {
  it.each([
    'BoxTextured.glb',
    'BoxTexcoords/boxTexcoords.gltf',
    'AnimatedMorphCube/AnimatedMorphCube.gltf',
  ])('%s', async (file) => {
    expect(summary(analyseHealth(await gltfInput(file)).report)).toMatchSnapshot();
  });

  it.each(['sphereWithHole.stl', 'Spider_binary.stl', 'Wuson.stl'])('%s', async (file) => {
    const bytes = new Uint8Array(await readFile(path.join(MODELS, file)));
    expect(summary(analyseHealth(stlInput(bytes)).report)).toMatchSnapshot();
  });

  it('reads the textured box as one watertight solid once its seams are welded', async () => {
    const r = analyseHealth(await gltfInput('BoxTextured.glb'));
    expect(r.report).toMatchObject({ vertices: 24, weldedVertices: 8, watertight: true, holes: 0 });
  });

  it('finds the one hole of sphereWithHole.stl', async () => {
    const bytes = new Uint8Array(await readFile(path.join(MODELS, 'sphereWithHole.stl')));
    expect(analyseHealth(stlInput(bytes)).report).toMatchObject({ holes: 1, parts: 1 });
  });
});

describe('the sandbox’s print file of a generated model', () => {
  it('is watertight, and printable at 100 mm', async () => {
    const photo = await readFile(path.join(PHOTOS, 'coffee.png'));
    const model = await generateFromPhoto(photo, {
      name: 'coffee',
      polyCount: 20_000,
      remesh: true,
      textureSize: 1024,
      textureFormat: 'webp',
      seed: 7,
    });
    const mesh = await readMesh(model.glb);
    const stl = await printFile(
      mesh,
      { length_mm: 100, format: 'stl', hollow: false, colors: 1, palette: null },
      'coffee',
    );
    const { report, solid } = analyseHealth(stlInput(stl.bytes));
    expect(report).toMatchObject({
      triangles: mesh.indices.length / 3,
      watertight: true,
      holes: 0,
      nonManifoldEdges: 0,
      nonManifoldVertices: 0,
      flippedTriangles: 0,
      insideOutParts: 0,
    });
    // The STL is in millimetres: its longest side is the 100 mm asked for.
    expect(Math.max(...report.size)).toBeCloseTo(100, 3);
    const print = analysePrint(printBasis(solid), {
      lengthMm: 100,
      minWallMm: 0.8,
      hollow: false,
      buildVolume: { x: 250, y: 210, z: 220 },
      overhangDeg: 45,
      overlay: 'thickness',
    });
    expect(print.fits).toBe(true);
    expect(print.volumeCm3).toBeGreaterThan(0);
  });
});
