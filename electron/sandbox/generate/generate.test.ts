import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { NodeIO, type Document } from '@gltf-transform/core';
import { EXTTextureWebP } from '@gltf-transform/extensions';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { decodePhoto } from './decode';
import {
  generateFromPhoto,
  NoObjectError,
  type GenerateOptions,
  type GeneratedModel,
} from './index';
import { segment } from '../../../shared/segmentation/segment';

/** The Khronos glTF validator ships without types; this is the part the tests use. */
interface ValidationReport {
  issues: {
    numErrors: number;
    numWarnings: number;
    messages: Array<{ code: string; message: string; severity: number; pointer?: string }>;
  };
}
const validator = createRequire(import.meta.url)('gltf-validator') as {
  validateBytes(data: Uint8Array, options?: { maxIssues?: number }): Promise<ValidationReport>;
};

// A generation is a few hundred milliseconds warm, but the first ones compile the hot loops.
vi.setConfig({ testTimeout: 20_000 });

const photos = path.resolve(import.meta.dirname, '../../../../shared/photos');
const io = new NodeIO().registerExtensions([EXTTextureWebP]);

const small: GenerateOptions = {
  polyCount: 20_000,
  remesh: true,
  textureSize: 1024,
  textureFormat: 'webp',
  seed: 1,
};

interface MeshData {
  doc: Document;
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  indices: Uint32Array;
}

async function readModel(glb: Uint8Array): Promise<MeshData> {
  const doc = await io.readBinary(glb);
  const meshes = doc.getRoot().listMeshes();
  expect(meshes).toHaveLength(1);
  const primitives = meshes[0].listPrimitives();
  expect(primitives).toHaveLength(1);
  const prim = primitives[0];
  const array = (semantic: string): Float32Array => {
    const accessor = prim.getAttribute(semantic);
    if (!accessor) throw new Error(`missing ${semantic}`);
    return accessor.getArray() as Float32Array;
  };
  const indexArray = prim.getIndices()?.getArray();
  if (!indexArray) throw new Error('missing indices');
  return {
    doc,
    positions: array('POSITION'),
    normals: array('NORMAL'),
    uvs: array('TEXCOORD_0'),
    indices: Uint32Array.from(indexArray),
  };
}

/**
 * Welds vertices by exact position and counts how many triangles use each undirected edge, and
 * whether each directed edge occurs once (consistent winding).
 */
function edgeUse(positions: Float32Array, indices: Uint32Array) {
  const ids = new Map<string, number>();
  const weld = new Uint32Array(positions.length / 3);
  for (let v = 0; v < weld.length; v++) {
    const key = `${positions[v * 3]},${positions[v * 3 + 1]},${positions[v * 3 + 2]}`;
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    weld[v] = id;
  }
  const undirected = new Map<number, number>();
  const directed = new Map<number, number>();
  const n = ids.size;
  for (let t = 0; t < indices.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = weld[indices[t + k]];
      const b = weld[indices[t + ((k + 1) % 3)]];
      const key = Math.min(a, b) * n + Math.max(a, b);
      undirected.set(key, (undirected.get(key) ?? 0) + 1);
      directed.set(a * n + b, (directed.get(a * n + b) ?? 0) + 1);
    }
  }
  return {
    counts: [...undirected.values()],
    maxDirected: Math.max(...directed.values()),
    degenerate: countDegenerate(weld, indices),
  };
}

function countDegenerate(weld: Uint32Array, indices: Uint32Array): number {
  let count = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = weld[indices[t]];
    const b = weld[indices[t + 1]];
    const c = weld[indices[t + 2]];
    if (a === b || b === c || a === c) count++;
  }
  return count;
}

function bounds(positions: Float32Array) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  return { min, max, size: max.map((m, k) => m - min[k]) };
}

async function expectValid(glb: Uint8Array): Promise<void> {
  const report = await validator.validateBytes(glb, { maxIssues: 20 });
  const errors = report.issues.messages.filter((m) => m.severity === 0);
  expect(errors, JSON.stringify(errors)).toEqual([]);
  expect(report.issues.numErrors).toBe(0);
}

/** Every front triangle (+Z normal) must wind counter-clockwise seen from +Z, i.e. face out. */
function foldedTriangles(mesh: MeshData): number {
  const { positions: p, indices } = mesh;
  let folded = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
    const ux = p[b * 3] - p[a * 3];
    const uy = p[b * 3 + 1] - p[a * 3 + 1];
    const uz = p[b * 3 + 2] - p[a * 3 + 2];
    const vx = p[c * 3] - p[a * 3];
    const vy = p[c * 3 + 1] - p[a * 3 + 1];
    const vz = p[c * 3 + 2] - p[a * 3 + 2];
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    // Face normal must agree with the (outward) vertex normals it was shaded with.
    const vn =
      (mesh.normals[a * 3] + mesh.normals[b * 3] + mesh.normals[c * 3]) * nx +
      (mesh.normals[a * 3 + 1] + mesh.normals[b * 3 + 1] + mesh.normals[c * 3 + 1]) * ny +
      (mesh.normals[a * 3 + 2] + mesh.normals[b * 3 + 2] + mesh.normals[c * 3 + 2]) * nz;
    if (vn < 0) folded++;
  }
  return folded;
}

const cache = new Map<string, Promise<GeneratedModel>>();
function generateCached(photo: Uint8Array, key: string, options: GenerateOptions) {
  const id = `${key}:${JSON.stringify(options)}`;
  let result = cache.get(id);
  if (!result) cache.set(id, (result = generateFromPhoto(photo, options)));
  return result;
}

let coffee: Uint8Array;
let chelsea: Uint8Array;
beforeAll(async () => {
  coffee = await readFile(path.join(photos, 'coffee.png'));
  chelsea = await readFile(path.join(photos, 'chelsea.png'));
});

describe.each([
  ['coffee', () => coffee],
  ['chelsea', () => chelsea],
])('generateFromPhoto(%s.png)', (name, photo) => {
  it('writes a valid, closed, outward-facing, centred, Y-up model of plausible size', async () => {
    const model = await generateCached(photo(), name, small);
    await expectValid(model.glb);
    const mesh = await readModel(model.glb);

    expect(model.triangles).toBe(mesh.indices.length / 3);
    expect(model.vertices).toBe(mesh.positions.length / 3);
    expect(Math.abs(model.triangles - 20_000)).toBeLessThanOrEqual(2_000);

    const edges = edgeUse(mesh.positions, mesh.indices);
    expect(edges.counts.every((c) => c === 2)).toBe(true);
    expect(edges.maxDirected).toBe(1);
    expect(edges.degenerate).toBe(0);
    expect(foldedTriangles(mesh)).toBe(0);

    const box = bounds(mesh.positions);
    for (let k = 0; k < 3; k++) {
      expect(Math.abs(box.min[k] + box.max[k]) / 2).toBeLessThan(1e-4);
    }
    const longest = Math.max(...box.size);
    expect(longest).toBeGreaterThanOrEqual(0.2);
    expect(longest).toBeLessThanOrEqual(0.4);
    // A photo is wider and taller than it is deep: the depth is the inflation.
    expect(box.size[2]).toBeLessThan(Math.min(box.size[0], box.size[1]));
    expect(box.size[2]).toBeGreaterThan(0.1 * longest);
    expect(model.size.x).toBeCloseTo(box.size[0], 5);
    expect(model.size.y).toBeCloseTo(box.size[1], 5);
    expect(model.size.z).toBeCloseTo(box.size[2], 5);

    // Front faces +Z: the vertex at the top of the bulge has a normal pointing at the camera.
    let top = 0;
    for (let v = 0; v < mesh.positions.length / 3; v++) {
      if (mesh.positions[v * 3 + 2] > mesh.positions[top * 3 + 2]) top = v;
    }
    expect(mesh.normals[top * 3 + 2]).toBeGreaterThan(0.9);

    const root = mesh.doc.getRoot();
    expect(root.getDefaultScene()?.getName()).toBe('Model');
    const material = root.listMaterials()[0];
    expect(material.getMetallicFactor()).toBe(0);
    expect(material.getRoughnessFactor()).toBeGreaterThan(0.6);
    expect(material.getRoughnessFactor()).toBeLessThan(0.8);
    for (let i = 0; i < mesh.uvs.length; i++) {
      expect(mesh.uvs[i]).toBeGreaterThanOrEqual(0);
      expect(mesh.uvs[i]).toBeLessThanOrEqual(1);
    }
  });

  it('makes a 256x256 WebP thumbnail of the object on a dark background', async () => {
    const model = await generateCached(photo(), name, small);
    const meta = await sharp(model.thumbnail).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([256, 256]);
    const { data, info } = await sharp(model.thumbnail).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const o = (y * info.width + x) * info.channels;
      return [data[o], data[o + 1], data[o + 2]];
    };
    // Corners are the backdrop, the centre is the (brighter) object.
    for (const [x, y] of [
      [2, 2],
      [253, 2],
      [2, 253],
      [253, 253],
    ]) {
      const [r, g, b] = pixel(x, y);
      expect(Math.abs(r - 0x1d) + Math.abs(g - 0x1f) + Math.abs(b - 0x24)).toBeLessThan(12);
    }
    // The middle of the picture is the object: mostly unlike the backdrop.
    let object = 0;
    for (let y = 96; y < 160; y++) {
      for (let x = 96; x < 160; x++) {
        const [r, g, b] = pixel(x, y);
        if (Math.abs(r - 0x1d) + Math.abs(g - 0x1f) + Math.abs(b - 0x24) > 30) object++;
      }
    }
    expect(object / (64 * 64)).toBeGreaterThan(0.9);
  });
});

describe('segmentation of the test photos', () => {
  it.each([
    ['coffee', 0.3, 0.7],
    ['chelsea', 0.2, 0.8],
  ])('%s: the object covers a sensible share and the middle of the photo', async (name, lo, hi) => {
    const decoded = await decodePhoto(await readFile(path.join(photos, `${name}.png`)), 1024);
    const seg = segment(decoded.analysis, decoded.hasAlpha);
    expect(seg.source).toBe('colour');
    expect(seg.areaFraction).toBeGreaterThan(lo);
    expect(seg.areaFraction).toBeLessThan(hi);
    const { width, height, mask } = seg;
    const at = (fx: number, fy: number) =>
      mask[Math.floor(fy * height) * width + Math.floor(fx * width)];
    expect(at(0.5, 0.5)).toBe(1);
    // The table / the room behind the cat are background.
    for (const [fx, fy] of [
      [0.02, 0.02],
      [0.98, 0.02],
      [0.98, 0.5],
    ]) {
      expect(at(fx, fy)).toBe(0);
    }
  });

  it('coffee: the cup and the saucer rim are object, the table beside it is not', async () => {
    const decoded = await decodePhoto(await readFile(path.join(photos, 'coffee.png')), 1024);
    const { mask, width, height } = segment(decoded.analysis, false);
    // Positions read off the 600x400 photo: cup rim, handle, saucer left/right rims, table.
    const at = (x: number, y: number) =>
      mask[Math.floor((y / 400) * height) * width + Math.floor((x / 600) * width)];
    expect(at(290, 40)).toBe(1);
    expect(at(225, 270)).toBe(1);
    expect(at(110, 250)).toBe(1);
    expect(at(460, 250)).toBe(1);
    expect(at(560, 250)).toBe(0);
    expect(at(30, 330)).toBe(0);
  });
});

describe('generateFromPhoto options', () => {
  it.each([10_000, 100_000, 250_000])(
    'hits a %i triangle target within 10 %, still closed',
    async (polyCount) => {
      for (const [key, photo] of [
        ['coffee', coffee],
        ['chelsea', chelsea],
      ] as const) {
        const model = await generateCached(photo, key, { ...small, polyCount });
        expect(Math.abs(model.triangles - polyCount) / polyCount).toBeLessThanOrEqual(0.1);
        if (polyCount === 10_000) {
          const mesh = await readModel(model.glb);
          expect(edgeUse(mesh.positions, mesh.indices).counts.every((c) => c === 2)).toBe(true);
        }
        if (polyCount === 250_000) {
          // Over 65535 vertices: 32-bit indices, which must validate too.
          expect(model.vertices).toBeGreaterThan(65_535);
          const json = glbJson(model.glb);
          const indices = json.accessors[json.meshes[0].primitives[0].indices];
          expect(indices.componentType).toBe(5125);
          await expectValid(model.glb);
        }
      }
    },
    30_000,
  );

  it('without remesh keeps the raw grid and is still closed and valid', async () => {
    const model = await generateFromPhoto(chelsea, { ...small, remesh: false });
    await expectValid(model.glb);
    const mesh = await readModel(model.glb);
    const edges = edgeUse(mesh.positions, mesh.indices);
    expect(edges.counts.every((c) => c === 2)).toBe(true);
    expect(foldedTriangles(mesh)).toBe(0);
    expect(Math.abs(model.triangles - 20_000)).toBeLessThanOrEqual(2_000);
  });

  it('embeds a PNG texture of textureSize when asked, without the WebP extension', async () => {
    const model = await generateFromPhoto(coffee, { ...small, textureFormat: 'png' });
    await expectValid(model.glb);
    const { doc } = await readModel(model.glb);
    const textures = doc.getRoot().listTextures();
    expect(textures).toHaveLength(1);
    expect(textures[0].getMimeType()).toBe('image/png');
    const meta = await sharp(textures[0].getImage() as Uint8Array).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);
    expect(doc.getRoot().listExtensionsUsed()).toHaveLength(0);
  });

  it('embeds a WebP texture of textureSize with EXT_texture_webp marked required', async () => {
    const model = await generateFromPhoto(coffee, { ...small, textureSize: 2048 });
    await expectValid(model.glb);
    const { doc } = await readModel(model.glb);
    const texture = doc.getRoot().listTextures()[0];
    expect(texture.getMimeType()).toBe('image/webp');
    const meta = await sharp(texture.getImage() as Uint8Array).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 2048, 2048]);
    const json = glbJson(model.glb);
    expect(json.extensionsUsed).toEqual(['EXT_texture_webp']);
    expect(json.extensionsRequired).toEqual(['EXT_texture_webp']);
  });

  it('stores the model name in the asset, scene, node and mesh', async () => {
    const model = await generateFromPhoto(chelsea, {
      ...small,
      polyCount: 10_000,
      name: 'Chelsea',
    });
    const json = glbJson(model.glb);
    expect(json.asset.extras).toEqual({ name: 'Chelsea' });
    expect(json.scenes[0].name).toBe('Chelsea');
    expect(json.nodes[0].name).toBe('Chelsea');
    expect(json.meshes[0].name).toBe('Chelsea');
  });

  it('is deterministic per seed and varies with it', async () => {
    const options = { ...small, polyCount: 10_000, seed: 42 };
    const a = await generateFromPhoto(chelsea, options);
    const b = await generateFromPhoto(chelsea, options);
    expect(Buffer.from(a.glb).equals(Buffer.from(b.glb))).toBe(true);
    expect(Buffer.from(a.thumbnail).equals(Buffer.from(b.thumbnail))).toBe(true);
    const c = await generateFromPhoto(chelsea, { ...options, seed: 43 });
    expect(Buffer.from(a.glb).equals(Buffer.from(c.glb))).toBe(false);
    expect(c.size).not.toEqual(a.size);
  });

  it('rejects options outside the documented ranges', async () => {
    await expect(generateFromPhoto(coffee, { ...small, polyCount: 9_999 })).rejects.toThrow(
      RangeError,
    );
    await expect(
      generateFromPhoto(coffee, { ...small, textureSize: 512 as GenerateOptions['textureSize'] }),
    ).rejects.toThrow(RangeError);
  });

  it('rejects bytes that are not an image', async () => {
    await expect(generateFromPhoto(new TextEncoder().encode('not a photo'), small)).rejects.toThrow(
      /could not be decoded/,
    );
  });
});

describe('photos without a clear object, and cut-outs', () => {
  it('throws NoObjectError for a uniform grey image', async () => {
    const grey = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 128, g: 128, b: 128 } },
    })
      .png()
      .toBuffer();
    await expect(generateFromPhoto(grey, small)).rejects.toBeInstanceOf(NoObjectError);
    await expect(generateFromPhoto(grey, small)).rejects.toThrow(
      'No distinguishable object in the photo',
    );
  });

  it('throws NoObjectError for a noisy but featureless image', async () => {
    const noise = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: { r: 90, g: 120, b: 60 },
        noise: { type: 'gaussian', mean: 0, sigma: 4 },
      },
    })
      .jpeg()
      .toBuffer();
    await expect(generateFromPhoto(noise, small)).rejects.toBeInstanceOf(NoObjectError);
  });

  it('follows the alpha channel of a cut-out PNG (a disc gives a round model)', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
      <rect x="0" y="0" width="600" height="400" fill="#2a6" fill-opacity="0"/>
      <circle cx="330" cy="190" r="120" fill="#c33"/>
      <rect x="300" y="150" width="60" height="20" fill="#fff"/></svg>`;
    const disc = await sharp(Buffer.from(svg)).png().toBuffer();
    expect((await sharp(disc).metadata()).hasAlpha).toBe(true);

    const decoded = await decodePhoto(disc, 1024);
    expect(decoded.hasAlpha).toBe(true);
    const seg = segment(decoded.analysis, decoded.hasAlpha);
    expect(seg.source).toBe('alpha');
    const area = Math.PI * 120 * 120;
    expect(seg.areaFraction).toBeCloseTo(area / (600 * 400), 1);

    const model = await generateFromPhoto(disc, small);
    expect(model.size.x / model.size.y).toBeGreaterThan(0.95);
    expect(model.size.x / model.size.y).toBeLessThan(1.05);
    // A white bar inside the disc is not a hole: the alpha, not the colour, is the mask.
    const mesh = await readModel(model.glb);
    expect(edgeUse(mesh.positions, mesh.indices).counts.every((c) => c === 2)).toBe(true);
  });

  it('finds a product on a plain studio backdrop, off centre', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#f2f2f0"/><stop offset="1" stop-color="#d8d8d4"/></linearGradient></defs>
      <rect width="640" height="480" fill="url(#g)"/>
      <rect x="250" y="110" width="110" height="230" rx="30" fill="#1f4fa8"/>
      <rect x="270" y="80" width="70" height="40" fill="#333"/></svg>`;
    const product = await sharp(Buffer.from(svg)).flatten().jpeg({ quality: 92 }).toBuffer();
    const decoded = await decodePhoto(product, 1024);
    const seg = segment(decoded.analysis, decoded.hasAlpha);
    const expected = (110 * 230 + 70 * 30) / (640 * 480);
    expect(seg.areaFraction).toBeGreaterThan(expected * 0.85);
    expect(seg.areaFraction).toBeLessThan(expected * 1.15);
    const model = await generateFromPhoto(product, small);
    // Bottle-shaped: taller than wide.
    expect(model.size.y / model.size.x).toBeGreaterThan(2);
  });
});

/** The JSON chunk of a GLB. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function glbJson(glb: Uint8Array): any {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const length = view.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
}
