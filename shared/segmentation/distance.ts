/**
 * Exact Euclidean distance transforms (Felzenszwalb & Huttenlocher, "Distance Transforms of Sampled
 * Functions", 2012): two separable passes of the 1-D lower envelope of parabolas, O(pixels).
 */

const INF = 1e20;

/**
 * Squared distance from every pixel to the nearest pixel where `isFeature` is true.
 * Pixels with no feature anywhere get a huge value (1e20).
 */
export function squaredDistanceTo(
  width: number,
  height: number,
  isFeature: (index: number) => boolean,
): Float64Array {
  const grid = new Float64Array(width * height);
  for (let i = 0; i < grid.length; i++) grid[i] = isFeature(i) ? 0 : INF;

  const size = Math.max(width, height);
  const f = new Float64Array(size);
  const d = new Float64Array(size);
  const v = new Int32Array(size);
  const z = new Float64Array(size + 1);

  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) f[y] = grid[y * width + x];
    transform1d(f, height, d, v, z);
    for (let y = 0; y < height; y++) grid[y * width + x] = d[y];
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) f[x] = grid[row + x];
    transform1d(f, width, d, v, z);
    for (let x = 0; x < width; x++) grid[row + x] = d[x];
  }
  return grid;
}

function transform1d(
  f: Float64Array,
  n: number,
  d: Float64Array,
  v: Int32Array,
  z: Float64Array,
): void {
  let k = 0;
  v[0] = 0;
  z[0] = -INF;
  z[1] = INF;
  for (let q = 1; q < n; q++) {
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    while (s <= z[k]) {
      k--;
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = INF;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    const dq = q - v[k];
    d[q] = dq * dq + f[v[k]];
  }
}

/**
 * Signed distance field of a binary mask, in pixels: positive inside, negative outside, zero on the
 * pixel edges between the two (hence the half-pixel offsets), so that bilinear sampling traces
 * the mask outline with sub-pixel accuracy.
 */
export function signedDistance(mask: Uint8Array, width: number, height: number): Float32Array {
  const toOutside = squaredDistanceTo(width, height, (i) => mask[i] === 0);
  const toInside = squaredDistanceTo(width, height, (i) => mask[i] !== 0);
  const sdf = new Float32Array(width * height);
  // The image frame counts as outside: an object cut by the frame still gets a closed outline.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (mask[i]) {
        const frame = Math.min(x + 1, y + 1, width - x, height - y);
        sdf[i] = Math.min(Math.sqrt(toOutside[i]), frame) - 0.5;
      } else {
        sdf[i] = 0.5 - Math.sqrt(toInside[i]);
      }
    }
  }
  return sdf;
}

/**
 * Bilinear sample of a per-pixel field at continuous image coordinates, where pixel (i, j) covers
 * [i, i+1) x [j, j+1) and its value sits at its centre. Coordinates outside the image clamp.
 */
export function sampleBilinear(
  field: Float32Array,
  width: number,
  height: number,
  x: number,
  y: number,
): number {
  const fx = Math.min(Math.max(x - 0.5, 0), width - 1);
  const fy = Math.min(Math.max(y - 0.5, 0), height - 1);
  const x0 = Math.min(Math.floor(fx), width - 2 < 0 ? 0 : width - 2);
  const y0 = Math.min(Math.floor(fy), height - 2 < 0 ? 0 : height - 2);
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const tx = fx - x0;
  const ty = fy - y0;
  const a = field[y0 * width + x0];
  const b = field[y0 * width + x1];
  const c = field[y1 * width + x0];
  const d = field[y1 * width + x1];
  return (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty;
}
