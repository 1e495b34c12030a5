/**
 * The measurements behind a preflight verdict, each a standard image-processing estimate taken
 * on the object the segmentation found rather than on the whole file.
 */
import { toLab } from '../segmentation/colour';
import { dilate, labelComponents, open } from '../segmentation/mask-ops';
import type { RawImage } from '../segmentation/raster';
import type { Segmentation } from '../segmentation/segment';
import type { PreflightMeasures, Side } from './types';

/** Length of the re-blur filter of the blur estimate (the paper's 9 taps). */
const REBLUR_TAPS = 9;
/** A channel value at or beyond which a pixel counts as clipped white / black. */
const WHITE = 250;
const BLACK = 6;
/** A Sobel response on L* (per pixel) that counts as a strong edge in the background. */
const STRONG_EDGE = 14;

/** Luma (Rec. 601) of an RGBA/RGB/grey raster, one byte per pixel. */
export function luma(image: RawImage): Uint8Array {
  const { data, channels, width, height } = image;
  const out = new Uint8Array(width * height);
  if (channels < 3) {
    for (let i = 0; i < out.length; i++) out[i] = data[i * channels];
    return out;
  }
  for (let i = 0; i < out.length; i++) {
    const j = i * channels;
    out[i] = (data[j] * 299 + data[j + 1] * 587 + data[j + 2] * 114 + 500) / 1000;
  }
  return out;
}

/**
 * The no-reference blur estimate of Crété-Roffet, Dolmiere, Ladret & Nicolas ("The blur effect:
 * perception and estimation with a new no-reference perceptual blur metric", SPIE 2007): how
 * much of the image's neighbour-to-neighbour variation survives a further 9-tap blur. A sharp
 * image loses much of it (near 0.2–0.3), an already blurred one little (toward 1). Taken inside
 * `box` (pixels of `grey`), in both directions, the worse one counts.
 */
export function blurEstimate(
  grey: Uint8Array,
  width: number,
  box: { x0: number; y0: number; x1: number; y1: number },
): number {
  const half = REBLUR_TAPS >> 1;
  const height = grey.length / width;
  let sumFh = 0;
  let sumVh = 0;
  let sumFv = 0;
  let sumVv = 0;
  for (let y = Math.max(1, box.y0); y < box.y1; y++) {
    const row = y * width;
    // The 9-tap box blur's step between neighbours is (next sample in − sample out) / 9, so each
    // pixel costs four reads whatever the filter length (the frame clamps).
    const rowIn = Math.min(height - 1, y + half) * width;
    const rowOut = Math.max(0, y - half - 1) * width;
    for (let x = Math.max(1, box.x0); x < box.x1; x++) {
      const here = grey[row + x];
      const dFh = Math.abs(here - grey[row + x - 1]);
      const dBh =
        Math.abs(
          grey[row + Math.min(width - 1, x + half)] - grey[row + Math.max(0, x - half - 1)],
        ) / REBLUR_TAPS;
      const dFv = Math.abs(here - grey[row - width + x]);
      const dBv = Math.abs(grey[rowIn + x] - grey[rowOut + x]) / REBLUR_TAPS;
      sumFh += dFh;
      sumVh += Math.max(0, dFh - dBh);
      sumFv += dFv;
      sumVv += Math.max(0, dFv - dBv);
    }
  }
  const bH = sumFh > 0 ? (sumFh - sumVh) / sumFh : 1;
  const bV = sumFv > 0 ? (sumFv - sumVv) / sumFv : 1;
  return Math.max(bH, bV);
}

/** Clipped shares and mean lightness of the object's pixels in the analysis image. */
export function exposure(
  image: RawImage,
  lab: Float32Array,
  mask: Uint8Array,
): Pick<PreflightMeasures, 'clippedHighlights' | 'clippedShadows' | 'objectLightness'> {
  const { data, channels } = image;
  let n = 0;
  let white = 0;
  let black = 0;
  let lightness = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    n++;
    const j = i * channels;
    const r = data[j];
    const g = channels >= 3 ? data[j + 1] : r;
    const b = channels >= 3 ? data[j + 2] : r;
    if (r >= WHITE || g >= WHITE || b >= WHITE) white++;
    if (r <= BLACK && g <= BLACK && b <= BLACK) black++;
    lightness += lab[i * 3];
  }
  if (!n) return { clippedHighlights: 0, clippedShadows: 0, objectLightness: 50 };
  return {
    clippedHighlights: white / n,
    clippedShadows: black / n,
    objectLightness: lightness / n,
  };
}

/** Per side of the frame, the share of its pixels the object covers (sides it misses absent). */
export function frameContact(seg: Segmentation): Partial<Record<Side, number>> {
  const { mask, width, height } = seg;
  const count = (len: number, index: (k: number) => number) => {
    let n = 0;
    for (let k = 0; k < len; k++) n += mask[index(k)];
    return n / len;
  };
  const shares: Record<Side, number> = {
    left: count(height, (y) => y * width),
    right: count(height, (y) => y * width + width - 1),
    top: count(width, (x) => x),
    bottom: count(width, (x) => (height - 1) * width + x),
  };
  const out: Partial<Record<Side, number>> = {};
  for (const side of Object.keys(shares) as Side[]) if (shares[side] > 0) out[side] = shares[side];
  return out;
}

/**
 * Regions that stood out like the object but lie apart from it, each as a share of the object's
 * area, largest first (specks of table grain are opened away first).
 */
export function otherRegions(seg: Segmentation): number[] {
  const { width, height, mask } = seg;
  const area = seg.areaFraction * width * height;
  const near = dilate(mask, width, height, Math.max(2, Math.round(Math.min(width, height) / 50)));
  const cleaned = open(seg.candidates, width, height, 1.5);
  const { labels, sizes } = labelComponents(cleaned, width);
  const overlap = new Float64Array(sizes.length);
  for (let i = 0; i < labels.length; i++) if (labels[i] && near[i]) overlap[labels[i]]++;
  const out: number[] = [];
  for (let l = 1; l < sizes.length; l++) {
    if (overlap[l] > 0.1 * sizes[l]) continue;
    out.push(sizes[l] / area);
  }
  return out.sort((a, b) => b - a);
}

/** Share of the background (away from the object) whose L* Sobel response is a strong edge. */
export function backgroundEdges(lab: Float32Array, seg: Segmentation): number {
  const { width, height, mask } = seg;
  const near = dilate(mask, width, height, Math.max(2, Math.round(Math.min(width, height) / 40)));
  const L = (x: number, y: number) => lab[(y * width + x) * 3];
  let n = 0;
  let strong = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      if (near[y * width + x]) continue;
      const gx =
        L(x + 1, y - 1) +
        2 * L(x + 1, y) +
        L(x + 1, y + 1) -
        L(x - 1, y - 1) -
        2 * L(x - 1, y) -
        L(x - 1, y + 1);
      const gy =
        L(x - 1, y + 1) +
        2 * L(x, y + 1) +
        L(x + 1, y + 1) -
        L(x - 1, y - 1) -
        2 * L(x, y - 1) -
        L(x + 1, y - 1);
      n++;
      if (Math.hypot(gx, gy) / 4 > STRONG_EDGE) strong++;
    }
  }
  return n ? strong / n : 0;
}

/** CIELAB of the analysis image (shared by the colour measures). */
export const labOf = toLab;
