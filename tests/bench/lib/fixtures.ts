/**
 * Bench fixtures, made in Node once and cached in `os.tmpdir()/kiln-bench-fixtures`:
 *
 * - **Procedural models** with glTF-Transform: a bumpy closed sphere of an exact triangle count
 *   (70k / 250k / 1M; `--quick`: 20k / 70k / 250k), textured with a real photo (coffee.png,
 *   CC0) scaled to 1K / 2K / 4K and encoded as WebP or PNG, in three variants: raw, Draco
 *   (edgebreaker, draco3dgltf) and meshopt (reorder + quantize + EXT_meshopt_compression).
 * - **Sandbox models** with the sandbox's own generator (photo → textured mesh), its auto-rig
 *   (humanoid skin with Idle/Wave/Walk clips).
 * - **A 20 MB photo** (coffee.png upscaled, stored as a lightly compressed PNG) for uploads.
 *
 * A fixture's file name encodes every parameter plus {@link FIXTURE_VERSION}, so a change of
 * recipe makes new files rather than reusing stale ones.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Document, Logger, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { meshopt, quantize, reorder } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';
import { dracoGlb } from '../../../electron/sandbox/artifacts/draco';
import {
  addMeshToDocument,
  readMesh,
  vertexNormals,
  writeGlb,
  type MeshData,
} from '../../../electron/sandbox/artifacts/mesh';
import { rigGlb } from '../../../electron/sandbox/artifacts/rig';
import { generateFromPhoto } from '../../../electron/sandbox/generate';

/** Bump when a recipe changes. */
export const FIXTURE_VERSION = 1;

/** Where fixtures are cached between runs. */
export const FIXTURE_DIR = path.join(os.tmpdir(), 'kiln-bench-fixtures');

/** The team's real photos (CC0). */
export const PHOTOS = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'photos');

/** A file on disk, ready to serve. */
export interface Fixture {
  /** File name inside {@link FIXTURE_DIR}. */
  readonly name: string;
  readonly path: string;
  readonly bytes: number;
  /** sha256 of the content (the host's cache serves files by this name). */
  readonly sha256: string;
  /** Triangles, for models. */
  readonly triangles?: number;
}

export type TextureFormat = 'webp' | 'png';
export type Compression = 'raw' | 'draco' | 'meshopt';

/** A procedural model's recipe. */
export interface ModelSpec {
  readonly triangles: number;
  readonly texture: 1024 | 2048 | 4096;
  readonly format: TextureFormat;
  readonly compression: Compression;
}

const pending = new Map<string, Promise<Fixture>>();

async function describe(file: string, triangles?: number): Promise<Fixture> {
  const bytes = await readFile(file);
  return {
    name: path.basename(file),
    path: file,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    ...(triangles !== undefined ? { triangles } : {}),
  };
}

/** Makes `name` with `make` unless it is cached; concurrent asks share one build. */
function cached(
  name: string,
  make: () => Promise<Uint8Array>,
  triangles?: number,
): Promise<Fixture> {
  let job = pending.get(name);
  if (!job) {
    job = (async () => {
      await mkdir(FIXTURE_DIR, { recursive: true });
      const file = path.join(FIXTURE_DIR, name);
      const exists = await stat(file).then(
        (s) => s.size > 0,
        () => false,
      );
      if (!exists) {
        const started = performance.now();
        const bytes = await make();
        const temp = `${file}.${process.pid}.tmp`;
        await writeFile(temp, bytes);
        await rename(temp, file);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.error(
          `  fixture ${name} (${(bytes.length / 1e6).toFixed(1)} MB) made in ${seconds} s`,
        );
      }
      return describe(file, triangles);
    })();
    pending.set(name, job);
  }
  return job;
}

/** The photo, read once. */
function photo(name: string): Promise<Buffer> {
  return readFile(path.join(PHOTOS, name));
}

/** coffee.png scaled (cover) to a square texture, encoded as asked. */
async function photoTexture(size: number, format: TextureFormat): Promise<Uint8Array> {
  const image = sharp(await photo('coffee.png')).resize(size, size, { fit: 'cover' });
  return format === 'webp'
    ? image.webp({ quality: 88 }).toBuffer()
    : image.png({ compressionLevel: 6 }).toBuffer();
}

/**
 * A closed, bumpy UV sphere with exactly `triangles` triangles (rounded to a multiple of 4):
 * rings × segments quads, segments = 2 × rings. The bumps keep it from being trivially smooth,
 * the UVs map the photo once around.
 */
export function bumpySphere(triangles: number): Omit<MeshData, 'texture' | 'baseColor'> {
  const rings = Math.max(4, Math.round(Math.sqrt(triangles / 4)));
  const segments = rings * 2;
  const columns = segments + 1;
  const vertexCount = (rings + 1) * columns;
  const positions = new Float32Array(vertexCount * 3);
  const uvs = new Float32Array(vertexCount * 2);
  for (let r = 0; r <= rings; r++) {
    const v = r / rings;
    const theta = v * Math.PI;
    for (let s = 0; s <= segments; s++) {
      const u = s / segments;
      const phi = u * Math.PI * 2;
      // Seam vertices repeat the first column exactly, so the surface stays closed.
      const bump =
        1 + 0.06 * Math.sin(phi * 7) * Math.sin(theta * 5) + 0.02 * Math.sin(phi * 31 + theta * 17);
      const radius = r === 0 || r === rings ? 1 : bump;
      const i = r * columns + s;
      positions[i * 3] = radius * Math.sin(theta) * Math.cos(phi);
      positions[i * 3 + 1] = radius * Math.cos(theta);
      positions[i * 3 + 2] = -radius * Math.sin(theta) * Math.sin(phi);
      uvs[i * 2] = u;
      uvs[i * 2 + 1] = v;
    }
  }
  const indices = new Uint32Array(rings * segments * 6);
  let k = 0;
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * columns + s;
      const b = a + columns;
      indices.set([a, b, a + 1, a + 1, b, b + 1], k);
      k += 6;
    }
  }
  return { positions, normals: vertexNormals(positions, indices), uvs, indices };
}

/** File-name stem of a procedural model. */
export function modelName(spec: ModelSpec): string {
  const k =
    spec.triangles >= 1e6 ? `${spec.triangles / 1e6}m` : `${Math.round(spec.triangles / 1e3)}k`;
  return `sphere-${k}-${spec.texture / 1024}k-${spec.format}-${spec.compression}-v${FIXTURE_VERSION}.glb`;
}

let meshoptIO: Promise<NodeIO> | undefined;

/** Meshopt-compressed copy of a GLB (reorder, quantize, EXT_meshopt_compression). */
async function meshoptGlb(glb: Uint8Array): Promise<Uint8Array> {
  meshoptIO ??= (async () => {
    await MeshoptEncoder.ready;
    return new NodeIO()
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
  })();
  const io = await meshoptIO;
  const doc = await io.readBinary(glb);
  doc.setLogger(new Logger(Logger.Verbosity.ERROR));
  await doc.transform(
    reorder({ encoder: MeshoptEncoder }),
    quantize(),
    meshopt({ encoder: MeshoptEncoder, level: 'medium' }),
  );
  return io.writeBinary(doc);
}

/** A procedural model as specified. */
export function proceduralModel(spec: ModelSpec): Promise<Fixture> {
  const name = modelName(spec);
  return cached(
    name,
    async () => {
      if (spec.compression !== 'raw') {
        const raw = await proceduralModel({ ...spec, compression: 'raw' });
        const bytes = await readFile(raw.path);
        return spec.compression === 'draco' ? dracoGlb(bytes) : meshoptGlb(bytes);
      }
      const mesh: MeshData = {
        ...bumpySphere(spec.triangles),
        baseColor: [1, 1, 1, 1],
        texture: {
          bytes: await photoTexture(spec.texture, spec.format),
          mimeType: `image/${spec.format}`,
        },
      };
      const doc = new Document();
      doc.createScene('scene').addChild(addMeshToDocument(doc, mesh, { name: 'sphere' }));
      return writeGlb(doc);
    },
    Math.round(Math.sqrt(spec.triangles / 4)) ** 2 * 4,
  );
}

/** A model made by the sandbox's generator from a real photo. */
export function sandboxModel(
  photoName: 'coffee.png' | 'chelsea.png',
  polyCount: number,
  textureSize: 1024 | 2048 | 4096,
): Promise<Fixture> {
  const stem = photoName.replace(/\.png$/, '');
  const name = `sandbox-${stem}-${Math.round(polyCount / 1e3)}k-${textureSize / 1024}k-v${FIXTURE_VERSION}.glb`;
  return cached(name, async () => {
    const model = await generateFromPhoto(await photo(photoName), {
      polyCount,
      remesh: true,
      textureSize,
      textureFormat: 'webp',
      seed: 7,
      name: stem,
    });
    return model.glb;
  });
}

/** The sandbox's humanoid auto-rig (skin + Idle/Wave/Walk clips) of a sandbox model. */
export function riggedModel(polyCount: number): Promise<Fixture> {
  const name = `sandbox-coffee-${Math.round(polyCount / 1e3)}k-rigged-v${FIXTURE_VERSION}.glb`;
  return cached(name, async () => {
    const source = await sandboxModel('coffee.png', polyCount, 1024);
    const mesh = await readMesh(await readFile(source.path));
    return (await rigGlb(mesh, 'humanoid', 'coffee-rigged')).glb;
  });
}

/** One of the team's photos as it is (no copy: described in place). */
export function sharedPhoto(name: 'coffee.png' | 'chelsea.png'): Promise<Fixture> {
  return describe(path.join(PHOTOS, name));
}

/** A real photo of just under `megabytes` MB (coffee.png upscaled, PNG). */
export function bigPhoto(megabytes = 19.5): Promise<Fixture> {
  const target = megabytes * 1024 * 1024;
  const name = `photo-coffee-${megabytes}mb-v${FIXTURE_VERSION}.png`;
  return cached(name, async () => {
    const source = await photo('coffee.png');
    // A PNG stored without compression is ~3 bytes a pixel: size the image to land under target.
    let width = Math.floor(Math.sqrt((target / 3) * 1.5));
    for (;;) {
      const height = Math.round(width / 1.5);
      const png = await sharp(source)
        .resize(width, height, { kernel: 'lanczos3' })
        .png({ compressionLevel: 0 })
        .toBuffer();
      if (png.length <= target) return png;
      width = Math.floor(width * Math.sqrt(target / png.length) * 0.995);
    }
  });
}

/** The fixture sizes of a run: full, or `--quick`. */
export function modelSizes(quick: boolean): {
  small: Pick<ModelSpec, 'triangles' | 'texture'>;
  medium: Pick<ModelSpec, 'triangles' | 'texture'>;
  large: Pick<ModelSpec, 'triangles' | 'texture'>;
} {
  return quick
    ? {
        small: { triangles: 20_000, texture: 1024 },
        medium: { triangles: 70_000, texture: 1024 },
        large: { triangles: 250_000, texture: 2048 },
      }
    : {
        small: { triangles: 70_000, texture: 1024 },
        medium: { triangles: 250_000, texture: 2048 },
        large: { triangles: 1_000_000, texture: 4096 },
      };
}
