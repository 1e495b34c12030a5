import { describe, expect, it } from 'vitest';
import { signedDistance } from '../../../shared/segmentation/distance';
import { buildSheet, sheetForTarget, type DistanceField } from './mesh';
import { mulberry32 } from '../../../shared/segmentation/random';
import { buildSolid, type Solid } from './solid';

/** A mask drawn from discs, bars and one-pixel strokes: every outline case the grid can meet. */
function randomMask(seed: number, width = 96, height = 72): Uint8Array {
  const random = mulberry32(seed);
  const mask = new Uint8Array(width * height);
  const shapes = 3 + Math.floor(random() * 5);
  for (let s = 0; s < shapes; s++) {
    const kind = random();
    const cx = random() * width;
    const cy = random() * height;
    const r = 2 + random() * 20;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const dx = x + 0.5 - cx;
        const dy = y + 0.5 - cy;
        const inside =
          kind < 0.4
            ? dx * dx + dy * dy < r * r
            : kind < 0.7
              ? Math.abs(dx) < r && Math.abs(dy) < r / 3
              : Math.abs(dx - dy) < 0.8 && Math.abs(dx) < r; // a thin diagonal staircase
        if (inside) mask[y * width + x] = 1;
      }
    }
  }
  return mask;
}

function fieldOf(mask: Uint8Array, width = 96, height = 72): DistanceField {
  return { values: signedDistance(mask, width, height), width, height };
}

function solidOf(field: DistanceField, step: number, remesh: boolean): Solid {
  const sheet = buildSheet(field, step, remesh);
  return buildSolid(
    sheet,
    field,
    {
      crop: { x0: 0, y0: 0, x1: field.width, y1: field.height },
      front: { u0: 0, v0: 0, du: 1, dv: 0.5 },
      back: { u0: 0, v0: 0.5, du: 1, dv: 0.5 },
    },
    { metresPerPixel: 0.003, front: 0.6, back: 0.45 },
  );
}

/** Problems that would make the solid leak or shade inside out. */
function defects(solid: Solid) {
  const { positions: p, indices } = solid;
  const ids = new Map<string, number>();
  const weld = new Uint32Array(solid.vertexCount);
  for (let v = 0; v < solid.vertexCount; v++) {
    const key = `${p[v * 3]},${p[v * 3 + 1]},${p[v * 3 + 2]}`;
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    weld[v] = id;
  }
  const n = ids.size;
  const directed = new Map<number, number>();
  let folded = 0;
  let degenerate = 0;
  const half = indices.length / 2;
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
    const wa = weld[a];
    const wb = weld[b];
    const wc = weld[c];
    if (wa === wb || wb === wc || wa === wc) degenerate++;
    for (const [u, v] of [
      [wa, wb],
      [wb, wc],
      [wc, wa],
    ]) {
      directed.set(u * n + v, (directed.get(u * n + v) ?? 0) + 1);
    }
    // Front triangles wind counter-clockwise seen from +Z, back ones clockwise.
    const area =
      (p[b * 3] - p[a * 3]) * (p[c * 3 + 1] - p[a * 3 + 1]) -
      (p[c * 3] - p[a * 3]) * (p[b * 3 + 1] - p[a * 3 + 1]);
    if (t < half ? area <= 0 : area >= 0) folded++;
  }
  // Closed and consistently wound: every directed edge once, and its reverse once.
  let open = 0;
  for (const [key, count] of directed) {
    const u = Math.floor(key / n);
    const v = key % n;
    if (count !== 1 || directed.get(v * n + u) !== 1) open++;
  }
  return { open, folded, degenerate };
}

describe('sheet and solid', () => {
  for (let seed = 1; seed <= 12; seed++) {
    it(`closes a random silhouette without folds (seed ${seed})`, () => {
      const field = fieldOf(randomMask(seed));
      for (const step of [0.45, 1, 1.7, 3.2]) {
        for (const remesh of [false, true]) {
          const solid = solidOf(field, step, remesh);
          expect(solid.triangleCount).toBeGreaterThan(0);
          expect(defects(solid), `step ${step} remesh ${remesh}`).toEqual({
            open: 0,
            folded: 0,
            degenerate: 0,
          });
        }
      }
    });
  }

  it('closes a silhouette cut by the image frame', () => {
    const width = 60;
    const height = 40;
    const mask = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < 35; x++) mask[y * width + x] = 1;
    const field = fieldOf(mask, width, height);
    const solid = solidOf(field, 1.3, true);
    expect(defects(solid)).toEqual({ open: 0, folded: 0, degenerate: 0 });
    // Its outline follows the frame: the model spans the full photo height.
    expect(solid.size.y / 0.003).toBeGreaterThan(height - 2);
  });

  it('bridges shapes that touch only at a corner instead of pinching them', () => {
    const width = 20;
    const height = 20;
    const mask = new Uint8Array(width * height);
    for (let y = 4; y < 10; y++) for (let x = 4; x < 10; x++) mask[y * width + x] = 1;
    for (let y = 10; y < 16; y++) for (let x = 10; x < 16; x++) mask[y * width + x] = 1;
    const solid = solidOf(fieldOf(mask, width, height), 1, false);
    expect(defects(solid)).toEqual({ open: 0, folded: 0, degenerate: 0 });
  });

  it('follows the silhouette instead of the grid staircase when remeshing', () => {
    const width = 128;
    const height = 128;
    const r = 48;
    const mask = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if ((x + 0.5 - 64) ** 2 + (y + 0.5 - 64) ** 2 < r * r) mask[y * width + x] = 1;
      }
    }
    const field = fieldOf(mask, width, height);
    // Outline length: edges used by a single sheet triangle. A staircase around a disc is as long
    // as its bounding square (8 r); the circle itself is 2 pi r.
    const perimeter = (remesh: boolean): number => {
      const sheet = buildSheet(field, 3, remesh);
      const uses = new Map<number, number>();
      const t = sheet.triangles;
      for (let k = 0; k < t.length; k += 3) {
        for (let e = 0; e < 3; e++) {
          const a = t[k + e];
          const b = t[k + ((e + 1) % 3)];
          const key = Math.min(a, b) * sheet.vertexCount + Math.max(a, b);
          uses.set(key, (uses.get(key) ?? 0) + 1);
        }
      }
      let length = 0;
      for (const [key, count] of uses) {
        if (count !== 1) continue;
        const a = Math.floor(key / sheet.vertexCount);
        const b = key % sheet.vertexCount;
        length += Math.hypot(sheet.x[a] - sheet.x[b], sheet.y[a] - sheet.y[b]);
      }
      return length;
    };
    expect(perimeter(false) / (2 * Math.PI * r)).toBeGreaterThan(1.2);
    expect(perimeter(true) / (2 * Math.PI * r)).toBeCloseTo(1, 1);
  });

  it('meets triangle targets within 10 % across the range', () => {
    const field = fieldOf(randomMask(5));
    let area = 0;
    for (const v of field.values) if (v > 0) area++;
    for (const target of [10_000, 70_000, 400_000]) {
      const sheet = sheetForTarget(field, area, target, true);
      expect(Math.abs(sheet.triangleCount * 2 - target) / target).toBeLessThanOrEqual(0.1);
    }
  });
});
