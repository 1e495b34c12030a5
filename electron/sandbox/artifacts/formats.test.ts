/**
 * Every file the sandbox builds, end to end, from one generated model: each format is opened with
 * a standard importer (the Khronos glTF validator, glTF-Transform with the Draco decoder, and
 * three.js's OBJ, FBX, USD and STL loaders), checked for what the service promises (watertight
 * prints sized to the millimetre, colour slots, LODs, tabs, skins, named parts, quads), and built
 * twice to prove that the same request gives the same bytes.
 *
 * The parameters go through the same schemas as the HTTP routes (shared/api/params.ts), so the
 * builders see exactly what a job sees.
 */
import { resolveObjectURL } from 'node:buffer';
import { createRequire } from 'node:module';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { LoadingManager, Texture, type Mesh, type Object3D } from 'three';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { USDLoader } from 'three/examples/jsm/loaders/USDLoader.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ExportQuerySchema,
  GamepackQuerySchema,
  MakeQuerySchema,
  PartsQuerySchema,
  PrintQuerySchema,
  RetopoQuerySchema,
  RigQuerySchema,
} from '../../../shared/api/params';
import { generateFromPhoto } from '../generate';
import { photo, validateGlb } from '../testing/test-support';
import { buildArtifact, type ArtifactOutput } from '.';
import { boundsOf, readGlb, readMesh, type MeshData } from './mesh';

/** The part of an XML DOM the checks read. */
interface XmlElement {
  nodeName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}
interface XmlDocument {
  documentElement: XmlElement | null;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}
/**
 * @xmldom/xmldom, a W3C DOM parser for Node (installed with electron-builder's plist). Loaded
 * untyped: its typings pull the DOM library into the Node type check.
 */
const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as {
  DOMParser: new (options: {
    errorHandler: {
      warning(message: string): void;
      error(message: string): void;
      fatalError(message: string): void;
    };
  }) => { parseFromString(text: string, type: string): XmlDocument };
};

/** A strict XML parser: any error or fatal error is collected. */
function xmlParser(errors: string[]) {
  return new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: (message) => errors.push(message),
      fatalError: (message) => errors.push(message),
    },
  });
}

const SCHEMAS: Record<string, z.ZodType> = {
  export: ExportQuerySchema,
  print: PrintQuerySchema,
  retopo: RetopoQuerySchema,
  rig: RigQuerySchema,
  parts: PartsQuerySchema,
  gamepack: GamepackQuerySchema,
  'make.papercraft': MakeQuerySchema,
};

let glb: Uint8Array;
let mesh: MeshData;
const built = new Map<string, Promise<ArtifactOutput>>();

/** Builds `operation?query` as a job would (cached: each file is built once, then rebuilt once). */
function build(operation: string, query = '', fresh = false): Promise<ArtifactOutput> {
  const key = `${operation}?${query}`;
  const run = () => {
    const params = SCHEMAS[operation]!.parse(
      Object.fromEntries(new URLSearchParams(query)),
    ) as Record<string, unknown>;
    return buildArtifact(operation, {
      glb,
      params,
      slug: 'chelsea',
    });
  };
  if (fresh) return run();
  let result = built.get(key);
  if (!result) built.set(key, (result = run()));
  return result;
}

const arrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

const meshesOf = (root: Object3D): Mesh[] => {
  const out: Mesh[] = [];
  root.traverse((o) => {
    if ((o as Mesh).isMesh) out.push(o as Mesh);
  });
  return out;
};

/** Bytes behind a `blob:` URL made by a loader (embedded textures). */
async function blobBytes(url: string): Promise<Uint8Array> {
  const blob = resolveObjectURL(url);
  expect(blob, `blob ${url}`).toBeDefined();
  return new Uint8Array(await blob!.arrayBuffer());
}

/**
 * Watertightness of a triangle soup: corners welded by exact position, every edge is used by
 * exactly two triangles, once in each direction (closed and consistently oriented).
 */
function watertight(positions: ArrayLike<number>, triangles: ArrayLike<number>) {
  const ids = new Map<string, number>();
  const corner = (v: number) => {
    const key = `${positions[v * 3]},${positions[v * 3 + 1]},${positions[v * 3 + 2]}`;
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    return id;
  };
  const directed = new Map<string, number>();
  let degenerate = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    const c = [corner(triangles[t]!), corner(triangles[t + 1]!), corner(triangles[t + 2]!)];
    if (c[0] === c[1] || c[1] === c[2] || c[0] === c[2]) degenerate++;
    for (let k = 0; k < 3; k++) {
      const key = `${c[k]}_${c[(k + 1) % 3]}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  let open = 0;
  let doubled = 0;
  for (const [key, count] of directed) {
    if (count > 1) doubled++;
    const [a, b] = key.split('_');
    if (!directed.has(`${b}_${a}`)) open++;
  }
  return { open, doubled, degenerate, vertices: ids.size };
}

/** Triangles of a binary STL as a soup (positions, 0..n indices). */
function readStl(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(80, true);
  expect(bytes.byteLength).toBe(84 + count * 50);
  const positions = new Float32Array(count * 9);
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 9; k++)
      positions[t * 9 + k] = view.getFloat32(84 + t * 50 + 12 + k * 4, true);
  }
  return { count, positions, indices: Uint32Array.from({ length: count * 3 }, (_, i) => i) };
}

/** The local entries of a zip: name, compression method, where the data starts. */
function zipEntries(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: Array<{ name: string; method: number; dataAt: number }> = [];
  for (let at = 0; view.getUint32(at, true) === 0x04034b50;) {
    const nameLength = view.getUint16(at + 26, true);
    const extra = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength));
    const dataAt = at + 30 + nameLength + extra;
    entries.push({ name, method: view.getUint16(at + 8, true), dataAt });
    at = dataAt + view.getUint32(at + 22, true);
  }
  return entries;
}

interface FbxNode {
  name: string;
  props: unknown[];
  children: FbxNode[];
}

/**
 * A strict FBX 7.4 binary reader (as Blender's importer reads): exact node end offsets, null
 * records after children, array lengths after zlib, and the footer.
 */
async function readFbx(bytes: Uint8Array): Promise<FbxNode[]> {
  const { unzlibSync } = await import('fflate');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(new TextDecoder().decode(bytes.subarray(0, 20))).toBe('Kaydara FBX Binary  ');
  expect([...bytes.subarray(20, 23)]).toEqual([0, 0x1a, 0]);
  expect(view.getUint32(23, true)).toBe(7400);
  const read = (at: number): [FbxNode | null, number] => {
    const end = view.getUint32(at, true);
    const count = view.getUint32(at + 4, true);
    const propBytes = view.getUint32(at + 8, true);
    const nameLength = bytes[at + 12]!;
    if (end === 0) return [null, at + 13];
    const name = new TextDecoder().decode(bytes.subarray(at + 13, at + 13 + nameLength));
    let p = at + 13 + nameLength;
    const start = p;
    const props: unknown[] = [];
    for (let i = 0; i < count; i++) {
      const type = String.fromCharCode(bytes[p]!);
      p++;
      if ('idfl'.includes(type)) {
        const length = view.getUint32(p, true);
        const encoding = view.getUint32(p + 4, true);
        const size = view.getUint32(p + 8, true);
        let data = bytes.subarray(p + 12, p + 12 + size);
        if (encoding === 1) data = unzlibSync(data);
        const width = type === 'i' || type === 'f' ? 4 : 8;
        expect(data.length).toBe(length * width);
        const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
        props.push(
          Array.from({ length }, (_, k) =>
            type === 'i'
              ? dv.getInt32(k * 4, true)
              : type === 'd'
                ? dv.getFloat64(k * 8, true)
                : type === 'f'
                  ? dv.getFloat32(k * 4, true)
                  : Number(dv.getBigInt64(k * 8, true)),
          ),
        );
        p += 12 + size;
      } else if (type === 'S' || type === 'R') {
        const length = view.getUint32(p, true);
        const data = bytes.subarray(p + 4, p + 4 + length);
        props.push(type === 'S' ? new TextDecoder().decode(data) : data);
        p += 4 + length;
      } else {
        const size = { I: 4, D: 8, L: 8, C: 1, Y: 2, F: 4 }[type as 'I'];
        expect(size, `property type ${type}`).toBeDefined();
        props.push(
          type === 'I'
            ? view.getInt32(p, true)
            : type === 'D'
              ? view.getFloat64(p, true)
              : type === 'L'
                ? Number(view.getBigInt64(p, true))
                : bytes[p],
        );
        p += size;
      }
    }
    expect(p - start).toBe(propBytes);
    const children: FbxNode[] = [];
    if (p < end) {
      while (p < end - 13) {
        const [child, next] = read(p);
        children.push(child!);
        p = next;
      }
      expect([...bytes.subarray(p, p + 13)].every((b) => b === 0)).toBe(true);
      p += 13;
    }
    expect(p).toBe(end);
    return [{ name, props, children }, p];
  };
  const top: FbxNode[] = [];
  let at = 27;
  for (;;) {
    const [node, next] = read(at);
    at = next;
    if (!node) break;
    top.push(node);
  }
  // Footer: id, 4 zeros, padding to 16, version, 120 zeros, magic.
  expect(bytes[at]).toBe(0xfa);
  expect((bytes.length - 16 - 120 - 4) % 16).toBe(0);
  expect(view.getUint32(bytes.length - 16 - 120 - 4, true)).toBe(7400);
  return top;
}

const child = (n: FbxNode, name: string) => n.children.find((c) => c.name === name);

/** FBXLoader with embedded textures handed to a stub loader (no DOM in Node). */
function loadFbx(bytes: Uint8Array) {
  const manager = new LoadingManager();
  const textureUrls: string[] = [];
  const stub = {
    path: '',
    setPath(path: string) {
      this.path = path;
      return this;
    },
    load(url: string) {
      textureUrls.push(url);
      const texture = new Texture();
      texture.userData.url = url;
      return texture;
    },
  };
  manager.addHandler(/\.png$/i, stub as never);
  const group = new FBXLoader(manager).parse(arrayBuffer(bytes), '');
  return { group, textureUrls };
}

beforeAll(async () => {
  const model = await generateFromPhoto(photo('chelsea.png'), {
    polyCount: 10_000,
    remesh: true,
    textureSize: 1024,
    textureFormat: 'webp',
    seed: 7,
    name: 'chelsea',
  });
  glb = model.glb;
  mesh = await readMesh(glb);
});

describe('exports (service-api.md §4.10)', () => {
  it('glb: the stored model passes the Khronos validator; texture=1024 resizes it', async () => {
    expect((await validateGlb(glb)).issues.numErrors).toBe(0);
    const plain = await build('export', 'format=glb');
    expect(plain.bytes).toBe(glb);
    const resized = await build('export', 'format=glb&texture=2048');
    expect((await validateGlb(resized.bytes)).issues.numErrors).toBe(0);
    const image = (await readGlb(resized.bytes)).getRoot().listTextures()[0]!.getImage()!;
    expect(await sharp(image).metadata()).toMatchObject({ width: 2048, height: 2048 });
  });

  it('glb_draco: valid, Draco-compressed, decodes to the same triangles', async () => {
    const { bytes } = await build('export', 'format=glb_draco');
    expect((await validateGlb(bytes)).issues.numErrors).toBe(0);
    const doc = await readGlb(bytes);
    expect(
      doc
        .getRoot()
        .listExtensionsUsed()
        .map((e) => e.extensionName),
    ).toContain('KHR_draco_mesh_compression');
    const decoded = await readMesh(bytes);
    expect(decoded.indices.length).toBe(mesh.indices.length);
    expect(boundsOf(decoded.positions).size[0]).toBeCloseTo(boundsOf(mesh.positions).size[0], 3);
    expect(bytes.byteLength).toBeLessThan(glb.byteLength);
  });

  it('obj: a zip whose .obj three.js reads and whose .mtl names the PNG beside it', async () => {
    const { bytes, filename } = await build('export', 'format=obj');
    expect(filename).toBe('chelsea-obj.zip');
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(['chelsea.mtl', 'chelsea.obj', 'chelsea.png']);
    const mtl = strFromU8(files['chelsea.mtl']!);
    const map = /^map_Kd (.+)$/m.exec(mtl)?.[1];
    expect(map).toBe('chelsea.png');
    expect(await sharp(files[map!]!).metadata()).toMatchObject({ format: 'png', width: 1024 });
    const group = new OBJLoader().parse(strFromU8(files['chelsea.obj']!));
    const [obj] = meshesOf(group);
    expect(obj!.geometry.getAttribute('position').count).toBe(mesh.indices.length);
    expect(obj!.geometry.getAttribute('uv')).toBeDefined();
    expect(obj!.geometry.getAttribute('normal')).toBeDefined();
    expect(strFromU8(files['chelsea.obj']!)).toMatch(/^mtllib chelsea\.mtl$/m);
  });

  it('fbx: FBX 7.4 binary that three.js FBXLoader opens, with UVs and the embedded texture', async () => {
    const { bytes, filename } = await build('export', 'format=fbx');
    expect(filename).toBe('chelsea.fbx');
    const top = await readFbx(bytes);
    expect(top.map((n) => n.name)).toEqual([
      'FBXHeaderExtension',
      'FileId',
      'CreationTime',
      'Creator',
      'GlobalSettings',
      'Documents',
      'References',
      'Definitions',
      'Objects',
      'Connections',
      'Takes',
    ]);
    const settings = child(
      top.find((n) => n.name === 'GlobalSettings')!,
      'Properties70',
    )!;
    const setting = (name: string) => settings.children.find((p) => p.props[0] === name)!.props[4];
    expect(setting('UpAxis')).toBe(1);
    expect(setting('UnitScaleFactor')).toBe(1);

    const { group, textureUrls } = loadFbx(bytes);
    const [fbx] = meshesOf(group);
    const geometry = fbx!.geometry;
    expect(geometry.getAttribute('position').count).toBe(mesh.indices.length);
    expect(geometry.getAttribute('uv').count).toBe(mesh.indices.length);
    expect(geometry.getAttribute('normal')).toBeDefined();
    // Centimetres: 100 × the model's metres.
    geometry.computeBoundingBox();
    const size = boundsOf(mesh.positions).size;
    expect(geometry.boundingBox!.max.x - geometry.boundingBox!.min.x).toBeCloseTo(size[0] * 100, 2);
    const material = fbx!.material as { type: string; map?: Texture };
    expect(material.type).toBe('MeshPhongMaterial');
    expect(material.map?.userData.url).toBe(textureUrls[0]);
    const png = await blobBytes(textureUrls[0]!);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1024 });
  });

  it('usdz: stored, 64-byte aligned, USD layer first; three.js USDLoader reads mesh and texture', async () => {
    const { bytes, filename } = await build('export', 'format=usdz');
    expect(filename).toBe('chelsea.usdz');
    const entries = zipEntries(bytes);
    expect(entries.map((e) => e.name)).toEqual(['chelsea.usda', 'textures/basecolor.png']);
    for (const entry of entries) {
      expect(entry.method).toBe(0);
      expect(entry.dataAt % 64).toBe(0);
    }
    // USDLoader decodes textures through an <img>; Node has none, so a stand-in reports "loaded".
    const previous = (globalThis as { document?: unknown }).document;
    (globalThis as { document?: unknown }).document = {
      createElementNS: () => {
        const listeners = new Map<string, Array<(this: unknown) => void>>();
        let src = '';
        return {
          width: 1,
          height: 1,
          addEventListener: (type: string, f: () => void) =>
            listeners.set(type, [...(listeners.get(type) ?? []), f]),
          removeEventListener: (type: string, f: () => void) =>
            listeners.set(
              type,
              (listeners.get(type) ?? []).filter((g) => g !== f),
            ),
          get src() {
            return src;
          },
          set src(value: string) {
            src = value;
            queueMicrotask(() => {
              for (const f of listeners.get('load') ?? []) f.call(this);
            });
          },
        };
      },
    };
    try {
      const group = await new Promise<Object3D>((resolve, reject) =>
        new USDLoader().parse(arrayBuffer(bytes), '', resolve, reject),
      );
      const [usd] = meshesOf(group);
      expect(usd!.geometry.getAttribute('position').count).toBe(mesh.indices.length);
      expect(usd!.geometry.getAttribute('uv')).toBeDefined();
      const map = (usd!.material as { map?: Texture }).map;
      expect(map).toBeDefined();
    } finally {
      (globalThis as { document?: unknown }).document = previous;
    }
  });

  it('stl: binary STL in millimetres, Z up, closed; three.js STLLoader reads it', async () => {
    const { bytes } = await build('export', 'format=stl');
    const stl = readStl(bytes);
    expect(stl.count).toBe(mesh.indices.length / 3);
    expect(watertight(stl.positions, stl.indices)).toMatchObject({ open: 0, doubled: 0 });
    const geometry = new STLLoader().parse(arrayBuffer(bytes));
    expect(geometry.getAttribute('position').count).toBe(stl.count * 3);
    geometry.computeBoundingBox();
    const size = boundsOf(mesh.positions).size;
    // Z up: the model's height (glTF Y) is the STL's Z, in millimetres.
    expect(geometry.boundingBox!.max.z - geometry.boundingBox!.min.z).toBeCloseTo(
      size[1] * 1000,
      1,
    );
  });
});

describe('print files (service-api.md §4.11)', () => {
  it('stl: watertight, longest side = length_mm, resting flat on Z = 0', async () => {
    for (const length of [30, 120]) {
      const stl = readStl((await build('print', `length_mm=${length}`)).bytes);
      expect(watertight(stl.positions, stl.indices)).toMatchObject({
        open: 0,
        doubled: 0,
        degenerate: 0,
      });
      const b = boundsOf(stl.positions);
      expect(Math.abs(Math.max(...b.size) - length)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(b.min[2])).toBeLessThanOrEqual(0.01);
      // The base: triangles lying in Z = 0, facing down, with some area to stand on.
      const p = stl.positions;
      let base = 0;
      for (let t = 0; t < stl.count; t++) {
        const o = t * 9;
        if (Math.max(Math.abs(p[o + 2]!), Math.abs(p[o + 5]!), Math.abs(p[o + 8]!)) > 1e-4)
          continue;
        base -=
          ((p[o + 3]! - p[o]!) * (p[o + 7]! - p[o + 1]!) -
            (p[o + 4]! - p[o + 1]!) * (p[o + 6]! - p[o]!)) /
          2;
      }
      expect(base).toBeGreaterThan(length * length * 0.002);
    }
  });

  it('hollow: an inner wall 2.5 mm inside, both shells watertight and facing apart', async () => {
    const solid = readStl((await build('print', 'length_mm=100')).bytes);
    const hollow = readStl((await build('print', 'length_mm=100&hollow=true')).bytes);
    expect(hollow.count).toBe(solid.count * 2);
    expect(watertight(hollow.positions, hollow.indices)).toMatchObject({ open: 0, doubled: 0 });
    const inner = hollow.positions.subarray(solid.count * 9);
    const innerBounds = boundsOf(inner);
    const outerBounds = boundsOf(solid.positions);
    for (let k = 0; k < 3; k++) {
      expect(innerBounds.min[k]!).toBeGreaterThan(outerBounds.min[k]! + 1);
      expect(innerBounds.max[k]!).toBeLessThan(outerBounds.max[k]! - 1);
    }
  });

  /** Vertices and triangles of a 3MF model part, and its base materials. */
  function read3mf(bytes: Uint8Array) {
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', '3D/3dmodel.model']),
    );
    const errors: string[] = [];
    const parser = xmlParser(errors);
    for (const name of ['[Content_Types].xml', '_rels/.rels']) {
      parser.parseFromString(strFromU8(files[name]!), 'application/xml');
    }
    const doc = parser.parseFromString(strFromU8(files['3D/3dmodel.model']!), 'application/xml');
    expect(errors).toEqual([]);
    const model = doc.documentElement!;
    expect(model.nodeName).toBe('model');
    expect(model.getAttribute('unit')).toBe('millimeter');
    const vertices = Array.from(doc.getElementsByTagName('vertex'));
    const positions = new Float64Array(vertices.length * 3);
    vertices.forEach((v, i) => {
      positions[i * 3] = Number(v.getAttribute('x'));
      positions[i * 3 + 1] = Number(v.getAttribute('y'));
      positions[i * 3 + 2] = Number(v.getAttribute('z'));
    });
    const triangles = Array.from(doc.getElementsByTagName('triangle'));
    const indices = new Uint32Array(triangles.length * 3);
    const slots: number[] = [];
    triangles.forEach((t, i) => {
      indices[i * 3] = Number(t.getAttribute('v1'));
      indices[i * 3 + 1] = Number(t.getAttribute('v2'));
      indices[i * 3 + 2] = Number(t.getAttribute('v3'));
      if (t.hasAttribute('p1')) slots.push(Number(t.getAttribute('p1')));
    });
    const bases = Array.from(doc.getElementsByTagName('base')).map((b) =>
      b.getAttribute('displaycolor'),
    );
    return { positions, indices, slots, bases, triangles: triangles.length };
  }

  it('3mf: valid XML package in millimetres, watertight, sized, on the plate', async () => {
    const part = read3mf((await build('print', 'format=3mf&length_mm=80')).bytes);
    expect(watertight(part.positions, part.indices)).toMatchObject({ open: 0, doubled: 0 });
    const b = boundsOf(Float32Array.from(part.positions));
    expect(Math.abs(Math.max(...b.size) - 80)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(b.min[2])).toBeLessThanOrEqual(0.01);
    expect(part.bases).toEqual([]);
  });

  it('3mf colors=3: three filament slots, every triangle painted, more than one slot used', async () => {
    const part = read3mf((await build('print', 'format=3mf&colors=3')).bytes);
    expect(part.bases).toHaveLength(3);
    expect(part.slots).toHaveLength(part.triangles);
    expect(part.slots.every((s) => s >= 0 && s < 3)).toBe(true);
    expect(new Set(part.slots).size).toBeGreaterThan(1);
  });

  it('3mf palette: the slots are the palette in order, and the cat’s fur takes the fur colour', async () => {
    // A fur brown, a pure blue and a pure green: a tabby must come out mostly brown.
    const palette = '#8a7058,#0000ff,#00ff00';
    const part = read3mf(
      (await build('print', `format=3mf&palette=${encodeURIComponent(palette)}`)).bytes,
    );
    expect(part.bases).toEqual(['#8A7058FF', '#0000FFFF', '#00FF00FF']);
    const brown = part.slots.filter((s) => s === 0).length;
    expect(brown / part.slots.length).toBeGreaterThan(0.8);
  });
});

describe('post-processing (service-api.md §4.12–§4.16)', () => {
  it('retopo glb: valid, closed, about `faces` faces (two triangles per quad)', async () => {
    const { bytes, filename } = await build('retopo', 'faces=1000');
    expect(filename).toBe('chelsea-retopo-1000.glb');
    expect((await validateGlb(bytes)).issues.numErrors).toBe(0);
    const retopo = await readMesh(bytes);
    expect(watertight(retopo.positions, retopo.indices)).toMatchObject({ open: 0, doubled: 0 });
    const triangles = retopo.indices.length / 3;
    expect(triangles).toBeGreaterThan(1000);
    expect(triangles).toBeLessThan(2200);
  });

  it('retopo fbx: a zip of a quad-dominant FBX (near `faces` polygons) and its texture', async () => {
    const { bytes, filename } = await build('retopo', 'faces=1000&format=fbx&texture=1024');
    expect(filename).toBe('chelsea-retopo-1000-fbx.zip');
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'chelsea-retopo-1000.fbx',
      'chelsea-retopo-1000_basecolor.png',
    ]);
    const fbx = files['chelsea-retopo-1000.fbx']!;
    const objects = (await readFbx(fbx)).find((n) => n.name === 'Objects')!;
    const pvi = child(child(objects, 'Geometry')!, 'PolygonVertexIndex')!.props[0] as number[];
    const sizes: number[] = [];
    let corners = 0;
    for (const index of pvi) {
      corners++;
      if (index < 0) {
        sizes.push(corners);
        corners = 0;
      }
    }
    const quads = sizes.filter((s) => s === 4).length;
    expect(sizes.every((s) => s === 3 || s === 4)).toBe(true);
    expect(Math.abs(sizes.length - 1000)).toBeLessThanOrEqual(100);
    expect(quads / sizes.length).toBeGreaterThan(0.8);
    const video = child(objects, 'Video')!;
    expect(child(video, 'RelativeFilename')!.props[0]).toBe('chelsea-retopo-1000_basecolor.png');
    const embedded = child(video, 'Content')!.props[0] as Uint8Array;
    expect(Buffer.from(embedded).equals(files['chelsea-retopo-1000_basecolor.png']!)).toBe(true);

    const { group } = loadFbx(fbx);
    const [loaded] = meshesOf(group);
    // three.js triangulates each quad: 2 triangles per quad, 1 per triangle.
    expect(loaded!.geometry.getAttribute('position').count).toBe(
      (quads * 2 + (sizes.length - quads)) * 3,
    );
    expect(loaded!.geometry.getAttribute('uv')).toBeDefined();
  });

  it('retopo symmetry: the surface is its own mirror image across the centre plane', async () => {
    const retopo = await readMesh((await build('retopo', 'faces=800&symmetry=true')).bytes);
    const b = boundsOf(retopo.positions);
    const cx = b.center[0];
    const key = (x: number, y: number, z: number) =>
      `${Math.round(x * 1e5)},${Math.round(y * 1e5)},${Math.round(z * 1e5)}`;
    const points = new Set<string>();
    for (let i = 0; i < retopo.positions.length; i += 3) {
      points.add(key(retopo.positions[i]!, retopo.positions[i + 1]!, retopo.positions[i + 2]!));
    }
    let missing = 0;
    for (let i = 0; i < retopo.positions.length; i += 3) {
      const mirrored = key(
        2 * cx - retopo.positions[i]!,
        retopo.positions[i + 1]!,
        retopo.positions[i + 2]!,
      );
      if (!points.has(mirrored)) missing++;
    }
    expect(missing).toBe(0);
    expect(watertight(retopo.positions, retopo.indices)).toMatchObject({ open: 0, doubled: 0 });
  });

  it('rig humanoid: one skin with a fitted skeleton, clips Idle and Walk among them, valid', async () => {
    const { bytes, version } = await build('rig', 'kind=humanoid');
    expect(version).toMatchObject({ kind: 'rig', triangles: mesh.indices.length / 3 });
    expect((await validateGlb(bytes)).issues.numErrors).toBe(0);
    const root = (await readGlb(bytes)).getRoot();
    const [skin] = root.listSkins();
    const joints = skin!.listJoints().map((j) => j.getName());
    expect(joints).toEqual(
      expect.arrayContaining(['Hips', 'Spine', 'Head', 'LeftUpperLeg', 'RightHand']),
    );
    const clips = root.listAnimations().map((a) => a.getName());
    expect(clips.length).toBeGreaterThanOrEqual(2);
    expect(clips).toEqual(expect.arrayContaining(['Idle', 'Walk']));
    const prim = root.listMeshes()[0]!.listPrimitives()[0]!;
    expect(prim.getAttribute('JOINTS_0')).not.toBeNull();
    expect(prim.getAttribute('WEIGHTS_0')).not.toBeNull();
    // The skeleton spans the model.
    const hips = root
      .listNodes()
      .find((n) => n.getName() === 'Hips')!
      .getWorldTranslation();
    const b = boundsOf(mesh.positions);
    expect(hips[1]).toBeGreaterThan(b.min[1]);
    expect(hips[1]).toBeLessThan(b.max[1]);
  });

  it('rig generic: a skinned chain with at least two clips, valid', async () => {
    const { bytes } = await build('rig', 'kind=generic');
    expect((await validateGlb(bytes)).issues.numErrors).toBe(0);
    const root = (await readGlb(bytes)).getRoot();
    expect(root.listSkins()[0]!.listJoints().length).toBeGreaterThanOrEqual(3);
    expect(root.listAnimations().length).toBeGreaterThanOrEqual(2);
  });

  it('parts: at least three named part nodes that together hold the whole model', async () => {
    const { bytes, version } = await build('parts');
    expect(version?.kind).toBe('parts');
    expect((await validateGlb(bytes)).issues.numErrors).toBe(0);
    const root = (await readGlb(bytes)).getRoot();
    const parts = root.listNodes().filter((n) => n.getMesh());
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const part of parts) {
      expect(part.getName()).toMatch(/^(core|top|bottom|left|right|front|back)(_\d+)?$/);
    }
    expect(new Set(parts.map((p) => p.getName())).size).toBe(parts.length);
    const triangles = parts.reduce(
      (sum, p) => sum + p.getMesh()!.listPrimitives()[0]!.getIndices()!.getCount() / 3,
      0,
    );
    expect(triangles).toBe(mesh.indices.length / 3);
  });

  it('gamepack: per engine, LODs with decreasing triangles, the collider, units, size_m, a manifest', async () => {
    for (const [engine, units, names] of [
      ['unity', 'm', ['chelsea_LOD0', 'chelsea_LOD2', 'chelsea_collider']],
      ['unreal', 'cm', ['SM_chelsea_LOD0', 'SM_chelsea_LOD2', 'UCX_SM_chelsea_00']],
      ['godot', 'cm', ['chelsea_LOD0', 'chelsea_LOD2', 'chelsea-colonly']],
    ] as const) {
      const { bytes } = await build(
        'gamepack',
        `engine=${engine}&lod=detailed&size_m=1.5&units=${units}`,
      );
      const files = unzipSync(bytes);
      const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
        engine: string;
        units: string;
        size_m: number;
        lods: Array<{ name: string; triangles: number }>;
        collider: { name: string; triangles: number } | null;
      };
      expect(manifest).toMatchObject({ engine, units, size_m: 1.5 });
      const counts = manifest.lods.map((l) => l.triangles);
      expect(counts).toHaveLength(3);
      expect(counts[0]!).toBeGreaterThan(counts[1]!);
      expect(counts[1]!).toBeGreaterThan(counts[2]!);
      expect(manifest.collider!.triangles).toBeLessThan(counts[2]!);
      const pack = files['chelsea.glb']!;
      expect((await validateGlb(pack)).issues.numErrors).toBe(0);
      const nodes = (await readGlb(pack))
        .getRoot()
        .listNodes()
        .map((n) => n.getName());
      expect(nodes).toEqual(expect.arrayContaining([...names]));
      expect(nodes).toContain(manifest.collider!.name);
      if (engine === 'godot') {
        expect(files['chelsea.fbx']).toBeUndefined();
        continue;
      }
      // The FBX engines also get an FBX in the asked units, with the same nodes.
      const fbx = files['chelsea.fbx']!;
      const settings = child(
        (await readFbx(fbx)).find((n) => n.name === 'GlobalSettings')!,
        'Properties70',
      )!;
      const unitScale = settings.children.find((p) => p.props[0] === 'UnitScaleFactor')!.props[4];
      expect(unitScale).toBe(units === 'm' ? 100 : 1);
      const { group } = loadFbx(fbx);
      const loaded = meshesOf(group);
      expect(loaded.map((m) => m.userData.originalName).sort()).toEqual(
        [...manifest.lods.map((l) => l.name), manifest.collider!.name].sort(),
      );
      const lod0 = loaded.find((m) => m.userData.originalName === manifest.lods[0]!.name)!;
      expect(lod0.geometry.getAttribute('position').count).toBe(counts[0]! * 3);
      lod0.geometry.computeBoundingBox();
      const box = lod0.geometry.boundingBox!;
      // size_m 1.5 in the file's unit.
      expect(
        Math.max(box.max.x - box.min.x, box.max.y - box.min.y, box.max.z - box.min.z),
      ).toBeCloseTo(units === 'm' ? 1.5 : 150, 1);
      expect(files['chelsea_basecolor.png']).toBeDefined();
    }
    const light = JSON.parse(
      strFromU8(
        unzipSync((await build('gamepack', 'engine=godot&lod=light&collider=off')).bytes)[
          'manifest.json'
        ]!,
      ),
    );
    expect(light.collider).toBeNull();
    expect(light.lods[0].triangles).toBeLessThan(mesh.indices.length / 3);
  });

  it('papercraft: A4 SVG pages that parse, coloured faces, folds, and numbered glue tabs in pairs', async () => {
    const { bytes } = await build('make.papercraft');
    const files = unzipSync(bytes);
    const pages = Object.keys(files).filter((n) => n.endsWith('.svg'));
    expect(pages.length).toBeGreaterThan(0);
    const labels = new Map<string, number>();
    let tabs = 0;
    let faces = 0;
    for (const page of pages) {
      const errors: string[] = [];
      const doc = xmlParser(errors).parseFromString(strFromU8(files[page]!), 'image/svg+xml');
      expect(errors).toEqual([]);
      const svg = doc.documentElement!;
      expect(svg.getAttribute('width')).toBe('210mm');
      expect(svg.getAttribute('height')).toBe('297mm');
      for (const polygon of Array.from(doc.getElementsByTagName('polygon'))) {
        if (polygon.getAttribute('fill') === '#f2f2f2') tabs++;
        else if (polygon.getAttribute('stroke') === 'none') faces++;
      }
      for (const text of Array.from(doc.getElementsByTagName('text'))) {
        const label = text.textContent ?? '';
        if (/^\d+$/.test(label)) labels.set(label, (labels.get(label) ?? 0) + 1);
      }
    }
    expect(tabs).toBeGreaterThan(0);
    expect(faces).toBeGreaterThan(50);
    // Each number is written on its tab and on the edge it glues to.
    expect(labels.size).toBe(tabs);
    expect([...labels.values()].every((count) => count === 2)).toBe(true);
  });
});

describe('determinism', () => {
  afterAll(() => built.clear());

  it('the same request gives the same bytes, for every format', async () => {
    const requests: Array<[string, string]> = [
      ['export', 'format=glb_draco'],
      ['export', 'format=obj'],
      ['export', 'format=fbx'],
      ['export', 'format=usdz'],
      ['export', 'format=stl'],
      ['export', 'format=glb&texture=2048'],
      ['print', 'length_mm=120&hollow=true'],
      ['print', 'format=3mf&colors=3'],
      ['retopo', 'faces=1000&format=fbx&texture=1024'],
      ['retopo', 'faces=800&symmetry=true'],
      ['rig', 'kind=humanoid'],
      ['parts', ''],
      ['gamepack', 'engine=unreal&lod=detailed&size_m=1.5&units=cm'],
      ['make.papercraft', ''],
    ];
    for (const [operation, query] of requests) {
      const first = await build(operation, query);
      const again = await build(operation, query, true);
      expect(
        Buffer.from(again.bytes).equals(Buffer.from(first.bytes)),
        `${operation}?${query}`,
      ).toBe(true);
    }
  });
});
