/**
 * A small software renderer for thumbnails of finished models (retexture versions): an
 * orthographic view from the front (+Z, Y up) with a depth buffer, the base colour texture
 * sampled per pixel and simple Lambert light, rendered at twice the size and reduced for
 * anti-aliasing. Deterministic: the same mesh and texture give the same bytes.
 */
import sharp from 'sharp';
import { toBytes } from './decode';

/** An RGB raster (3 bytes per pixel). */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** What the renderer draws: world-space triangles with normals and texture coordinates. */
export interface RenderMesh {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  indices: Uint32Array;
}

/** Thumbnail edge, as the generator's thumbnails. */
const SIZE = 256;
const SUPERSAMPLE = 2;
/** Dark neutral backdrop, matching the app's viewer (and the generator's thumbnails). */
const BACKGROUND = [0x1d, 0x1f, 0x24] as const;
const LIGHT = (() => {
  const l = [0.3, 0.45, 1];
  const n = Math.hypot(l[0]!, l[1]!, l[2]!);
  return l.map((v) => v / n) as [number, number, number];
})();

/** Bilinear sample of an RGB image at texture coordinates (glTF: origin top-left), wrapped. */
export function sampleRgb(image: RgbImage, u: number, v: number, out: number[]): void {
  const { width, height, data } = image;
  const x = (u - Math.floor(u)) * width - 0.5;
  const y = (v - Math.floor(v)) * height - 0.5;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const cx0 = Math.min(width - 1, Math.max(0, x0));
  const cx1 = Math.min(width - 1, Math.max(0, x0 + 1));
  const cy0 = Math.min(height - 1, Math.max(0, y0));
  const cy1 = Math.min(height - 1, Math.max(0, y0 + 1));
  for (let k = 0; k < 3; k++) {
    const a = data[(cy0 * width + cx0) * 3 + k]!;
    const b = data[(cy0 * width + cx1) * 3 + k]!;
    const c = data[(cy1 * width + cx0) * 3 + k]!;
    const d = data[(cy1 * width + cx1) * 3 + k]!;
    out[k] = (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy;
  }
}

/**
 * Visits each pixel of a `size`×`size` grid whose centre the triangle (a, b, c) covers, with the
 * centre's barycentric weights of a, b and c. `slack` widens the triangle by that much weight, so
 * neighbours sharing an edge leave no pixel unpainted between them. Degenerate triangles visit
 * nothing.
 */
export function forEachCoveredPixel(
  triangle: Readonly<{ ax: number; ay: number; bx: number; by: number; cx: number; cy: number }>,
  size: number,
  slack: number,
  visit: (x: number, y: number, w0: number, w1: number, w2: number) => void,
): void {
  const { ax, ay, bx, by, cx, cy } = triangle;
  const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  if (Math.abs(area) < 1e-12) return;
  const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
  const x1 = Math.min(size - 1, Math.ceil(Math.max(ax, bx, cx)));
  const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy)));
  const y1 = Math.min(size - 1, Math.ceil(Math.max(ay, by, cy)));
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
      const w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
      const w2 = 1 - w0 - w1;
      if (w0 < -slack || w1 < -slack || w2 < -slack) continue;
      visit(x, y, w0, w1, w2);
    }
  }
}

/** A 256×256 WebP thumbnail of a textured mesh seen from the front. */
export async function renderThumbnailOfMesh(
  mesh: RenderMesh,
  texture: RgbImage | undefined,
  baseColor: readonly number[] = [1, 1, 1],
): Promise<Uint8Array> {
  const size = SIZE * SUPERSAMPLE;
  const { positions: p, normals: n, uvs, indices } = mesh;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < p.length; i += 3) {
    minX = Math.min(minX, p[i]!);
    maxX = Math.max(maxX, p[i]!);
    minY = Math.min(minY, p[i + 1]!);
    maxY = Math.max(maxY, p[i + 1]!);
  }
  const scale = (size * 0.88) / Math.max(maxX - minX, maxY - minY, 1e-9);
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const sx = (x: number) => size / 2 + (x - cx) * scale;
  const sy = (y: number) => size / 2 - (y - cy) * scale;

  const colour = new Uint8Array(size * size * 3);
  for (let i = 0; i < size * size; i++) colour.set(BACKGROUND, i * 3);
  const depth = new Float32Array(size * size).fill(-Infinity);
  const sample = [0, 0, 0];
  const tint = baseColor.map((c) => Math.min(1, Math.max(0, c)));
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]!;
    const b = indices[t + 1]!;
    const c = indices[t + 2]!;
    const triangle = {
      ax: sx(p[a * 3]!),
      ay: sy(p[a * 3 + 1]!),
      bx: sx(p[b * 3]!),
      by: sy(p[b * 3 + 1]!),
      cx: sx(p[c * 3]!),
      cy: sy(p[c * 3 + 1]!),
    };
    forEachCoveredPixel(triangle, size, 0, (x, y, w0, w1, w2) => {
      const z = w0 * p[a * 3 + 2]! + w1 * p[b * 3 + 2]! + w2 * p[c * 3 + 2]!;
      const o = y * size + x;
      if (z <= depth[o]!) return;
      depth[o] = z;
      const nx = w0 * n[a * 3]! + w1 * n[b * 3]! + w2 * n[c * 3]!;
      const ny = w0 * n[a * 3 + 1]! + w1 * n[b * 3 + 1]! + w2 * n[c * 3 + 1]!;
      const nz = w0 * n[a * 3 + 2]! + w1 * n[b * 3 + 2]! + w2 * n[c * 3 + 2]!;
      const nl = Math.hypot(nx, ny, nz) || 1;
      const light = 0.4 + 0.6 * Math.max(0, (nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2]) / nl);
      if (texture) {
        const u = w0 * uvs[a * 2]! + w1 * uvs[b * 2]! + w2 * uvs[c * 2]!;
        const v = w0 * uvs[a * 2 + 1]! + w1 * uvs[b * 2 + 1]! + w2 * uvs[c * 2 + 1]!;
        sampleRgb(texture, u, v, sample);
      } else {
        sample[0] = sample[1] = sample[2] = 255;
      }
      for (let k = 0; k < 3; k++) {
        colour[o * 3 + k] = Math.min(255, Math.round(sample[k]! * tint[k]! * light));
      }
    });
  }
  const webp = await sharp(colour, { raw: { width: size, height: size, channels: 3 } })
    .resize(SIZE, SIZE, { kernel: 'lanczos3' })
    .webp({ quality: 82, effort: 4, smartSubsample: false })
    .toBuffer();
  return toBytes(webp);
}
