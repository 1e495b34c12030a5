import sharp, { type Sharp } from 'sharp';
import type { RawImage } from '../../../shared/segmentation/raster';

export type { RawImage };

/** A decoded photo at the two resolutions the generator works at. */
export interface DecodedPhoto {
  /** sRGB + alpha at most `workSide` px on its longest side: source of texture and thumbnail. */
  work: RawImage;
  /** sRGB + alpha at most `ANALYSIS_SIDE` px on its longest side: what segmentation looks at. */
  analysis: RawImage;
  /** True when the photo carries real transparency (some analysis pixel has alpha < 250). */
  hasAlpha: boolean;
}

/**
 * Longest side of the segmentation image. Big enough for a clean outline at the mesh densities the
 * service offers (the outline is resampled from a distance field, not from pixels), small enough
 * that the per-pixel passes cost a few milliseconds.
 */
export const ANALYSIS_SIDE = 256;

/** Alpha below this anywhere means the photo was cut out already and alpha is the mask. */
const ALPHA_CUTOUT = 250;

/**
 * Decodes a JPEG/PNG/WebP photo, honouring its EXIF orientation.
 *
 * The photo is decoded once, straight down to `workSide` (JPEG shrink-on-load keeps a 12 MP photo
 * cheap), and the analysis image is derived from that raster rather than decoding twice.
 *
 * @throws Error when the bytes are not an image sharp can read.
 */
export async function decodePhoto(photo: Uint8Array, workSide: number): Promise<DecodedPhoto> {
  let work: RawImage;
  try {
    const { data, info } = await sharp(photo)
      .rotate()
      .resize({ width: workSide, height: workSide, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    work = { data: toBytes(data), width: info.width, height: info.height, channels: info.channels };
  } catch (cause) {
    throw new Error('The photo could not be decoded (JPEG, PNG or WebP expected)', { cause });
  }
  if (work.channels !== 4) throw new Error(`Unexpected decoded channel count ${work.channels}`);

  const scale = ANALYSIS_SIDE / Math.max(work.width, work.height);
  const width = Math.max(1, Math.round(work.width * Math.min(1, scale)));
  const height = Math.max(1, Math.round(work.height * Math.min(1, scale)));
  const { data, info } = await rawSharp(work)
    .resize({ width, height, fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const analysis: RawImage = {
    data: toBytes(data),
    width: info.width,
    height: info.height,
    channels: 4,
  };

  let hasAlpha = false;
  for (let i = 3; i < analysis.data.length; i += 4) {
    if (analysis.data[i] < ALPHA_CUTOUT) {
      hasAlpha = true;
      break;
    }
  }
  return { work, analysis, hasAlpha };
}

/** Wraps a raw raster as sharp input. */
export function rawSharp(image: RawImage): Sharp {
  return sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels as 1 | 2 | 3 | 4 },
  });
}

/** A view of a Node Buffer as a plain Uint8Array (no copy). */
export function toBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
