/**
 * Multi-view generation: the front view drives the shape, a side view the depth, a back view the
 * back texture; and retexture: the same model painted anew from another photo.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readGlb, readMesh, type MeshData } from '../artifacts/mesh';
import { buildArtifact } from '../artifacts';
import { photo, uniformPhoto, validateGlb } from '../testing/test-support';
import {
  generateFromPhoto,
  generateFromViews,
  NoObjectError,
  viewRoles,
  type GenerateOptions,
} from './index';
import { retextureFromPhoto } from './retexture';

vi.setConfig({ testTimeout: 30_000 });

const options: GenerateOptions = {
  polyCount: 10_000,
  remesh: true,
  textureSize: 1024,
  textureFormat: 'png',
  seed: 4,
  name: 'cat',
};

/** A cut-out (transparent background) of a `width` × `height` box in one colour. */
async function cutout(width: number, height: number, colour: string): Promise<Uint8Array> {
  const box = await sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
  return new Uint8Array(
    await sharp({
      create: {
        width: width + 200,
        height: height + 200,
        channels: 4,
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      },
    })
      .composite([{ input: box, left: 100, top: 100 }])
      .png()
      .toBuffer(),
  );
}

const size = (mesh: MeshData) => {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < mesh.positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3]!, mesh.positions[i]!);
    max[i % 3] = Math.max(max[i % 3]!, mesh.positions[i]!);
  }
  return max.map((m, k) => m - min[k]!);
};

/** Mean texture colour over the vertices facing away (normal z < −0.5): the back's paint. */
async function backColour(glb: Uint8Array): Promise<number[]> {
  const mesh = await readMesh(glb);
  const { data, info } = await sharp(mesh.texture!.bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  let n = 0;
  for (let v = 0; v < mesh.positions.length / 3; v++) {
    if (mesh.normals[v * 3 + 2]! > -0.5) continue;
    const x = Math.min(info.width - 1, Math.floor(mesh.uvs[v * 2]! * info.width));
    const y = Math.min(info.height - 1, Math.floor(mesh.uvs[v * 2 + 1]! * info.height));
    for (let k = 0; k < 3; k++) sum[k] = sum[k]! + data[(y * info.width + x) * 3 + k]!;
    n++;
  }
  return sum.map((s) => s / n);
}

/** The one-photo model of the cat (made once, shared by both groups). */
let cat: Promise<Uint8Array> | undefined;
const singleCat = () =>
  (cat ??= generateFromPhoto(photo('chelsea.png'), options).then((m) => m.glb));

describe('multi-view generation', () => {
  let front: Uint8Array;
  let single: Uint8Array;
  beforeAll(async () => {
    front = photo('chelsea.png');
    single = await singleCat();
  });

  it('reads the views by count, front first: side; side, back; side, other side, back', () => {
    expect(viewRoles(1)).toEqual({ sides: [], back: undefined });
    expect(viewRoles(2)).toEqual({ sides: [1], back: undefined });
    expect(viewRoles(3)).toEqual({ sides: [1], back: 2 });
    expect(viewRoles(4)).toEqual({ sides: [1, 2], back: 3 });
  });

  it('a side view sets the depth: depth / height = the side silhouette’s width / height', async () => {
    const flat = await readMesh(single);
    const model = await generateFromViews([front, await cutout(450, 300, '#777777')], options);
    const mesh = await readMesh(model.glb);
    const [x, y, z] = size(mesh);
    expect(z! / y!).toBeCloseTo(1.5, 1);
    // The front view still drives the outline.
    expect(x).toBeCloseTo(size(flat)[0]!, 6);
    expect(y).toBeCloseTo(size(flat)[1]!, 6);
    expect((await validateGlb(model.glb)).issues.numErrors).toBe(0);
  });

  it('four views: the two sides average their depths, the back view paints the back; deterministic', async () => {
    const views = [
      front,
      await cutout(100, 300, '#777777'),
      await cutout(200, 300, '#777777'),
      await cutout(400, 300, '#1030e0'),
    ];
    const model = await generateFromViews(views, options);
    const [, y, z] = size(await readMesh(model.glb));
    expect(z! / y!).toBeCloseTo(0.5, 1);
    const [r, g, b] = await backColour(model.glb);
    expect(b!).toBeGreaterThan(150);
    expect(b!).toBeGreaterThan(r! + 80);
    expect(b!).toBeGreaterThan(g! + 60);
    // Without a back view the back is the invented one (the cat, mirrored and darker).
    const [r1, , b1] = await backColour(single);
    expect(r1!).toBeGreaterThan(b1!);
    const again = await generateFromViews(views, options);
    expect(Buffer.from(again.glb).equals(Buffer.from(model.glb))).toBe(true);
  });

  it('ignores a side or back view with no object in it; the front view must show one', async () => {
    const blank = await uniformPhoto();
    const ignored = await generateFromViews([front, blank, blank], options);
    expect(Buffer.from(ignored.glb).equals(Buffer.from(single))).toBe(true);
    await expect(generateFromViews([blank, front], options)).rejects.toBeInstanceOf(NoObjectError);
  });
});

describe('retexture', () => {
  let parent: Uint8Array;
  /** The cat painted from the coffee photo (WebP), made by the first test, rigged by the next. */
  let painted: Uint8Array;
  beforeAll(async () => {
    parent = await singleCat();
  });

  it('keeps the geometry and UVs to the bit and paints a new texture from the photo', async () => {
    const result = await retextureFromPhoto(parent, photo('coffee.png'), {
      textureSize: 1024,
      textureFormat: 'webp',
      seed: 3,
    });
    expect((await validateGlb(result.glb)).issues.numErrors).toBe(0);
    const before = await readMesh(parent);
    const after = await readMesh(result.glb);
    for (const key of ['positions', 'normals', 'uvs', 'indices'] as const) {
      expect(Buffer.from(after[key].buffer).equals(Buffer.from(before[key].buffer))).toBe(true);
    }
    expect(Buffer.from(after.texture!.bytes).equals(Buffer.from(before.texture!.bytes))).toBe(
      false,
    );
    // The parent's PNG texture became WebP, as asked, with the extension it needs.
    expect(after.texture!.mimeType).toBe('image/webp');
    expect((await readGlb(result.glb)).getRoot().listExtensionsUsed()).toHaveLength(1);
    expect(result.triangles).toBe(before.indices.length / 3);
    expect(await sharp(result.thumbnail).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    // The coffee photo is red-brown where the cat is grey-brown: the paint follows the photo.
    const mean = async (bytes: Uint8Array) =>
      (await sharp(bytes).stats()).channels.map((c) => c.mean);
    const [r0, g0] = await mean(before.texture!.bytes);
    const [r1, g1] = await mean(after.texture!.bytes);
    expect(r1! - g1!).toBeGreaterThan(r0! - g0! + 10);
    const again = await retextureFromPhoto(parent, photo('coffee.png'), {
      textureSize: 1024,
      textureFormat: 'webp',
      seed: 3,
    });
    expect(Buffer.from(again.glb).equals(Buffer.from(result.glb))).toBe(true);
    painted = result.glb;
  });

  it('keeps a rigged version’s skin and clips; PNG drops the WebP extension', async () => {
    const rig = await buildArtifact('rig', {
      glb: painted,
      params: { kind: 'humanoid' },
      slug: 'cat',
    });
    expect((await readGlb(rig.bytes)).getRoot().listExtensionsUsed()).toHaveLength(1);
    const result = await retextureFromPhoto(rig.bytes, photo('coffee.png'), {
      textureSize: 1024,
      textureFormat: 'png',
    });
    expect((await validateGlb(result.glb)).issues.numErrors).toBe(0);
    const root = (await readGlb(result.glb)).getRoot();
    expect(root.listSkins()).toHaveLength(1);
    expect(root.listAnimations().map((a) => a.getName())).toEqual(['Idle', 'Wave', 'Walk']);
    expect(root.listExtensionsUsed()).toHaveLength(0);
    expect(root.listTextures()).toHaveLength(1);
  });

  it('fails with NoObjectError on a photo without an object', async () => {
    await expect(
      retextureFromPhoto(parent, await uniformPhoto(), { textureSize: 1024, textureFormat: 'png' }),
    ).rejects.toBeInstanceOf(NoObjectError);
  });
});
