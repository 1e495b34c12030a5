/**
 * The stages of the mesh-health check (`analyseHealth` runs them in order, glTF-Transform style):
 * each reads the welded mesh and what the stages before it found, and returns its own facts.
 * The definitions of every count are in `mesh-health.ts`.
 */
import { KeyTable } from './key-table';

/** The welded triangles every stage reads. */
export interface WeldedMesh {
  /** Welded vertex positions, xyz. */
  readonly P: Float32Array;
  /** Triangles over the welded vertices. */
  readonly tri: Uint32Array;
  /** Triangles. */
  readonly F: number;
  /** Welded vertices. */
  readonly V: number;
}

class UnionFind {
  readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
  }
  find(x: number): number {
    const p = this.parent;
    while (p[x] !== x) {
      p[x] = p[p[x]!]!;
      x = p[x]!;
    }
    return x;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[ra] = rb;
  }
}

/** Stage 2's answer: which triangles the topology counts. */
export interface Triangles {
  /** 1 for a triangle that is neither degenerate nor a duplicate. */
  readonly valid: Uint8Array;
  readonly degenerate: number[];
  readonly duplicate: number[];
  /** Surface area of the valid triangles. */
  readonly area: number;
}

/** Stage 2: degenerate and duplicate triangles, left out of everything after. */
export function classifyTriangles({ P, tri, F }: WeldedMesh, tolerance: number): Triangles {
  const valid = new Uint8Array(F);
  const degenerate: number[] = [];
  const duplicate: number[] = [];
  const faceKeys = new KeyTable(3, F);
  let area = 0;
  for (let f = 0; f < F; f++) {
    const a = tri[f * 3]!;
    const b = tri[f * 3 + 1]!;
    const c = tri[f * 3 + 2]!;
    if (a === b || b === c || a === c) {
      degenerate.push(f);
      continue;
    }
    const ux = P[b * 3]! - P[a * 3]!;
    const uy = P[b * 3 + 1]! - P[a * 3 + 1]!;
    const uz = P[b * 3 + 2]! - P[a * 3 + 2]!;
    const vx = P[c * 3]! - P[a * 3]!;
    const vy = P[c * 3 + 1]! - P[a * 3 + 1]!;
    const vz = P[c * 3 + 2]! - P[a * 3 + 2]!;
    const twice = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    const wx = P[c * 3]! - P[b * 3]!;
    const wy = P[c * 3 + 1]! - P[b * 3 + 1]!;
    const wz = P[c * 3 + 2]! - P[b * 3 + 2]!;
    const longest = Math.max(
      Math.hypot(ux, uy, uz),
      Math.hypot(vx, vy, vz),
      Math.hypot(wx, wy, wz),
    );
    if (twice / longest < tolerance) {
      degenerate.push(f);
      continue;
    }
    const lo = Math.min(a, b, c);
    const hi = Math.max(a, b, c);
    const slot = faceKeys.slot(lo, a + b + c - lo - hi, hi);
    if (faceKeys.values[slot]! >= 0) {
      duplicate.push(f);
      continue;
    }
    faceKeys.values[slot] = f;
    valid[f] = 1;
    area += twice / 2;
  }
  return { valid, degenerate, duplicate, area };
}

/** Stage 3's answer: every edge of the valid triangles and how it is used. */
export interface Edges {
  /** Edges. */
  readonly E: number;
  /** Triangles using each edge. */
  readonly uses: Int32Array;
  /** Uses running from the lower vertex to the higher. */
  readonly forward: Int32Array;
  /** The first and second triangle using each edge. */
  readonly face0: Int32Array;
  readonly face1: Int32Array;
  /** Each edge's two vertices, lower first. */
  readonly ends: Uint32Array;
  /** The edge of each triangle side (`f * 3 + k`), -1 for an invalid triangle. */
  readonly faceEdge: Int32Array;
  /** Open (one use), non-manifold (3+) and inconsistent (two uses, same direction) edges. */
  readonly boundary: number[];
  readonly nonManifold: number[];
  readonly inconsistent: number[];
}

/** Stage 3: edges, their use counts and how many uses run from the lower vertex to the higher. */
export function buildEdges({ tri, F }: WeldedMesh, valid: Uint8Array): Edges {
  const edgeKeys = new KeyTable(2, F * 3);
  const cap = F * 3;
  const uses = new Int32Array(cap);
  const forward = new Int32Array(cap);
  const face0 = new Int32Array(cap);
  const face1 = new Int32Array(cap);
  const ends = new Uint32Array(cap * 2);
  const faceEdge = new Int32Array(F * 3).fill(-1);
  let E = 0;
  for (let f = 0; f < F; f++) {
    if (!valid[f]) continue;
    for (let k = 0; k < 3; k++) {
      const u = tri[f * 3 + k]!;
      const v = tri[f * 3 + ((k + 1) % 3)]!;
      const lo = u < v ? u : v;
      const hi = u < v ? v : u;
      const slot = edgeKeys.slot(lo, hi);
      let e = edgeKeys.values[slot]!;
      if (e < 0) {
        e = E++;
        edgeKeys.values[slot] = e;
        ends[e * 2] = lo;
        ends[e * 2 + 1] = hi;
      }
      faceEdge[f * 3 + k] = e;
      const used = uses[e]! + 1;
      uses[e] = used;
      if (u < v) forward[e] = forward[e]! + 1;
      if (used === 1) face0[e] = f;
      else if (used === 2) face1[e] = f;
    }
  }
  const boundary: number[] = [];
  const nonManifold: number[] = [];
  const inconsistent: number[] = [];
  for (let e = 0; e < E; e++) {
    const used = uses[e]!;
    if (used === 1) boundary.push(e);
    else if (used > 2) nonManifold.push(e);
    else if (forward[e] !== 1) inconsistent.push(e);
  }
  return { E, uses, forward, face0, face1, ends, faceEdge, boundary, nonManifold, inconsistent };
}

/** Stage 4: holes, loops of open edges, largest first (each a list of its edges). */
export function findHoles({ V }: WeldedMesh, edges: Edges): number[][] {
  const { boundary, ends } = edges;
  const loops = new UnionFind(V);
  for (const e of boundary) loops.union(ends[e * 2]!, ends[e * 2 + 1]!);
  const holeEdges = new Map<number, number[]>();
  for (const e of boundary) {
    const root = loops.find(ends[e * 2]!);
    const list = holeEdges.get(root);
    if (list) list.push(e);
    else holeEdges.set(root, [e]);
  }
  return [...holeEdges.values()].sort((a, b) => b.length - a.length);
}

/** Stage 5: parts, groups of valid triangles joined through shared vertices. */
export function countParts({ tri, F, V }: WeldedMesh, valid: Uint8Array): number {
  const joined = new UnionFind(V);
  const used = new Uint8Array(V);
  for (let f = 0; f < F; f++) {
    if (!valid[f]) continue;
    joined.union(tri[f * 3]!, tri[f * 3 + 1]!);
    joined.union(tri[f * 3]!, tri[f * 3 + 2]!);
    used[tri[f * 3]!] = used[tri[f * 3 + 1]!] = used[tri[f * 3 + 2]!] = 1;
  }
  let parts = 0;
  for (let v = 0; v < V; v++) if (used[v] && joined.find(v) === v) parts++;
  return parts;
}

/**
 * Stage 6: non-manifold vertices. Corners (face, vertex) joined across two-triangle edges form
 * the fans; a vertex in more than one fan is marked in `bad`.
 */
export function findNonManifoldVertices(
  { tri, F, V }: WeldedMesh,
  valid: Uint8Array,
  edges: Edges,
): { bad: Uint8Array; count: number } {
  const corners = new UnionFind(F * 3);
  const cornerOf = (f: number, v: number) =>
    f * 3 + (tri[f * 3] === v ? 0 : tri[f * 3 + 1] === v ? 1 : 2);
  for (let e = 0; e < edges.E; e++) {
    if (edges.uses[e] !== 2) continue;
    const f0 = edges.face0[e]!;
    const f1 = edges.face1[e]!;
    for (const v of [edges.ends[e * 2]!, edges.ends[e * 2 + 1]!]) {
      corners.union(cornerOf(f0, v), cornerOf(f1, v));
    }
  }
  const fanOf = new Int32Array(V).fill(-1);
  const bad = new Uint8Array(V);
  for (let f = 0; f < F; f++) {
    if (!valid[f]) continue;
    for (let k = 0; k < 3; k++) {
      const v = tri[f * 3 + k]!;
      const root = corners.find(f * 3 + k);
      if (fanOf[v] === -1) fanOf[v] = root;
      else if (fanOf[v] !== root) bad[v] = 1;
    }
  }
  let count = 0;
  for (let v = 0; v < V; v++) count += bad[v]!;
  return { bad, count };
}

/** The signed volume of the tetrahedron from the origin to triangle `f`. */
export function signedTetra({ P, tri }: WeldedMesh, f: number): number {
  const a = tri[f * 3]! * 3;
  const b = tri[f * 3 + 1]! * 3;
  const c = tri[f * 3 + 2]! * 3;
  return (
    (P[a]! * (P[b + 1]! * P[c + 2]! - P[b + 2]! * P[c + 1]!) -
      P[a + 1]! * (P[b]! * P[c + 2]! - P[b + 2]! * P[c]!) +
      P[a + 2]! * (P[b]! * P[c + 1]! - P[b + 1]! * P[c]!)) /
    6
  );
}

/** Stage 7's answer: each triangle's region and orientation within it. */
export interface Winding {
  /** Region of each valid triangle (-1 for an invalid one). */
  readonly region: Int32Array;
  /** Orientation of each triangle relative to its region's first. */
  readonly parity: Int8Array;
  /** Each region's majority orientation. */
  readonly majority: number[];
  /** Triangles against their region's majority. */
  readonly flipped: number[];
  /** Each closed region whose majority encloses a negative volume. */
  readonly insideOut: boolean[];
  readonly insideOutParts: number;
}

/**
 * Stage 7: winding. Walks each region joined by two-triangle edges, keeping each face's
 * orientation relative to the region's first face; the minority is flipped, and a closed region
 * enclosing a negative volume is inside out.
 */
export function orientRegions(mesh: WeldedMesh, valid: Uint8Array, edges: Edges): Winding {
  const { F } = mesh;
  const parity = new Int8Array(F).fill(-1);
  const region = new Int32Array(F).fill(-1);
  const queue = new Int32Array(F);
  const regionCounts: Array<[number, number]> = [];
  const regionOpen: boolean[] = [];
  for (let seed = 0; seed < F; seed++) {
    if (!valid[seed] || parity[seed] !== -1) continue;
    const r = regionCounts.length;
    const counts: [number, number] = [0, 0];
    let open = false;
    let head = 0;
    let tail = 0;
    queue[tail++] = seed;
    parity[seed] = 0;
    region[seed] = r;
    while (head < tail) {
      const f = queue[head++]!;
      counts[parity[f]!]++;
      for (let k = 0; k < 3; k++) {
        const e = edges.faceEdge[f * 3 + k]!;
        if (edges.uses[e] !== 2) {
          open = true;
          continue;
        }
        const g = edges.face0[e] === f ? edges.face1[e]! : edges.face0[e]!;
        if (parity[g] !== -1) continue;
        const same = edges.forward[e] === 1; // traversed once each way: consistent
        parity[g] = (same ? parity[f]! : 1 - parity[f]!) as 0 | 1;
        region[g] = r;
        queue[tail++] = g;
      }
    }
    regionCounts.push(counts);
    regionOpen.push(open);
  }
  const majority = regionCounts.map(([zero, one]) => (one > zero ? 1 : 0));
  const flipped: number[] = [];
  const regionVolume = new Float64Array(regionCounts.length);
  for (let f = 0; f < F; f++) {
    if (!valid[f]) continue;
    const r = region[f]!;
    const agrees = parity[f] === majority[r];
    if (!agrees) flipped.push(f);
    regionVolume[r] += agrees ? signedTetra(mesh, f) : -signedTetra(mesh, f);
  }
  const insideOut = regionCounts.map((_, r) => !regionOpen[r] && regionVolume[r]! < 0);
  const insideOutParts = insideOut.filter(Boolean).length;
  return { region, parity, majority, flipped, insideOut, insideOutParts };
}

/**
 * Stage 8: the solid the print check works on, the valid triangles with each region turned to
 * face outward, and the volume they enclose.
 */
export function buildSolid(
  mesh: WeldedMesh,
  valid: Uint8Array,
  winding: Winding,
): { triangles: Uint32Array; volume: number; count: number } {
  const { tri, F } = mesh;
  const { region, parity, majority, insideOut } = winding;
  const count = valid.reduce((n, x) => n + x, 0);
  const triangles = new Uint32Array(count * 3);
  let volume = 0;
  for (let f = 0, o = 0; f < F; f++) {
    if (!valid[f]) continue;
    const r = region[f]!;
    const turn = (parity[f] !== majority[r]) !== insideOut[r];
    triangles[o] = tri[f * 3]!;
    triangles[o + 1] = tri[f * 3 + (turn ? 2 : 1)]!;
    triangles[o + 2] = tri[f * 3 + (turn ? 1 : 2)]!;
    volume += turn ? -signedTetra(mesh, f) : signedTetra(mesh, f);
    o += 3;
  }
  return { triangles, volume, count };
}

/** The extent of `positions` along x, y and z. */
export function sizeOf(positions: Float32Array): [number, number, number] {
  return [0, 1, 2].map((k) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = k; i < positions.length; i += 3) {
      const v = positions[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    return hi >= lo ? hi - lo : 0;
  }) as [number, number, number];
}
