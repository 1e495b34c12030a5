/**
 * The mesh-health check: after welding by position, reads the topology of the model's triangles
 * and reports what a slicer or a game engine would trip over, with the geometry of each issue so
 * the viewer can frame and highlight it.
 *
 * Definitions (each count is exact for the meshes it is tested on):
 * - a triangle is **degenerate** when two corners weld together or its height is below the weld
 *   tolerance; a **duplicate** covers the same three welded vertices as an earlier one. Both are
 *   left out of the topology below (a duplicate would otherwise make every edge non-manifold);
 * - an edge is **open** (boundary) when one triangle uses it, **non-manifold** when three or more
 *   do, **inconsistent** when two triangles traverse it in the same direction;
 * - a **hole** is one connected loop of open edges;
 * - a vertex is **non-manifold** when its triangles form more than one fan, i.e. they fall into
 *   separate groups that share no ordinary (two-triangle) edge at it: two solids touching at a
 *   corner, or along a non-manifold edge (its two end points);
 * - **parts** are groups of triangles connected through shared vertices;
 * - **flipped** triangles are the minority orientation within a region joined by two-triangle
 *   edges; a closed region whose majority orientation encloses a negative volume is **inside out**.
 */
import { decodeInput } from './decode-input';
import type { HealthInput, HealthIssue, HealthReport, IssueKind } from './health-types';
import { KeyTable } from './key-table';
import { weld, weldTolerance } from './weld';

/** The cleaned surface the print check works on, kept by the worker after the report. */
export interface SolidMesh {
  /** Welded vertices. */
  readonly positions: Float32Array;
  /** Valid triangles, re-oriented so that closed parts face outward. */
  readonly triangles: Uint32Array;
  readonly watertight: boolean;
  /** Enclosed volume (model units³), null unless watertight. */
  readonly volume: number | null;
}

/** Highest number of holes listed one by one; the rest are one entry. */
const LISTED_HOLES = 20;
/** Most faces or edges an issue carries for its highlight (the counts stay exact). */
const MAX_DRAWN = 200_000;

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

/** Bounding sphere (of the AABB) of points given as a flat xyz array. */
export function sphereOf(points: Float32Array): {
  center: [number, number, number];
  radius: number;
} {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < points.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = points[i + k]!;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
  }
  if (!points.length) return { center: [0, 0, 0], radius: 0 };
  const center: [number, number, number] = [0, 1, 2].map((k) => (min[k]! + max[k]!) / 2) as [
    number,
    number,
    number,
  ];
  const radius = Math.hypot(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!) / 2;
  return { center, radius };
}

/** An issue from its edges and faces (either may be empty). */
export function makeIssue(
  id: string,
  kind: IssueKind,
  label: string,
  count: number,
  segments: Float32Array | null,
  faces: Float32Array | null,
): HealthIssue {
  const all = new Float32Array((segments?.length ?? 0) + (faces?.length ?? 0));
  if (segments) all.set(segments);
  if (faces) all.set(faces, segments?.length ?? 0);
  const { center, radius } = sphereOf(all);
  return { id, kind, label, count, segments, faces, center, radius };
}

/** Triangles `ids` of `tris` over `pos`, as 9 floats each (at most {@link MAX_DRAWN}). */
export function faceGeometry(
  pos: Float32Array,
  tris: Uint32Array,
  ids: ArrayLike<number>,
): Float32Array {
  const n = Math.min(ids.length, MAX_DRAWN);
  const out = new Float32Array(n * 9);
  for (let i = 0; i < n; i++) {
    const f = ids[i]!;
    for (let k = 0; k < 3; k++)
      out.set(pos.subarray(tris[f * 3 + k]! * 3, tris[f * 3 + k]! * 3 + 3), i * 9 + k * 3);
  }
  return out;
}

function edgeGeometry(pos: Float32Array, ends: ArrayLike<number>): Float32Array {
  const n = Math.min(ends.length / 2, MAX_DRAWN);
  const out = new Float32Array(n * 6);
  for (let i = 0; i < n; i++) {
    out.set(pos.subarray(ends[i * 2]! * 3, ends[i * 2]! * 3 + 3), i * 6);
    out.set(pos.subarray(ends[i * 2 + 1]! * 3, ends[i * 2 + 1]! * 3 + 3), i * 6 + 3);
  }
  return out;
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Checks `input`; `progress` hears each stage as it starts. */
export function analyseHealth(
  input: HealthInput,
  progress: (stage: string, done: number) => void = () => {},
): { report: HealthReport; solid: SolidMesh } {
  progress('Reading the model', 0);
  const { mesh, uv } = decodeInput(input);
  const raw = mesh.triangles;
  const F = raw.length / 3;
  const { center: _c, radius: halfDiagonal } = sphereOf(mesh.positions);
  const tolerance = weldTolerance(halfDiagonal * 2);

  progress('Welding seams', 0.1);
  const welded = weld(mesh.positions, tolerance);
  const P = welded.positions;
  const V = welded.count;
  const tri = new Uint32Array(F * 3);
  for (let i = 0; i < raw.length; i++) tri[i] = welded.remap[raw[i]!]!;

  // Degenerate and duplicate triangles.
  progress('Reading the topology', 0.25);
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

  // Edges: use counts, and how many uses run from the lower vertex to the higher.
  const edgeKeys = new KeyTable(2, F * 3);
  const cap = F * 3;
  const edgeUses = new Int32Array(cap);
  const edgeForward = new Int32Array(cap);
  const edgeFace0 = new Int32Array(cap);
  const edgeFace1 = new Int32Array(cap);
  const edgeEnds = new Uint32Array(cap * 2);
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
        edgeEnds[e * 2] = lo;
        edgeEnds[e * 2 + 1] = hi;
      }
      faceEdge[f * 3 + k] = e;
      const uses = edgeUses[e]! + 1;
      edgeUses[e] = uses;
      if (u < v) edgeForward[e] = edgeForward[e]! + 1;
      if (uses === 1) edgeFace0[e] = f;
      else if (uses === 2) edgeFace1[e] = f;
    }
  }
  const boundary: number[] = [];
  const nonManifold: number[] = [];
  const inconsistent: number[] = [];
  for (let e = 0; e < E; e++) {
    const uses = edgeUses[e]!;
    if (uses === 1) boundary.push(e);
    else if (uses > 2) nonManifold.push(e);
    else if (edgeForward[e] !== 1) inconsistent.push(e);
  }

  // Holes: loops of open edges.
  const loops = new UnionFind(V);
  for (const e of boundary) loops.union(edgeEnds[e * 2]!, edgeEnds[e * 2 + 1]!);
  const holeEdges = new Map<number, number[]>();
  for (const e of boundary) {
    const root = loops.find(edgeEnds[e * 2]!);
    const list = holeEdges.get(root);
    if (list) list.push(e);
    else holeEdges.set(root, [e]);
  }

  // Parts: triangles joined through shared vertices.
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

  // Non-manifold vertices: corners (face, vertex) joined across two-triangle edges form the fans.
  const corners = new UnionFind(F * 3);
  const cornerOf = (f: number, v: number) =>
    f * 3 + (tri[f * 3] === v ? 0 : tri[f * 3 + 1] === v ? 1 : 2);
  for (let e = 0; e < E; e++) {
    if (edgeUses[e] !== 2) continue;
    const f0 = edgeFace0[e]!;
    const f1 = edgeFace1[e]!;
    for (const v of [edgeEnds[e * 2]!, edgeEnds[e * 2 + 1]!]) {
      corners.union(cornerOf(f0, v), cornerOf(f1, v));
    }
  }
  const fanOf = new Int32Array(V).fill(-1);
  const badVertex = new Uint8Array(V);
  for (let f = 0; f < F; f++) {
    if (!valid[f]) continue;
    for (let k = 0; k < 3; k++) {
      const v = tri[f * 3 + k]!;
      const root = corners.find(f * 3 + k);
      if (fanOf[v] === -1) fanOf[v] = root;
      else if (fanOf[v] !== root) badVertex[v] = 1;
    }
  }
  let nonManifoldVertices = 0;
  for (let v = 0; v < V; v++) nonManifoldVertices += badVertex[v]!;

  // Winding: walk each region joined by two-triangle edges, keeping each face's orientation
  // relative to the region's first face.
  progress('Checking the winding', 0.6);
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
        const e = faceEdge[f * 3 + k]!;
        if (edgeUses[e] !== 2) {
          open = true;
          continue;
        }
        const g = edgeFace0[e] === f ? edgeFace1[e]! : edgeFace0[e]!;
        if (parity[g] !== -1) continue;
        const same = edgeForward[e] === 1; // traversed once each way: consistent
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
  const signedTetra = (f: number) => {
    const a = tri[f * 3]! * 3;
    const b = tri[f * 3 + 1]! * 3;
    const c = tri[f * 3 + 2]! * 3;
    return (
      (P[a]! * (P[b + 1]! * P[c + 2]! - P[b + 2]! * P[c + 1]!) -
        P[a + 1]! * (P[b]! * P[c + 2]! - P[b + 2]! * P[c]!) +
        P[a + 2]! * (P[b]! * P[c + 1]! - P[b + 1]! * P[c]!)) /
      6
    );
  };
  for (let f = 0; f < F; f++) {
    if (!valid[f]) continue;
    const r = region[f]!;
    const agrees = parity[f] === majority[r];
    if (!agrees) flipped.push(f);
    regionVolume[r] += agrees ? signedTetra(f) : -signedTetra(f);
  }
  const insideOut = regionCounts.map((_, r) => !regionOpen[r] && regionVolume[r]! < 0);
  const insideOutParts = insideOut.filter(Boolean).length;

  // The solid: valid triangles, each region turned to face outward.
  const validCount = valid.reduce((n, x) => n + x, 0);
  const solidTriangles = new Uint32Array(validCount * 3);
  let volume = 0;
  for (let f = 0, o = 0; f < F; f++) {
    if (!valid[f]) continue;
    const r = region[f]!;
    const turn = (parity[f] !== majority[r]) !== insideOut[r];
    solidTriangles[o] = tri[f * 3]!;
    solidTriangles[o + 1] = tri[f * 3 + (turn ? 2 : 1)]!;
    solidTriangles[o + 2] = tri[f * 3 + (turn ? 1 : 2)]!;
    volume += turn ? -signedTetra(f) : signedTetra(f);
    o += 3;
  }
  const watertight =
    validCount > 0 &&
    boundary.length === 0 &&
    nonManifold.length === 0 &&
    nonManifoldVertices === 0 &&
    inconsistent.length === 0;

  // Issues, biggest first.
  progress('Collecting the issues', 0.85);
  const issues: HealthIssue[] = [];
  const holes = [...holeEdges.values()].sort((a, b) => b.length - a.length);
  const edgeList = (ids: readonly number[]) => {
    const ends = new Uint32Array(ids.length * 2);
    ids.forEach((e, i) => {
      ends[i * 2] = edgeEnds[e * 2]!;
      ends[i * 2 + 1] = edgeEnds[e * 2 + 1]!;
    });
    return edgeGeometry(P, ends);
  };
  holes.slice(0, LISTED_HOLES).forEach((edges, i) => {
    issues.push(
      makeIssue(
        `hole-${i + 1}`,
        'hole',
        `Hole ${i + 1} · ${plural(edges.length, 'open edge')}`,
        edges.length,
        edgeList(edges),
        null,
      ),
    );
  });
  if (holes.length > LISTED_HOLES) {
    const rest = holes.slice(LISTED_HOLES).flat();
    issues.push(
      makeIssue(
        'hole-rest',
        'hole',
        `${plural(holes.length - LISTED_HOLES, 'more hole')} · ${plural(rest.length, 'open edge')}`,
        rest.length,
        edgeList(rest),
        null,
      ),
    );
  }
  if (nonManifold.length) {
    issues.push(
      makeIssue(
        'non-manifold-edges',
        'non-manifold-edge',
        `${plural(nonManifold.length, 'non-manifold edge')} (shared by 3+ triangles)`,
        nonManifold.length,
        edgeList(nonManifold),
        null,
      ),
    );
  }
  if (nonManifoldVertices) {
    const ends: number[] = [];
    for (let f = 0; f < F && ends.length < MAX_DRAWN * 2; f++) {
      if (!valid[f]) continue;
      for (let k = 0; k < 3; k++) {
        const v = tri[f * 3 + k]!;
        if (!badVertex[v]) continue;
        ends.push(v, tri[f * 3 + ((k + 1) % 3)]!, v, tri[f * 3 + ((k + 2) % 3)]!);
      }
    }
    issues.push(
      makeIssue(
        'non-manifold-vertices',
        'non-manifold-vertex',
        `${plural(nonManifoldVertices, 'non-manifold vertex', 'non-manifold vertices')} (solids touching at a point)`,
        nonManifoldVertices,
        edgeGeometry(P, ends),
        null,
      ),
    );
  }
  if (flipped.length) {
    issues.push(
      makeIssue(
        'flipped',
        'flipped',
        `${plural(flipped.length, 'flipped triangle')} (wound against their neighbours)`,
        flipped.length,
        inconsistent.length ? edgeList(inconsistent) : null,
        faceGeometry(P, tri, flipped),
      ),
    );
  }
  if (insideOutParts) {
    const faces: number[] = [];
    for (let f = 0; f < F && faces.length < MAX_DRAWN; f++)
      if (valid[f] && insideOut[region[f]!]) faces.push(f);
    issues.push(
      makeIssue(
        'inside-out',
        'inside-out',
        `${plural(insideOutParts, 'part')} inside out (normals point inward)`,
        insideOutParts,
        null,
        faceGeometry(P, tri, faces),
      ),
    );
  }
  if (degenerate.length) {
    const ends: number[] = [];
    for (const f of degenerate.slice(0, MAX_DRAWN / 3)) {
      const [a, b, c] = [tri[f * 3]!, tri[f * 3 + 1]!, tri[f * 3 + 2]!];
      ends.push(a, b, b, c, c, a);
    }
    issues.push(
      makeIssue(
        'degenerate',
        'degenerate',
        `${plural(degenerate.length, 'degenerate triangle')} (no area)`,
        degenerate.length,
        edgeGeometry(P, ends),
        null,
      ),
    );
  }
  if (duplicate.length) {
    issues.push(
      makeIssue(
        'duplicate',
        'duplicate',
        `${plural(duplicate.length, 'duplicate triangle')}`,
        duplicate.length,
        null,
        faceGeometry(P, tri, duplicate),
      ),
    );
  }

  progress('Done', 1);
  const size = [0, 1, 2].map((k) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = k; i < mesh.positions.length; i += 3) {
      const v = mesh.positions[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    return hi >= lo ? hi - lo : 0;
  }) as [number, number, number];
  return {
    report: {
      meshes: input.meshes.length,
      triangles: F,
      vertices: mesh.positions.length / 3,
      weldedVertices: V,
      weldTolerance: tolerance,
      size,
      parts,
      boundaryEdges: boundary.length,
      holes: holes.length,
      nonManifoldEdges: nonManifold.length,
      nonManifoldVertices,
      degenerateTriangles: degenerate.length,
      duplicateTriangles: duplicate.length,
      inconsistentEdges: inconsistent.length,
      flippedTriangles: flipped.length,
      insideOutParts,
      watertight,
      area,
      volume: watertight ? volume : null,
      uvSets: uv.uvSets,
      meshesWithoutUvs: uv.meshesWithoutUvs,
      uvOutside: uv.uvOutside,
      textures: input.textures,
      texelDensity: uv.texelDensity,
      issues,
    },
    solid: {
      positions: P,
      triangles: solidTriangles,
      watertight,
      volume: watertight ? volume : null,
    },
  };
}
