/**
 * The quad remesh's topology tools on small meshes whose answers are known: a grid pairs into
 * quads only, a symmetric cut of a closed surface is closed and mirrored, and an enclosed shell is
 * dropped by `interior=fill` and kept by `interior=keep`.
 */
import { describe, expect, it } from 'vitest';
import { pebbleMesh } from '../service/procedural';
import { boundsOf, vertexNormals, weldPositions, type MeshData } from './mesh';
import { retopoMesh } from './retopo';
import {
  clipLeftHalf,
  dropEnclosed,
  mirrorPolygons,
  pairQuads,
  polygonsToMesh,
  polygonTriangles,
} from './topology';

/**
 * Closed and consistently oriented once welded by position: every edge once each way
 * (triangles that collapse when welded, like a UV sphere's at its poles, have no edges).
 */
function closed(mesh: MeshData): boolean {
  const { indices } = weldPositions(mesh);
  const directed = new Set<string>();
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
    if (a === b || b === c || a === c) continue;
    for (let k = 0; k < 3; k++) {
      const key = `${indices[t + k]}_${indices[t + ((k + 1) % 3)]}`;
      if (directed.has(key)) return false;
      directed.add(key);
    }
  }
  for (const key of directed) {
    const [a, b] = key.split('_');
    if (!directed.has(`${b}_${a}`)) return false;
  }
  return true;
}

function grid(n: number): MeshData {
  const positions: number[] = [];
  const uvs: number[] = [];
  for (let y = 0; y <= n; y++) {
    for (let x = 0; x <= n; x++) {
      positions.push(x, y, 0);
      uvs.push(x / n, y / n);
    }
  }
  const indices: number[] = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const a = y * (n + 1) + x;
      // Alternate diagonals, as a simplifier leaves them.
      if ((x + y) % 2) indices.push(a, a + 1, a + n + 2, a, a + n + 2, a + n + 1);
      else indices.push(a, a + 1, a + n + 1, a + 1, a + n + 2, a + n + 1);
    }
  }
  const p = new Float32Array(positions);
  const i = new Uint32Array(indices);
  return {
    positions: p,
    normals: vertexNormals(p, i),
    uvs: new Float32Array(uvs),
    indices: i,
    baseColor: [1, 1, 1, 1],
  };
}

/**
 * A closed torus (no poles, so no degenerate triangles) around Y, lumpy so it is not symmetric,
 * `rings × segments × 2` triangles.
 */
function torus(rings: number, segments: number): MeshData {
  const positions: number[] = [];
  const uvs: number[] = [];
  for (let r = 0; r < rings; r++) {
    const a = (r / rings) * Math.PI * 2;
    for (let s = 0; s < segments; s++) {
      const b = (s / segments) * Math.PI * 2;
      const tube = 0.35 + 0.05 * Math.sin(3 * a + 1) * Math.cos(2 * b);
      const radius = 1 + tube * Math.cos(b);
      positions.push(
        radius * Math.cos(a) + 0.2 * Math.sin(a) ** 2,
        tube * Math.sin(b),
        radius * Math.sin(a),
      );
      uvs.push(r / rings, s / segments);
    }
  }
  const indices: number[] = [];
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * segments + s;
      const b = ((r + 1) % rings) * segments + s;
      const c = ((r + 1) % rings) * segments + ((s + 1) % segments);
      const d = r * segments + ((s + 1) % segments);
      indices.push(a, d, b, d, c, b);
    }
  }
  const p = new Float32Array(positions);
  const i = new Uint32Array(indices);
  return {
    positions: p,
    normals: vertexNormals(p, i),
    uvs: new Float32Array(uvs),
    indices: i,
    baseColor: [1, 1, 1, 1],
  };
}

/** An axis-aligned closed box (outward faces), centred at `c` with half-size `h`. */
function box(c: [number, number, number], h: number): MeshData {
  const positions = new Float32Array(
    [0, 1, 2, 3, 4, 5, 6, 7].flatMap((i) => [
      c[0] + (i & 1 ? h : -h),
      c[1] + (i & 2 ? h : -h),
      c[2] + (i & 4 ? h : -h),
    ]),
  );
  const indices = new Uint32Array([
    0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3,
    5, 3, 7, 5,
  ]);
  return {
    positions,
    indices,
    normals: vertexNormals(positions, indices),
    uvs: new Float32Array(16),
    baseColor: [1, 1, 1, 1],
  };
}

function merge(...meshes: MeshData[]): MeshData {
  const out = {
    positions: [] as number[],
    normals: [] as number[],
    uvs: [] as number[],
    indices: [] as number[],
  };
  for (const m of meshes) {
    const base = out.positions.length / 3;
    out.positions.push(...m.positions);
    out.normals.push(...m.normals);
    out.uvs.push(...m.uvs);
    out.indices.push(...Array.from(m.indices, (i) => i + base));
  }
  return {
    positions: new Float32Array(out.positions),
    normals: new Float32Array(out.normals),
    uvs: new Float32Array(out.uvs),
    indices: new Uint32Array(out.indices),
    baseColor: [1, 1, 1, 1],
  };
}

describe('pairQuads', () => {
  it('turns a triangulated grid into quads only, covering the same surface', () => {
    const mesh = grid(8);
    const quads = pairQuads(mesh);
    expect(quads.sizes.length).toBe(64);
    expect([...quads.sizes].every((s) => s === 4)).toBe(true);
    // The quads' own triangles cover the grid (area 64).
    const tris = polygonTriangles(quads);
    let area = 0;
    for (let t = 0; t < tris.length; t += 3) {
      const [a, b, c] = [tris[t]! * 3, tris[t + 1]! * 3, tris[t + 2]! * 3];
      const p = mesh.positions;
      area +=
        ((p[b]! - p[a]!) * (p[c + 1]! - p[a + 1]!) - (p[b + 1]! - p[a + 1]!) * (p[c]! - p[a]!)) / 2;
    }
    expect(area).toBeCloseTo(64, 6);
  });

  it('pairs a closed, curved surface into a quad-dominant one that stays closed', () => {
    const quads = pairQuads(torus(24, 16));
    const share = [...quads.sizes].filter((s) => s === 4).length / quads.sizes.length;
    expect(share).toBeGreaterThan(0.9);
    expect(closed(polygonsToMesh(quads))).toBe(true);
  });
});

describe('symmetry', () => {
  it('cuts a closed surface at its centre plane and mirrors the −X half into a closed whole', () => {
    const { half, plane } = clipLeftHalf(torus(30, 20));
    expect(Math.max(...Array.from(half.positions).filter((_, i) => i % 3 === 0))).toBe(plane);
    const whole = polygonsToMesh(mirrorPolygons(pairQuads(half), plane));
    expect(closed(whole)).toBe(true);
    const b = boundsOf(whole.positions);
    expect(b.center[0]).toBeCloseTo(plane, 6);
    const points = new Set<string>();
    const key = (x: number, y: number, z: number) =>
      `${x.toFixed(5)},${y.toFixed(5)},${z.toFixed(5)}`;
    const p = whole.positions;
    for (let i = 0; i < p.length; i += 3) points.add(key(p[i]!, p[i + 1]!, p[i + 2]!));
    for (let i = 0; i < p.length; i += 3) {
      expect(points.has(key(2 * plane - p[i]!, p[i + 1]!, p[i + 2]!))).toBe(true);
    }
  });
});

describe('interior', () => {
  const outer = box([0, 0, 0], 1);
  const inner = box([0.1, 0, 0], 0.3);
  const beside = box([3, 0, 0], 0.5);

  it('dropEnclosed removes a shell inside another and keeps shells side by side', () => {
    const kept = dropEnclosed(merge(outer, inner, beside));
    expect(kept.indices.length / 3).toBe(24);
    expect(boundsOf(kept.positions).max[0]).toBeCloseTo(3.5, 6);
    expect(boundsOf(kept.positions).min[0]).toBeCloseTo(-1, 6);
    const single = pebbleMesh(2);
    expect(dropEnclosed(single)).toBe(single);
  });

  it('retopo interior=fill keeps the outer skin only; keep leaves the inside', async () => {
    const params = { faces: 500, texture: null, symmetry: false, format: 'glb' } as const;
    const nested = merge(outer, inner);
    const fill = await retopoMesh(nested, { ...params, interior: 'fill' });
    const keep = await retopoMesh(nested, { ...params, interior: 'keep' });
    expect(fill.mesh.sizes.length).toBe(6);
    expect(keep.mesh.sizes.length).toBe(12);
    expect([...fill.mesh.sizes].every((s) => s === 4)).toBe(true);
  });

  it('retopo meets the face target within 5 % on a dense surface', async () => {
    const dense = torus(160, 64);
    for (const faces of [500, 2000]) {
      const result = await retopoMesh(dense, {
        faces,
        texture: null,
        symmetry: false,
        interior: 'keep',
        format: 'fbx',
      });
      expect(Math.abs(result.mesh.sizes.length - faces)).toBeLessThanOrEqual(faces * 0.05);
      expect(result.quads / result.mesh.sizes.length).toBeGreaterThan(0.85);
      expect(closed(polygonsToMesh(result.mesh))).toBe(true);
    }
  });
});
