import type { RawImage } from './raster';
import { mulberry32 } from './random';

/**
 * Colour tools for segmentation. Distances are taken in CIELAB, where a Euclidean step is about
 * equally visible anywhere (delta E), so "far from the background" means what a person sees.
 */

/** Per-pixel CIELAB (D65), three floats per pixel, 3x3-blurred to quiet sensor and JPEG noise. */
export function toLab(image: RawImage): Float32Array {
  const { width, height, data, channels } = image;
  const n = width * height;
  const linear = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    linear[v] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  const f = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const lab = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const r = linear[data[i * channels]];
    const g = linear[data[i * channels + 1]];
    const b = linear[data[i * channels + 2]];
    const fx = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    const fy = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const fz = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    lab[i * 3] = 116 * fy - 16;
    lab[i * 3 + 1] = 500 * (fx - fy);
    lab[i * 3 + 2] = 200 * (fy - fz);
  }
  return blur3x3(lab, width, height);
}

/** 3x3 box blur of a 3-channel float image; the frame clamps. */
function blur3x3(src: Float32Array, width: number, height: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = (y * width + Math.max(0, x - 1)) * 3;
      const b = (y * width + x) * 3;
      const c = (y * width + Math.min(width - 1, x + 1)) * 3;
      for (let k = 0; k < 3; k++) tmp[b + k] = (src[a + k] + src[b + k] + src[c + k]) / 3;
    }
  }
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const down = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const b = (y * width + x) * 3;
      for (let k = 0; k < 3; k++) {
        out[b + k] = (tmp[(up + x) * 3 + k] + tmp[b + k] + tmp[(down + x) * 3 + k]) / 3;
      }
    }
  }
  return out;
}

/** A colour cluster in CIELAB. */
export interface Cluster {
  l: number;
  a: number;
  b: number;
  /** Per-axis variances. */
  vl: number;
  va: number;
  vb: number;
  /** RMS distance of the members to the mean (delta E). */
  spread: number;
  /** Share of the samples. */
  weight: number;
}

/** Squared CIELAB distance from sample `i` of a packed L,a,b array to a colour. */
export function labDistance2(
  lab: Float32Array,
  i: number,
  l: number,
  a: number,
  b: number,
): number {
  const dl = lab[i * 3] - l;
  const da = lab[i * 3 + 1] - a;
  const db = lab[i * 3 + 2] - b;
  return dl * dl + da * da + db * db;
}

/**
 * k-means (Lloyd) on packed CIELAB samples, seeded by k-means++ from a fixed PRNG: robust to
 * outliers and reproducible (segmentation must never depend on the user's seed).
 * Returns at most `k` clusters; empty ones are dropped.
 */
export function kMeans(samples: Float32Array, k: number, iterations = 10): Cluster[] {
  const n = samples.length / 3;
  if (n === 0) return [];
  const random = mulberry32(0x5eed);
  const centres = new Float64Array(k * 3);
  const nearest = new Float64Array(n).fill(Infinity);
  let seeds = 0;
  let pick = Math.floor(random() * n);
  while (seeds < k) {
    centres.set(samples.subarray(pick * 3, pick * 3 + 3), seeds * 3);
    seeds++;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const c = (seeds - 1) * 3;
      const d = labDistance2(samples, i, centres[c], centres[c + 1], centres[c + 2]);
      if (d < nearest[i]) nearest[i] = d;
      total += nearest[i];
    }
    if (total <= 1e-9) break;
    // Next seed with probability proportional to squared distance from the seeds so far.
    let target = random() * total;
    pick = n - 1;
    for (let i = 0; i < n; i++) {
      target -= nearest[i];
      if (target <= 0) {
        pick = i;
        break;
      }
    }
  }

  const count = new Float64Array(seeds);
  const sums = new Float64Array(seeds * 3);
  const assign = new Int32Array(n);
  for (let it = 0; it <= iterations; it++) {
    count.fill(0);
    sums.fill(0);
    let moved = false;
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestD = Infinity;
      for (let c = 0; c < seeds; c++) {
        const d = labDistance2(samples, i, centres[c * 3], centres[c * 3 + 1], centres[c * 3 + 2]);
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      if (assign[i] !== best) moved = true;
      assign[i] = best;
      count[best]++;
      sums[best * 3] += samples[i * 3];
      sums[best * 3 + 1] += samples[i * 3 + 1];
      sums[best * 3 + 2] += samples[i * 3 + 2];
    }
    for (let c = 0; c < seeds; c++) {
      if (!count[c]) continue;
      centres[c * 3] = sums[c * 3] / count[c];
      centres[c * 3 + 1] = sums[c * 3 + 1] / count[c];
      centres[c * 3 + 2] = sums[c * 3 + 2] / count[c];
    }
    if (!moved && it > 0) break;
  }

  const axis = new Float64Array(seeds * 3);
  for (let i = 0; i < n; i++) {
    const c = assign[i];
    for (let j = 0; j < 3; j++) {
      const d = samples[i * 3 + j] - centres[c * 3 + j];
      axis[c * 3 + j] += d * d;
    }
  }
  const clusters: Cluster[] = [];
  for (let c = 0; c < seeds; c++) {
    if (!count[c]) continue;
    const vl = axis[c * 3] / count[c];
    const va = axis[c * 3 + 1] / count[c];
    const vb = axis[c * 3 + 2] / count[c];
    clusters.push({
      l: centres[c * 3],
      a: centres[c * 3 + 1],
      b: centres[c * 3 + 2],
      vl,
      va,
      vb,
      spread: Math.sqrt(vl + va + vb),
      weight: count[c] / n,
    });
  }
  return clusters;
}
