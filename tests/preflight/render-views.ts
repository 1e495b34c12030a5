/**
 * Renders the views of a real 3D model for the view sets of the preflight's test set: the Wuson
 * bison of assimp's test models (`WusonOBJ.obj`, Debian package `assimp-testmodels`,
 * BSD-3-clause) seen from the front, its left, the back and its right, at a few small turns and
 * tilts, shaded grey on a light backdrop like a product photo. A plain z-buffer rasteriser
 * (orthographic camera, Lambert light from the upper left of the camera) so that no GPU is
 * needed; the PNGs are committed (`photos/views/`), this script is how they were made:
 * `npx tsx tests/preflight/render-views.ts [path/to/WusonOBJ.obj]`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OBJ = process.argv[2] ?? '/usr/share/assimp/models/OBJ/WusonOBJ.obj';
const OUT = path.resolve(import.meta.dirname, 'photos/views');
const SIZE = 480;

type Vec = [number, number, number];

function readObj(file: string): { vertices: Vec[]; faces: [number, number, number][] } {
  const vertices: Vec[] = [];
  const faces: [number, number, number][] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts[0] === 'v') vertices.push([+parts[1]!, +parts[2]!, +parts[3]!]);
    if (parts[0] === 'f') {
      const idx = parts.slice(1).map((p) => parseInt(p, 10) - 1);
      for (let k = 1; k + 1 < idx.length; k++) faces.push([idx[0]!, idx[k]!, idx[k + 1]!]);
    }
  }
  return { vertices, faces };
}

/** The model turned by `yaw` about Y and tilted by `pitch` about X, both in degrees. */
function render(model: ReturnType<typeof readObj>, yaw: number, pitch: number): Buffer {
  const cy = Math.cos((yaw * Math.PI) / 180);
  const sy = Math.sin((yaw * Math.PI) / 180);
  const cp = Math.cos((pitch * Math.PI) / 180);
  const sp = Math.sin((pitch * Math.PI) / 180);
  const turned = model.vertices.map(([x, y, z]): Vec => {
    const x1 = cy * x + sy * z;
    const z1 = -sy * x + cy * z;
    return [x1, cp * y - sp * z1, sp * y + cp * z1];
  });
  const extent = (axis: 0 | 1) => {
    const values = turned.map((v) => v[axis]);
    return [Math.min(...values), Math.max(...values)] as const;
  };
  const [left, right] = extent(0);
  const [lo, hi] = extent(1);
  // The figure fills 70 % of the frame's larger side, centred: whole, with space around it.
  const scale = (SIZE * 0.7) / Math.max(right - left, hi - lo);
  const midX = (left + right) / 2;
  const midY = (lo + hi) / 2;
  const px = (v: Vec): Vec => [
    SIZE / 2 + (v[0] - midX) * scale,
    SIZE / 2 - (v[1] - midY) * scale,
    v[2],
  ];
  const depth = new Float32Array(SIZE * SIZE).fill(-Infinity);
  const shade = new Float32Array(SIZE * SIZE).fill(-1);
  const light: Vec = [-0.4, 0.5, 0.77];
  for (const [a, b, c] of model.faces) {
    const A = turned[a]!;
    const B = turned[b]!;
    const C = turned[c]!;
    const u: Vec = [B[0] - A[0], B[1] - A[1], B[2] - A[2]];
    const w: Vec = [C[0] - A[0], C[1] - A[1], C[2] - A[2]];
    const n: Vec = [
      u[1] * w[2] - u[2] * w[1],
      u[2] * w[0] - u[0] * w[2],
      u[0] * w[1] - u[1] * w[0],
    ];
    const len = Math.hypot(...n) || 1;
    const lambert = Math.abs(n[0] * light[0] + n[1] * light[1] + n[2] * light[2]) / len;
    const [p, q, r] = [px(A), px(B), px(C)];
    const area = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
    if (!area) continue;
    const x0 = Math.max(0, Math.floor(Math.min(p[0], q[0], r[0])));
    const x1 = Math.min(SIZE - 1, Math.ceil(Math.max(p[0], q[0], r[0])));
    const y0 = Math.max(0, Math.floor(Math.min(p[1], q[1], r[1])));
    const y1 = Math.min(SIZE - 1, Math.ceil(Math.max(p[1], q[1], r[1])));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const l0 = ((q[0] - x) * (r[1] - y) - (q[1] - y) * (r[0] - x)) / area;
        const l1 = ((r[0] - x) * (p[1] - y) - (r[1] - y) * (p[0] - x)) / area;
        const l2 = 1 - l0 - l1;
        if (l0 < 0 || l1 < 0 || l2 < 0) continue;
        const z = l0 * p[2] + l1 * q[2] + l2 * r[2];
        const i = y * SIZE + x;
        if (z <= depth[i]!) continue;
        depth[i] = z;
        shade[i] = lambert;
      }
  }
  const rgb = Buffer.alloc(SIZE * SIZE * 3);
  for (let i = 0; i < SIZE * SIZE; i++) {
    const s = shade[i]!;
    // A warm grey figure on a light grey backdrop that darkens a little toward the bottom.
    const bg = 226 - Math.floor(i / SIZE / 24);
    const rgbOf: Vec = s < 0 ? [bg, bg, bg + 2] : [40 + 170 * s, 34 + 150 * s, 28 + 120 * s];
    rgb.set(rgbOf.map(Math.round), i * 3);
  }
  return rgb;
}

/** The sides, by the model's turn that shows each (the bison faces -Z). */
export const SIDES = { front: 180, left: 90, back: 0, right: 270 } as const;
/** The small turns and tilts each side is rendered at (a hand-held camera's variation). */
export const POSES = [
  { name: 'a', yaw: 0, pitch: 8 },
  { name: 'b', yaw: 12, pitch: 15 },
  { name: 'c', yaw: -10, pitch: 4 },
] as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  const model = readObj(OBJ);
  mkdirSync(OUT, { recursive: true });
  for (const pose of POSES)
    for (const [side, yaw] of Object.entries(SIDES)) {
      const raw = render(model, yaw + pose.yaw, pose.pitch);
      await sharp(raw, { raw: { width: SIZE, height: SIZE, channels: 3 } })
        .png({ compressionLevel: 9 })
        .toFile(path.join(OUT, `wuson-${pose.name}-${side}.png`));
    }
}
