import { kMeans, labDistance2, toLab, type Cluster } from './colour';
import type { RawImage } from './raster';
import { grabCut } from './grab-cut';
import { countSet, mainRegion } from './mask-ops';

/** Thrown when a photo shows nothing that stands out from its background. */
export class NoObjectError extends Error {
  constructor(message = 'No distinguishable object in the photo') {
    super(message);
    this.name = 'NoObjectError';
  }
}

/** The object's silhouette in analysis-image pixels. */
export interface Segmentation {
  /** 1 = object, 0 = background, row-major, `width` x `height`. */
  mask: Uint8Array;
  width: number;
  height: number;
  /** Share of the image the object covers, 0..1. */
  areaFraction: number;
  /** Mask bounding box in pixels, `x1`/`y1` exclusive. */
  bbox: { x0: number; y0: number; x1: number; y1: number };
  /** Where the mask came from: the photo's own transparency, or colour analysis. */
  source: 'alpha' | 'colour';
  /**
   * Everything that stood out before one region was chosen as the object (1 = stands out): a
   * second object shows here as a second region, where `mask` keeps only the main one.
   */
  candidates: Uint8Array;
  /**
   * The photo's CIELAB (`toLab`), when the colour analysis computed it: measures that need it
   * take it from here instead of converting the photo again.
   */
  lab?: Float32Array;
}

/** Smallest object worth modelling, as a share of the photo. */
const MIN_AREA = 0.01;
/**
 * Contrast (delta E) that at least 1 % of the pixels must have against the background colours for
 * the photo to show anything; a uniform or merely noisy image stays below it.
 */
const MIN_CONTRAST = 6;
/** Border colour clusters: a table, its shadow and a wall behind fit in four. */
const BORDER_CLUSTERS = 4;
/** GrabCut passes after the first guess: the second changes little, a third nothing visible. */
const GRABCUT_PASSES = 2;

/**
 * Finds the photographed object.
 *
 * A photo with real transparency is taken at its word: alpha is the mask. Otherwise:
 * 1. the background's colours are learnt from the image border (k-means in CIELAB), and each
 *    pixel's distance to the nearest of them, weighted by a mild centre prior and thresholded by
 *    Otsu's method, gives a first guess;
 * 2. GrabCut refines it with colour models of both sides and a minimum cut, which settles colours
 *    found on both (a close-up cat's fur reaches the frame) by position and by edges;
 * 3. the outline is smoothed like a network's soft mask, and the main component kept, filled.
 *
 * @throws NoObjectError when nothing stands out or the object is under 1 % of the photo.
 */
export function segment(image: RawImage, hasAlpha: boolean): Segmentation {
  const { width, height } = image;
  let mask: Uint8Array;
  let candidates: Uint8Array;
  let lab: Float32Array | undefined;
  if (hasAlpha) {
    candidates = new Uint8Array(width * height);
    for (let i = 0; i < candidates.length; i++)
      candidates[i] = image.data[i * 4 + 3] >= 128 ? 1 : 0;
    mask = mainRegion(candidates, width, height, 0);
  } else {
    ({ mask, candidates, lab } = colourMask(image));
  }
  const area = countSet(mask);
  if (area < MIN_AREA * width * height) throw new NoObjectError();

  let x0 = width;
  let y0 = height;
  let x1 = 0;
  let y1 = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x + 1);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y + 1);
    }
  }
  return {
    mask,
    width,
    height,
    areaFraction: area / (width * height),
    bbox: { x0, y0, x1, y1 },
    source: hasAlpha ? 'alpha' : 'colour',
    candidates,
    ...(lab ? { lab } : {}),
  };
}

function colourMask(image: RawImage): {
  mask: Uint8Array;
  candidates: Uint8Array;
  lab: Float32Array;
} {
  const { width, height } = image;
  const n = width * height;
  const lab = toLab(image);
  // Clusters under 4 % of the border are specks or the object touching the frame, not backdrop.
  const border = kMeans(borderSamples(lab, width, height), BORDER_CLUSTERS).filter(
    (c) => c.weight >= 0.04,
  );

  const distance = distanceToClusters(lab, border);
  const p99 = Float32Array.from(distance).sort()[Math.floor(0.99 * (n - 1))];
  if (p99 < MIN_CONTRAST) throw new NoObjectError();

  // A photographer centres the subject, so equal evidence near the middle counts more.
  const score = new Float32Array(n);
  for (let y = 0; y < height; y++) {
    const dy = ((y + 0.5) / height - 0.5) * 2;
    for (let x = 0; x < width; x++) {
      const dx = ((x + 0.5) / width - 0.5) * 2;
      const prior = 0.6 + 0.4 * Math.exp(-(dx * dx + dy * dy) / (2 * 0.55 * 0.55));
      score[y * width + x] = Math.min(distance[y * width + x], p99) * prior;
    }
  }
  const threshold = otsu(score, p99);
  const candidates = new Uint8Array(n);
  for (let i = 0; i < n; i++) candidates[i] = score[i] > threshold ? 1 : 0;
  let mask = mainRegion(candidates, width, height, 1.5);
  if (countSet(mask) === 0) return { mask, candidates, lab };

  mask = grabCut(lab, mask, width, height, GRABCUT_PASSES);
  const radius = Math.max(1, Math.round(Math.min(width, height) / 60));
  return { mask: smoothOutline(mask, width, height, radius), candidates, lab };
}

/** Samples of the border band (3 % of the short side), packed L,a,b. */
function borderSamples(lab: Float32Array, width: number, height: number): Float32Array {
  const band = Math.max(2, Math.round(0.03 * Math.min(width, height)));
  const inner = Math.max(0, width - 2 * band) * Math.max(0, height - 2 * band);
  const out = new Float32Array((width * height - inner) * 3);
  let o = 0;
  for (let y = 0; y < height; y++) {
    const inRows = y >= band && y < height - band;
    for (let x = 0; x < width; x++) {
      if (inRows && x >= band && x < width - band) continue;
      const i = (y * width + x) * 3;
      out[o++] = lab[i];
      out[o++] = lab[i + 1];
      out[o++] = lab[i + 2];
    }
  }
  return out;
}

/**
 * Per pixel, delta E to the nearest background cluster less half that cluster's spread, so a
 * grainy table's own variation does not read as an object.
 */
function distanceToClusters(lab: Float32Array, clusters: Cluster[]): Float32Array {
  const out = new Float32Array(lab.length / 3);
  for (let i = 0; i < out.length; i++) {
    let best = Infinity;
    for (let k = 0; k < clusters.length; k++) {
      const c = clusters[k]!;
      best = Math.min(best, Math.sqrt(labDistance2(lab, i, c.l, c.a, c.b)) - 0.5 * c.spread);
    }
    out[i] = Math.max(0, best);
  }
  return out;
}

/** Otsu's threshold (maximum between-class variance) of values in [0, max]. */
function otsu(values: Float32Array, max: number, bins = 256): number {
  const hist = new Float64Array(bins);
  for (let i = 0; i < values.length; i++) {
    hist[Math.min(bins - 1, Math.floor((values[i] / max) * bins))]++;
  }
  let sumAll = 0;
  for (let b = 0; b < bins; b++) sumAll += b * hist[b];
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let bestVariance = -1;
  for (let b = 0; b < bins; b++) {
    below += hist[b];
    if (!below) continue;
    const above = values.length - below;
    if (!above) break;
    sumBelow += b * hist[b];
    const meanBelow = sumBelow / below;
    const meanAbove = (sumAll - sumBelow) / above;
    const variance = below * above * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = b;
    }
  }
  return ((best + 1) / bins) * max;
}

/**
 * Rounds the outline the way a segmentation network's soft mask does: blur, threshold at one
 * half. Spikes and notches narrower than the blur go; broad shapes stay where they are.
 */
function smoothOutline(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  const soft = boxBlur(Float32Array.from(mask), width, height, radius);
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < out.length; i++) out[i] = soft[i] > 0.5 ? 1 : 0;
  return mainRegion(out, width, height, 0);
}

/** Two passes of a separable box blur (close to a Gaussian); the frame clamps. */
function boxBlur(src: Float32Array, width: number, height: number, r: number): Float32Array {
  let current = src;
  for (let pass = 0; pass < 2; pass++) {
    const tmp = new Float32Array(current.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let s = 0;
        for (let k = -r; k <= r; k++)
          s += current[y * width + Math.min(width - 1, Math.max(0, x + k))];
        tmp[y * width + x] = s / (2 * r + 1);
      }
    }
    const next = new Float32Array(current.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let s = 0;
        for (let k = -r; k <= r; k++)
          s += tmp[Math.min(height - 1, Math.max(0, y + k)) * width + x];
        next[y * width + x] = s / (2 * r + 1);
      }
    }
    current = next;
  }
  return current;
}

/**
 * The mask inside its bounding box as 8-bit alpha (255 = object), `bbox` width × height: what
 * texture painting and thumbnails cut the photo with.
 */
export function maskCropAlpha(seg: Segmentation): {
  bytes: Uint8Array;
  width: number;
  height: number;
} {
  const width = seg.bbox.x1 - seg.bbox.x0;
  const height = seg.bbox.y1 - seg.bbox.y0;
  const bytes = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      bytes[y * width + x] = seg.mask[(seg.bbox.y0 + y) * seg.width + seg.bbox.x0 + x] ? 255 : 0;
    }
  }
  return { bytes, width, height };
}
