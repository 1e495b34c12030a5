/**
 * "Compatible GLB": the same model in a form every glTF importer reads. The service's default GLB
 * carries WebP textures behind a *required* `EXT_texture_webp` with no fallback, which Blender
 * before 4.x and many engines' importers refuse. This rewrites such a file locally, without a
 * round trip to the service: WebP (and AVIF) textures become PNG or JPEG, the extension goes,
 * and everything else (materials, UVs, skins, animation clips, node tree) is carried over by
 * glTF-Transform untouched.
 *
 * Optional: Draco or meshopt geometry compression, and texture downsizing to a longest edge or
 * until the file fits a size budget.
 *
 * Runs in a worker thread in the app (see `converter.ts`): Draco encoding and image re-encoding
 * of a large model take seconds of CPU.
 *
 * @example
 * ```ts
 * const { glb, report } = await toCompatibleGlb(await readFile('cup.glb'), { compression: 'none' });
 * ```
 */
import { createRequire } from 'node:module';
import { NodeIO, type Document, type Texture } from '@gltf-transform/core';
import {
  ALL_EXTENSIONS,
  EXTMeshoptCompression,
  EXTTextureAVIF,
  EXTTextureWebP,
  KHRDracoMeshCompression,
  KHRTextureBasisu,
} from '@gltf-transform/extensions';
import { compressTexture, draco, listTextureSlots, meshopt } from '@gltf-transform/functions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';
import type { GLB_COMPRESSIONS } from '../../../shared/ipc/limits';

/** Geometry compression of the output (`shared/ipc/limits`'s `GLB_COMPRESSIONS`). */
export type Compression = (typeof GLB_COMPRESSIONS)[number];

/**
 * Told how far a conversion is, 0–1, as it goes: reading, each texture, compression, writing
 * (and each halving for a size budget).
 */
export type ConvertProgress = (fraction: number) => void;

/** Options of {@link toCompatibleGlb}. */
export type CompatibleOptions = Readonly<{
  /** Default `none`. Draco input is decoded unless `draco` is asked for again. */
  compression?: Compression;
  /** Longest edge of any texture in pixels (aspect kept); larger ones are downsized. */
  maxTextureSize?: number;
  /**
   * Aim for a file of at most this many bytes: textures are halved, largest first, until the
   * file fits or every texture is down to {@link MIN_BUDGET_TEXTURE} pixels (then the report
   * says the budget was not met, and the smallest file made is returned).
   */
  sizeBudgetBytes?: number;
}>;

/** What happened to one texture. */
export interface TextureChange {
  readonly name: string;
  readonly from: string;
  readonly to: string;
  readonly width: number;
  readonly height: number;
}

/** What a conversion did, for the user and for tests. */
export interface ConvertReport {
  readonly bytes: number;
  readonly textures: readonly TextureChange[];
  /** Extensions the output still requires (none, unless Draco/meshopt was asked for). */
  readonly extensionsRequired: readonly string[];
  /** False when a size budget was asked for and not reached. */
  readonly withinBudget: boolean;
}

/** A conversion's result. */
export interface ConvertResult {
  readonly glb: Uint8Array;
  readonly report: ConvertReport;
}

/** Why a model cannot be made compatible (the message says what to do). */
export class ConvertError extends Error {
  override readonly name = 'ConvertError';
}

/** Textures are not halved below this edge to meet a size budget. */
export const MIN_BUDGET_TEXTURE = 256;

/** Texture slots holding data, not colour: lossless PNG keeps normals and masks exact. */
const DATA_SLOTS =
  /normal|occlusion|metallicRoughness|specular(?!Color)|thickness|clearcoat(?!.*Color)|transmission|anisotropy|iridescence(?!.*Color)/i;

interface Draco3d {
  createEncoderModule(): Promise<unknown>;
  createDecoderModule(): Promise<unknown>;
}

let io: Promise<NodeIO> | undefined;

/** The reader/writer with every extension and the Draco and meshopt codecs; made once. */
function gltfIO(): Promise<NodeIO> {
  io ??= (async () => {
    // draco3dgltf is CommonJS without types; require keeps it out of the ESM loader's way.
    const draco3d = createRequire(import.meta.url)('draco3dgltf') as Draco3d;
    const [encoder, decoder] = await Promise.all([
      draco3d.createEncoderModule(),
      draco3d.createDecoderModule(),
      MeshoptDecoder.ready,
      MeshoptEncoder.ready,
    ]);
    return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
      'draco3d.encoder': encoder,
      'draco3d.decoder': decoder,
      'meshopt.decoder': MeshoptDecoder,
      'meshopt.encoder': MeshoptEncoder,
    });
  })();
  return io;
}

/**
 * Rewrites a GLB so that every importer reads it (see the module comment).
 * @throws ConvertError when the file is not a GLB glTF-Transform can read, or holds textures
 *   Kiln cannot decode (KTX2/Basis)
 */
export async function toCompatibleGlb(
  input: Uint8Array,
  options: CompatibleOptions = {},
  onProgress: ConvertProgress = () => {},
): Promise<ConvertResult> {
  const nodeIO = await gltfIO();
  let doc: Document;
  try {
    doc = await nodeIO.readBinary(input);
  } catch (cause) {
    throw new ConvertError(
      `This file is not a glTF 2.0 binary Kiln can read (${String((cause as Error).message ?? cause)}). Open the original model again and convert that.`,
      { cause },
    );
  }
  if (
    doc
      .getRoot()
      .listTextures()
      .some((t) => t.getMimeType() === 'image/ktx2')
  ) {
    throw new ConvertError(
      'This model uses KTX2/Basis textures, which Kiln cannot convert. Export it from the service as GLB instead.',
    );
  }

  onProgress(0.1);
  const changes = new Map<Texture, TextureChange>();
  const textures = doc.getRoot().listTextures();
  // Re-encoding the textures is most of the work; compression and writing the rest.
  for (const [i, texture] of textures.entries()) {
    changes.set(texture, await makeCompatible(texture, options.maxTextureSize));
    onProgress(0.1 + (0.6 * (i + 1)) / textures.length);
  }
  // The textures are PNG/JPEG now: the extensions that declared WebP/AVIF (and Basis) go, and
  // with them the `extensionsRequired` entries importers refuse. Draco/meshopt input is decoded
  // on read; dropping the extension writes plain accessors unless compression is asked for.
  for (const ext of doc.getRoot().listExtensionsUsed()) {
    const name = ext.extensionName;
    if (
      name === EXTTextureWebP.EXTENSION_NAME ||
      name === EXTTextureAVIF.EXTENSION_NAME ||
      name === KHRTextureBasisu.EXTENSION_NAME ||
      name === KHRDracoMeshCompression.EXTENSION_NAME ||
      name === EXTMeshoptCompression.EXTENSION_NAME
    ) {
      ext.dispose();
    }
  }
  await compress(doc, options.compression ?? 'none');
  onProgress(0.85);

  let glb: Uint8Array = await nodeIO.writeBinary(doc);
  let withinBudget = true;
  if (options.sizeBudgetBytes !== undefined && glb.byteLength > options.sizeBudgetBytes) {
    ({ glb, withinBudget } = await fitBudget(doc, nodeIO, changes, options.sizeBudgetBytes, glb));
  }
  onProgress(1);
  const json = doc.getRoot();
  return {
    glb,
    report: {
      bytes: glb.byteLength,
      textures: json.listTextures().map((t) => changes.get(t)!),
      extensionsRequired: json
        .listExtensionsUsed()
        .filter((e) => e.isRequired())
        .map((e) => e.extensionName),
      withinBudget,
    },
  };
}

/** Re-encodes one texture as PNG (alpha or data) or JPEG (opaque colour), resized if asked. */
async function makeCompatible(
  texture: Texture,
  maxSize: number | undefined,
): Promise<TextureChange> {
  const from = texture.getMimeType();
  const image = texture.getImage();
  if (!image) throw new ConvertError(`The texture “${texture.getName()}” has no image data.`);
  const meta = await sharp(image).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const needsResize = maxSize !== undefined && Math.max(width, height) > maxSize;
  const compatible = from === 'image/png' || from === 'image/jpeg';
  if (compatible && !needsResize) {
    return { name: label(texture), from, to: from, width, height };
  }
  const format = await chooseFormat(texture, image);
  await compressTexture(texture, {
    encoder: sharp,
    targetFormat: format,
    ...(needsResize ? { resize: [maxSize, maxSize] as [number, number] } : {}),
    // Colour textures keep full chroma: generated albedo atlases have sharp seams.
    ...(format === 'jpeg' ? { quality: 92, chromaSubsampling: '4:4:4' as const } : {}),
  });
  const size = texture.getSize() ?? [width, height];
  return { name: label(texture), from, to: texture.getMimeType(), width: size[0], height: size[1] };
}

/** PNG for data textures and images whose alpha is used; JPEG for opaque colour. */
async function chooseFormat(texture: Texture, image: Uint8Array): Promise<'png' | 'jpeg'> {
  const slots = listTextureSlots(texture);
  if (slots.some((slot) => DATA_SLOTS.test(slot))) return 'png';
  const { isOpaque } = await sharp(image).stats();
  return isOpaque ? 'jpeg' : 'png';
}

async function compress(doc: Document, compression: Compression): Promise<void> {
  if (compression === 'draco') await doc.transform(draco({ method: 'edgebreaker' }));
  if (compression === 'meshopt') await doc.transform(meshopt({ encoder: MeshoptEncoder }));
}

/**
 * Halves the largest texture until the file fits. Each step re-encodes from the texture as it
 * is now (already PNG/JPEG), so quality degrades only by the resize itself.
 */
async function fitBudget(
  doc: Document,
  nodeIO: NodeIO,
  changes: Map<Texture, TextureChange>,
  budget: number,
  first: Uint8Array,
): Promise<{ glb: Uint8Array; withinBudget: boolean }> {
  let glb = first;
  for (;;) {
    const largest = doc
      .getRoot()
      .listTextures()
      .map((t) => ({ t, edge: Math.max(...(t.getSize() ?? [0, 0])) }))
      .filter((x) => x.edge > MIN_BUDGET_TEXTURE)
      .sort((a, b) => b.edge - a.edge)[0];
    if (!largest) return { glb, withinBudget: false };
    const target = Math.max(MIN_BUDGET_TEXTURE, Math.floor(largest.edge / 2));
    const before = changes.get(largest.t)!;
    const after = await makeCompatible(largest.t, target);
    changes.set(largest.t, { ...after, from: before.from });
    glb = await nodeIO.writeBinary(doc);
    if (glb.byteLength <= budget) return { glb, withinBudget: true };
  }
}

function label(texture: Texture): string {
  return texture.getName() || texture.getURI() || listTextureSlots(texture)[0] || 'texture';
}
