/**
 * The cloud sandbox's photo -> textured 3D model generator.
 *
 * A faithful stand-in for an image-to-3D service, built from the photo itself: the object is
 * segmented from its background, its silhouette inflated into a closed, rounded solid, and the
 * photo (front) plus an invented back (mirrored, blurred, darker) textured onto it.
 *
 * With several views ({@link generateFromViews}), the front view still drives the shape, a side
 * view sets the depth (the inflation is scaled so that depth / height equals the side
 * silhouette's width / height) and a back view paints the back.
 *
 * @example
 * ```ts
 * const model = await generateFromPhoto(await readFile('mug.jpg'), {
 *   polyCount: 100_000, remesh: true, textureSize: 2048, textureFormat: 'webp', seed: 7,
 * });
 * await writeFile('mug.glb', model.glb);
 * ```
 */
import sharp from 'sharp';
import { decodePhoto, rawSharp, type RawImage } from './decode';
import { signedDistance } from '../../../shared/segmentation/distance';
import { writeGlb } from './glb';
import { sheetForTarget, type DistanceField } from './mesh';
import { mulberry32 } from '../../../shared/segmentation/random';
import {
  NoObjectError,
  segment,
  type Segmentation,
  maskCropAlpha,
} from '../../../shared/segmentation/segment';
import { buildSolid } from './solid';
import { planAtlas, renderAtlas, renderThumbnail, type BackView } from './texture';

export { NoObjectError };

/** Options of one generation; they mirror the service's shared generation parameters. */
export interface GenerateOptions {
  /** Target triangle count, 10_000..1_000_000; the result is within +-10 %. */
  polyCount: number;
  /** true: smoothed, evenly spaced outline; false: the raw grid surface (staircase outline). */
  remesh: boolean;
  /** Edge of the square texture atlas in pixels. */
  textureSize: 1024 | 2048 | 4096;
  /** Encoding of the texture inside the GLB (WebP uses the required `EXT_texture_webp`). */
  textureFormat: 'webp' | 'png';
  /** Same photo bytes + same options + same seed => byte-identical GLB and thumbnail. */
  seed?: number;
  /** Model name stored in the glTF asset extras, scene, node, mesh and material names. */
  name?: string;
}

/** A generated model. */
export interface GeneratedModel {
  /** Valid glTF 2.0 binary. */
  glb: Uint8Array;
  /** 256x256 WebP image of the object cut out on a dark neutral background. */
  thumbnail: Uint8Array;
  triangles: number;
  vertices: number;
  /** Bounding box size in metres (Y up, front facing +Z). */
  size: { x: number; y: number; z: number };
}

/**
 * How far inside the mask outline the surface ends, in analysis pixels: the rim then samples the
 * object's own colours rather than a sliver of the background.
 */
const OUTLINE_INSET = 0.4;

/** A side view scales the inflated depth by at most this factor (or its inverse). */
const MAX_DEPTH_SCALE = 6;

/**
 * Generates a textured, closed 3D model of the object in a photo (JPEG, PNG or WebP).
 *
 * @throws NoObjectError when the photo shows no distinguishable object (e.g. a uniform image).
 * @throws RangeError on options outside the documented ranges.
 * @throws Error when the bytes are not a readable image.
 */
export async function generateFromPhoto(
  photo: Uint8Array,
  options: GenerateOptions,
): Promise<GeneratedModel> {
  return generateFromViews([photo], options);
}

/**
 * How the views of a multi-view generation are read, by their count (the front always first):
 * 2 = front, side; 3 = front, side, back; 4 = front, side, other side, back.
 */
export function viewRoles(count: number): { sides: number[]; back: number | undefined } {
  if (count <= 1) return { sides: [], back: undefined };
  if (count === 2) return { sides: [1], back: undefined };
  if (count === 3) return { sides: [1], back: 2 };
  return { sides: [1, 2], back: count - 1 };
}

/** Longest side (px) at which side and back views are segmented: enough for their outline. */
const SIDE_VIEW_SIDE = 512;

/** A view decoded and segmented; undefined when it shows no distinguishable object. */
async function analyseView(
  bytes: Uint8Array,
  workSide: number,
): Promise<{ work: RawImage; seg: Segmentation } | undefined> {
  const { work, analysis, hasAlpha } = await decodePhoto(bytes, workSide);
  try {
    return { work, seg: segment(analysis, hasAlpha) };
  } catch (error) {
    if (error instanceof NoObjectError) return undefined;
    throw error;
  }
}

/**
 * The back view as a layer over the atlas's back region: its object crop stretched to the
 * region (not mirrored: seen from behind, the object's left is already on the right), with the
 * silhouette as a soft alpha so that background never paints the model.
 */
async function backViewLayer(
  view: { work: RawImage; seg: Segmentation },
  region: { width: number; height: number },
): Promise<BackView> {
  const { work, seg } = view;
  const sx = work.width / seg.width;
  const sy = work.height / seg.height;
  const left = Math.min(work.width - 1, Math.floor(seg.bbox.x0 * sx));
  const top = Math.min(work.height - 1, Math.floor(seg.bbox.y0 * sy));
  const width = Math.max(1, Math.min(work.width - left, Math.ceil(seg.bbox.x1 * sx) - left));
  const height = Math.max(1, Math.min(work.height - top, Math.ceil(seg.bbox.y1 * sy) - top));
  const rgb = await rawSharp(work)
    .extract({ left, top, width, height })
    .resize({ width: region.width, height: region.height, fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const { bytes: maskCrop, width: bw, height: bh } = maskCropAlpha(seg);
  const alpha = await sharp(maskCrop, { raw: { width: bw, height: bh, channels: 1 } })
    .resize({ width: region.width, height: region.height, fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  const rgba = Buffer.alloc(region.width * region.height * 4);
  for (let i = 0; i < region.width * region.height; i++) {
    rgba[i * 4] = rgb[i * 3]!;
    rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
    rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
    rgba[i * 4 + 3] = alpha[i]!;
  }
  return { rgba, width: region.width, height: region.height };
}

/**
 * Generates a model from 1–4 views of one object, the front view first (see {@link viewRoles}
 * for the others). The front view drives the shape and the front texture; a side view sets the
 * depth; a back view paints the back. A side or back view in which no object can be told apart
 * is ignored. One view is exactly {@link generateFromPhoto}.
 *
 * @throws NoObjectError when the front view shows no distinguishable object.
 */
export async function generateFromViews(
  views: readonly Uint8Array[],
  options: GenerateOptions,
): Promise<GeneratedModel> {
  checkOptions(options);
  if (views.length < 1 || views.length > 4) {
    throw new RangeError(`generateFromViews takes 1-4 views, got ${views.length}`);
  }
  const random = mulberry32(mixSeed(options.seed ?? 0));
  const roles = viewRoles(views.length);

  const { work, analysis, hasAlpha } = await decodePhoto(views[0]!, options.textureSize);
  const seg = segment(analysis, hasAlpha);
  const sdf = signedDistance(seg.mask, seg.width, seg.height);
  for (let i = 0; i < sdf.length; i++) sdf[i] -= OUTLINE_INSET;
  const field: DistanceField = { values: sdf, width: seg.width, height: seg.height };

  const sheet = sheetForTarget(
    field,
    seg.areaFraction * seg.width * seg.height,
    options.polyCount,
    options.remesh,
  );

  // A silhouette thinner than any usable grid (a hairline) has nothing to inflate.
  if (sheet.triangleCount === 0) throw new NoObjectError();

  // The texture crop is the sheet's extent, so every vertex maps inside its atlas region.
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let v = 0; v < sheet.vertexCount; v++) {
    x0 = Math.min(x0, sheet.x[v]);
    y0 = Math.min(y0, sheet.y[v]);
    x1 = Math.max(x1, sheet.x[v]);
    y1 = Math.max(y1, sheet.y[v]);
  }
  const plan = planAtlas(
    {
      x0: Math.max(0, x0),
      y0: Math.max(0, y0),
      x1: Math.min(seg.width, x1),
      y1: Math.min(seg.height, y1),
    },
    analysis,
    work,
    options.textureSize,
  );

  // Seeded variation: real-world size, puffiness, and the look of the invented back.
  const longestSide = 0.22 + 0.12 * random();
  const front = 0.5 + 0.2 * random();
  const back = front * (0.7 + 0.15 * random());
  const shade = 0.7 + 0.1 * random();
  const warm = (random() - 0.5) * 0.06;
  const roughness = Math.round((0.65 + 0.1 * random()) * 100) / 100;

  const metresPerPixel = longestSide / Math.max(x1 - x0, y1 - y0);
  let solid = buildSolid(sheet, field, plan.layout, { metresPerPixel, front, back });

  // Side views: depth / height of the model = width / height of the side silhouette.
  const ratios: number[] = [];
  for (const index of roles.sides) {
    const side = await analyseView(views[index]!, SIDE_VIEW_SIDE);
    if (!side) continue;
    const { x0: sx0, x1: sx1, y0: sy0, y1: sy1 } = side.seg.bbox;
    if (sy1 > sy0 && sx1 > sx0) ratios.push((sx1 - sx0) / (sy1 - sy0));
  }
  if (ratios.length > 0 && solid.size.z > 0) {
    const ratio = ratios.reduce((sum, r) => sum + r, 0) / ratios.length;
    const k = Math.min(
      MAX_DEPTH_SCALE,
      Math.max(1 / MAX_DEPTH_SCALE, (ratio * solid.size.y) / solid.size.z),
    );
    solid = buildSolid(sheet, field, plan.layout, {
      metresPerPixel,
      front: front * k,
      back: back * k,
    });
  }

  // A back view paints the back region of the atlas over the invented back.
  let backView: BackView | undefined;
  if (roles.back !== undefined) {
    const view = await analyseView(views[roles.back]!, options.textureSize);
    if (view) backView = await backViewLayer(view, plan.back);
  }

  const fill = meanColour(analysis.data, seg.mask);
  const [texture, thumbnail] = await Promise.all([
    renderAtlas(
      work,
      plan,
      options.textureFormat,
      fill,
      { tint: [shade * (1 + warm), shade, shade * (1 - warm)], blur: 0.006 },
      backView,
    ),
    renderThumbnail(work, field, seg.bbox),
  ]);
  const name = options.name ?? 'Model';
  const glb = await writeGlb(solid, {
    name,
    texture,
    textureFormat: options.textureFormat,
    roughness,
  });
  return {
    glb,
    thumbnail,
    triangles: solid.triangleCount,
    vertices: solid.vertexCount,
    size: solid.size,
  };
}

function checkOptions(options: GenerateOptions): void {
  const { polyCount, textureSize, textureFormat, seed } = options;
  if (!Number.isInteger(polyCount) || polyCount < 10_000 || polyCount > 1_000_000) {
    throw new RangeError(`polyCount must be an integer in 10000..1000000, got ${polyCount}`);
  }
  if (textureSize !== 1024 && textureSize !== 2048 && textureSize !== 4096) {
    throw new RangeError(`textureSize must be 1024, 2048 or 4096, got ${String(textureSize)}`);
  }
  if (textureFormat !== 'webp' && textureFormat !== 'png') {
    throw new RangeError(`textureFormat must be webp or png, got ${String(textureFormat)}`);
  }
  if (seed !== undefined && !Number.isSafeInteger(seed)) {
    throw new RangeError(`seed must be a safe integer, got ${seed}`);
  }
}

/** Folds a safe integer (possibly negative or above 2^32) into 32 bits without losing its high part. */
function mixSeed(seed: number): number {
  const high = Math.floor(seed / 4294967296);
  return (seed >>> 0) ^ Math.imul(high, 0x9e3779b1);
}

/** Mean sRGB colour of the object's pixels. */
function meanColour(rgba: Uint8Array, mask: Uint8Array): { r: number; g: number; b: number } {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    r += rgba[i * 4];
    g += rgba[i * 4 + 1];
    b += rgba[i * 4 + 2];
    n++;
  }
  n = Math.max(1, n);
  return { r: Math.round(r / n), g: Math.round(g / n), b: Math.round(b / n) };
}
