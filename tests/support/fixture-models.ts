/**
 * Model files for the viewer's e2e tests, made in Node by the sandbox's own builders from the
 * team's real photos: a generated model (photo → textured mesh), its rigged and split versions,
 * a Draco-compressed copy, a second generation to compare with, and a large one (about a million
 * triangles with a 4K texture). Each is built once per test worker.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Document } from '@gltf-transform/core';
import { KHRMaterialsUnlit } from '@gltf-transform/extensions';
import sharp from 'sharp';
import { dracoGlb } from '../../electron/sandbox/artifacts/draco';
import { gltfIO, readMesh, writeGlb } from '../../electron/sandbox/artifacts/mesh';
import { partsGlb } from '../../electron/sandbox/artifacts/parts';
import { rigGlb } from '../../electron/sandbox/artifacts/rig';
import { generateFromPhoto, type GenerateOptions } from '../../electron/sandbox/generate';
import { PHOTOS } from './kiln-page';

/** A GLB to drop on the viewer. */
export interface FixtureModel {
  readonly name: string;
  readonly bytes: Uint8Array;
}

const cache = new Map<string, Promise<FixtureModel>>();

function once(name: string, make: () => Promise<Uint8Array>): Promise<FixtureModel> {
  let model = cache.get(name);
  if (!model) {
    model = make().then((bytes) => ({ name, bytes }));
    cache.set(name, model);
  }
  return model;
}

async function generate(photo: string, options: Partial<GenerateOptions>): Promise<Uint8Array> {
  const bytes = await readFile(path.join(PHOTOS, photo));
  const model = await generateFromPhoto(bytes, {
    polyCount: 20_000,
    remesh: true,
    textureSize: 1024,
    textureFormat: 'webp',
    seed: 7,
    ...options,
  });
  return model.glb;
}

/** A model the sandbox generates from coffee.png (about 20k triangles, 1K WebP texture). */
export function coffeeModel(): Promise<FixtureModel> {
  return once('coffee.glb', () => generate('coffee.png', { name: 'coffee' }));
}

/** A second version of it, coarser and with another seed: something to compare with. */
export function coffeeModelV2(): Promise<FixtureModel> {
  return once('coffee-v2.glb', () =>
    generate('coffee.png', { name: 'coffee-v2', polyCount: 10_000, seed: 99, remesh: false }),
  );
}

/** The coffee model rigged as a humanoid with the sandbox's Idle, Wave and Walk clips. */
export function riggedModel(): Promise<FixtureModel> {
  return once('coffee-rigged.glb', async () => {
    const mesh = await readMesh((await coffeeModel()).bytes);
    return (await rigGlb(mesh, 'humanoid', 'coffee-rigged')).glb;
  });
}

/** The coffee model split into named parts by the sandbox. */
export function splitModel(): Promise<FixtureModel> {
  return once('coffee-parts.glb', async () => {
    const mesh = await readMesh((await coffeeModel()).bytes);
    return (await partsGlb(mesh, 'coffee-parts')).glb;
  });
}

/** The coffee model with Draco-compressed geometry (decoded by the viewer's shipped decoder). */
export function dracoModel(): Promise<FixtureModel> {
  return once('coffee-draco.glb', async () => dracoGlb((await coffeeModel()).bytes));
}

/** About a million triangles with a 4096² PNG texture. */
export function largeModel(): Promise<FixtureModel> {
  return once('coffee-large.glb', () =>
    generate('coffee.png', {
      name: 'coffee-large',
      polyCount: 1_000_000,
      textureSize: 4096,
      textureFormat: 'png',
    }),
  );
}

/**
 * The coffee model as a `.gltf` with its buffer and texture in separate files, as DCC tools
 * export it: dropping all three together must open it.
 */
export async function coffeeGltfFiles(): Promise<FixtureModel[]> {
  const io = await gltfIO();
  const doc = await io.readBinary((await coffeeModel()).bytes);
  doc
    .getRoot()
    .listBuffers()
    .forEach((b) => b.setURI('coffee.bin'));
  doc
    .getRoot()
    .listTextures()
    .forEach((t, i) =>
      t.setURI(`coffee-texture-${i}.${t.getMimeType() === 'image/png' ? 'png' : 'webp'}`),
    );
  const { json, resources } = await io.writeJSON(doc);
  return [
    { name: 'coffee.gltf', bytes: new TextEncoder().encode(JSON.stringify(json)) },
    ...Object.entries(resources).map(([name, bytes]) => ({ name, bytes })),
  ];
}

/** The colours of {@link bandsModel}'s texture, top band first, as sRGB bytes. */
const BANDS: ReadonlyArray<readonly [number, number, number]> = [
  [255, 0, 0],
  [0, 255, 0],
  [0, 0, 255],
  [255, 255, 0],
];

/** The side of {@link bandsModel}'s square picture, in pixels. */
export const BANDS_SIDE = 1024;

/**
 * The first row of each band: 200 rows for the first, 256 for the others, so no band but the
 * first starts where a strip of the viewer's texture upload does.
 */
export const BAND_STARTS = [0, 200, 456, 712] as const;

/**
 * A square facing the front (+Z), unlit, textured with a {@link BANDS_SIDE}² PNG of four
 * horizontal bands (red, green, blue, yellow, from {@link BAND_STARTS}): what each row of a
 * texture reaches the GPU as.
 */
export function bandsModel(): Promise<FixtureModel> {
  return once('bands.glb', async () => {
    const size = BANDS_SIDE;
    const pixels = Buffer.alloc(size * size * 3);
    for (let y = 0; y < size; y++) {
      const band = BANDS[BAND_STARTS.findLastIndex((start) => y >= start)]!;
      for (let x = 0; x < size; x++) pixels.set(band, (y * size + x) * 3);
    }
    const png = await sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
      .png()
      .toBuffer();
    const doc = new Document();
    const buffer = doc.createBuffer();
    // glTF's texture coordinates start at the image's top-left: v = 0 is its first row.
    const position = doc
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0]))
      .setBuffer(buffer);
    const uv = doc
      .createAccessor()
      .setType('VEC2')
      .setArray(new Float32Array([0, 1, 1, 1, 1, 0, 0, 0]))
      .setBuffer(buffer);
    const indices = doc
      .createAccessor()
      .setType('SCALAR')
      .setArray(new Uint16Array([0, 1, 2, 0, 2, 3]))
      .setBuffer(buffer);
    const texture = doc
      .createTexture('bands')
      .setImage(new Uint8Array(png))
      .setMimeType('image/png');
    const unlit = doc.createExtension(KHRMaterialsUnlit);
    const material = doc
      .createMaterial('bands')
      .setBaseColorTexture(texture)
      .setDoubleSided(true)
      .setExtension('KHR_materials_unlit', unlit.createUnlit());
    const primitive = doc
      .createPrimitive()
      .setAttribute('POSITION', position)
      .setAttribute('TEXCOORD_0', uv)
      .setIndices(indices)
      .setMaterial(material);
    const mesh = doc.createMesh('bands').addPrimitive(primitive);
    doc.createScene('bands').addChild(doc.createNode('bands').setMesh(mesh));
    return writeGlb(doc);
  });
}
