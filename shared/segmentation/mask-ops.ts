import { squaredDistanceTo } from './distance';

/**
 * Binary mask operations on `Uint8Array` masks (0 = background, 1 = object), row-major.
 * Morphology uses true discs (through the distance transform), so results do not depend on the
 * orientation of the object the way square structuring elements do.
 */

/** Pixels within `radius` of the mask. */
export function dilate(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  const d2 = squaredDistanceTo(width, height, (i) => mask[i] !== 0);
  const out = new Uint8Array(mask.length);
  const r2 = radius * radius;
  for (let i = 0; i < out.length; i++) out[i] = d2[i] <= r2 ? 1 : 0;
  return out;
}

/** Pixels farther than `radius` from the background. */
export function erode(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const d2 = squaredDistanceTo(width, height, (i) => mask[i] === 0);
  const out = new Uint8Array(mask.length);
  const r2 = radius * radius;
  for (let i = 0; i < out.length; i++) out[i] = d2[i] > r2 ? 1 : 0;
  return out;
}

/** Morphological opening: removes specks and thin spurs narrower than the disc. */
export function open(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return dilate(erode(mask, width, height, radius), width, height, radius);
}

/** Morphological closing: bridges gaps and notches narrower than the disc. */
export function close(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return erode(dilate(mask, width, height, radius), width, height, radius);
}

/** Connected components (4-connected) of the mask: label per pixel (0 = none) and their sizes. */
export function labelComponents(
  mask: Uint8Array,
  width: number,
): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(mask.length);
  const sizes: number[] = [0];
  const stack = new Int32Array(mask.length);
  let top = 0;
  let label = 0;
  const visit = (i: number): void => {
    if (mask[i] && !labels[i]) {
      labels[i] = label;
      stack[top++] = i;
    }
  };
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    label = sizes.length;
    let size = 0;
    visit(start);
    while (top > 0) {
      const i = stack[--top];
      size++;
      const x = i % width;
      if (x > 0) visit(i - 1);
      if (x < width - 1) visit(i + 1);
      if (i >= width) visit(i - width);
      if (i + width < mask.length) visit(i + width);
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

/**
 * Keeps the one component a photographer most likely meant: the biggest, with components near the
 * centre favoured (a large patch of table at the edge should not beat the cup in the middle).
 */
export function keepMainComponent(mask: Uint8Array, width: number, height: number): Uint8Array {
  const { labels, sizes } = labelComponents(mask, width);
  if (sizes.length <= 1) return new Uint8Array(mask.length);
  const sumX = new Float64Array(sizes.length);
  const sumY = new Float64Array(sizes.length);
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i];
    if (!l) continue;
    sumX[l] += i % width;
    sumY[l] += Math.floor(i / width);
  }
  let best = 0;
  let bestScore = -1;
  for (let l = 1; l < sizes.length; l++) {
    const dx = (sumX[l] / sizes[l] + 0.5) / width - 0.5;
    const dy = (sumY[l] / sizes[l] + 0.5) / height - 0.5;
    // Centroid at a corner halves the weight of a component compared with one at the centre.
    const score = sizes[l] * (1 - Math.min(1, Math.sqrt(dx * dx + dy * dy) / 0.7071) * 0.5);
    if (score > bestScore) {
      bestScore = score;
      best = l;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < out.length; i++) out[i] = labels[i] === best ? 1 : 0;
  return out;
}

/** Fills every background region that does not reach the image frame (4-connected). */
export function fillHoles(mask: Uint8Array, width: number, height: number): Uint8Array {
  const outside = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  let top = 0;
  const seed = (i: number): void => {
    if (!mask[i] && !outside[i]) {
      outside[i] = 1;
      stack[top++] = i;
    }
  };
  for (let x = 0; x < width; x++) {
    seed(x);
    seed((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    seed(y * width);
    seed(y * width + width - 1);
  }
  while (top > 0) {
    const i = stack[--top];
    const x = i % width;
    if (x > 0) seed(i - 1);
    if (x < width - 1) seed(i + 1);
    if (i >= width) seed(i - width);
    if (i < mask.length - width) seed(i + width);
  }
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < out.length; i++) out[i] = outside[i] ? 0 : 1;
  return out;
}

/** Number of set pixels. */
export function countSet(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i] ? 1 : 0;
  return n;
}

/**
 * The object region of a raw mask: optionally opened then closed with a disc of `radius` (specks
 * and hairline bridges go, small notches close), then the main component with its holes filled.
 */
export function mainRegion(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  let m = mask;
  if (radius > 0) {
    m = open(m, width, height, radius);
    m = close(m, width, height, radius * 1.5);
  }
  return fillHoles(keepMainComponent(m, width, height), width, height);
}
