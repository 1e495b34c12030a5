/**
 * The cloud sandbox's photo -> textured 3D model generator.
 *
 * A faithful stand-in for an image-to-3D service, built from the photo itself: the object is
 * segmented from its background, its silhouette inflated into a closed, rounded solid, and the
 * photo (front) plus an invented back (mirrored, blurred, darker) textured onto it.
 *
 * @example
 * ```ts
 * const model = await generateFromPhoto(await readFile('mug.jpg'), {
 *   polyCount: 100_000, remesh: true, textureSize: 2048, textureFormat: 'webp', seed: 7,
 * });
 * await writeFile('mug.glb', model.glb);
 * ```
 */
import { decodePhoto } from './decode';
import { signedDistance } from './distance';
import { writeGlb } from './glb';
import { sheetForTarget, type DistanceField } from './mesh';
import { mulberry32 } from './random';
import { NoObjectError, segment } from './segment';
import { buildSolid } from './solid';
import { planAtlas, renderAtlas, renderThumbnail } from './texture';

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
  checkOptions(options);
  const random = mulberry32(mixSeed(options.seed ?? 0));

  const { work, analysis, hasAlpha } = await decodePhoto(photo, options.textureSize);
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

  const solid = buildSolid(sheet, field, plan.layout, {
    metresPerPixel: longestSide / Math.max(x1 - x0, y1 - y0),
    front,
    back,
  });

  const fill = meanColour(analysis.data, seg.mask);
  const [texture, thumbnail] = await Promise.all([
    renderAtlas(work, plan, options.textureFormat, fill, {
      tint: [shade * (1 + warm), shade, shade * (1 - warm)],
      blur: 0.006,
    }),
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
