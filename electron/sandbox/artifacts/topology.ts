/**
 * Topology tools of the quad remesh (service-api.md §4.12):
 *
 * - {@link pairQuads}: triangles merged pairwise into quads across their best shared edges
 *   (greedy maximum matching by quad quality: right corners, convex, nearly planar), so the
 *   result is quad-dominant; the few triangles that find no partner stay triangles.
 * - {@link clipLeftHalf} and {@link mirrorPolygons}: `symmetry`: the half at −X of the model's
 *   centre plane, cut exactly along the plane, then mirrored onto +X; the two halves share the
 *   vertices on the plane, so a closed surface stays closed.
 * - {@link dropEnclosed}: `interior=fill`: connected shells that lie entirely inside another
 *   shell are removed, leaving the outer skin.
 */
import { boundsOf, compactMesh, weldPositions, type MeshData, type PolygonMesh } from './mesh';

type Vec3 = [number, number, number];

function vertex(p: Float32Array, v: number): Vec3 {
  return [p[v * 3]!, p[v * 3 + 1]!, p[v * 3 + 2]!];
}
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const len = (a: Vec3) => Math.hypot(a[0], a[1], a[2]);

/** Largest dihedral angle (degrees) across which two triangles may become one quad. */
const MAX_FOLD_DEGREES = 70;
/** Longest augmenting path tried per unpaired triangle (pairs swapped). */
const MAX_AUGMENT = 8;
/** Largest corner angle of a quad (radians). */
const MAX_CORNER = (165 * Math.PI) / 180;

/**
 * The cost of quad `q` (four vertex indices, counter-clockwise): how far its corners are from
 * right angles plus how much it folds; `Infinity` when it is not convex or folds too much.
 */
function quadCost(p: Float32Array, q: readonly number[], n1: Vec3, n2: Vec3): number {
  const l1 = len(n1);
  const l2 = len(n2);
  if (l1 === 0 || l2 === 0) return Infinity;
  const fold = dot(n1, n2) / (l1 * l2);
  if (fold < Math.cos((MAX_FOLD_DEGREES * Math.PI) / 180)) return Infinity;
  const normal: Vec3 = [n1[0] / l1 + n2[0] / l2, n1[1] / l1 + n2[1] / l2, n1[2] / l1 + n2[2] / l2];
  let deviation = 0;
  for (let k = 0; k < 4; k++) {
    const at = vertex(p, q[k]!);
    const next = sub(vertex(p, q[(k + 1) % 4]!), at);
    const prev = sub(vertex(p, q[(k + 3) % 4]!), at);
    // Convex, counter-clockwise corners turn the same way as the quad's normal.
    if (dot(cross(next, prev), normal) <= 0) return Infinity;
    const cos = dot(next, prev) / (len(next) * len(prev) || 1);
    const angle = Math.acos(Math.max(-1, Math.min(1, cos)));
    // A corner near 180° makes the quad a triangle in disguise (its other diagonal folds).
    if (angle > MAX_CORNER) return Infinity;
    deviation += Math.abs(angle - Math.PI / 2);
  }
  return deviation / (2 * Math.PI) + (1 - fold);
}

/** A pair of triangles `t` < `u` sharing an edge that may become `quad`, at `cost`. */
interface Candidate {
  t: number;
  u: number;
  cost: number;
  quad: number[];
}

/** The pairing of triangles under way: every candidate pair, and who is paired with whom. */
interface Matching {
  count: number;
  /** Sorted cheapest first (ties by triangle), so the result is deterministic. */
  candidates: Candidate[];
  /** The candidates of each triangle (indices into `candidates`). */
  options: number[][];
  /** Each triangle's partner, or -1. */
  partner: Int32Array;
  /** The quad of each pair, by the triangle `t` of its candidate. */
  quadOf: Map<number, number[]>;
}

/** Every pair of triangles sharing an edge (by vertex index) that would make an acceptable quad. */
function quadCandidates(mesh: MeshData): Candidate[] {
  const { indices, positions } = mesh;
  const count = indices.length / 3;
  const vertices = positions.length / 3;
  const owner = new Map<number, number>();
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      owner.set(indices[t * 3 + k]! * vertices + indices[t * 3 + ((k + 1) % 3)]!, t);
    }
  }
  const normal = (t: number) => {
    const a = vertex(positions, indices[t * 3]!);
    return cross(
      sub(vertex(positions, indices[t * 3 + 1]!), a),
      sub(vertex(positions, indices[t * 3 + 2]!), a),
    );
  };
  const candidates: Candidate[] = [];
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const a = indices[t * 3 + k]!;
      const b = indices[t * 3 + ((k + 1) % 3)]!;
      const c = indices[t * 3 + ((k + 2) % 3)]!;
      const u = owner.get(b * vertices + a);
      if (u === undefined || u <= t) continue;
      let d = -1;
      for (let j = 0; j < 3; j++) {
        const w = indices[u * 3 + j]!;
        if (w !== a && w !== b) d = w;
      }
      if (d < 0 || d === c) continue;
      // Triangle a→b→c and b→a→d without their shared edge: the loop a→d→b→c.
      const quad = [a, d, b, c];
      const cost = quadCost(positions, quad, normal(t), normal(u));
      if (cost < Infinity) candidates.push({ t, u, cost, quad });
    }
  }
  candidates.sort((x, y) => x.cost - y.cost || x.t - y.t || x.u - y.u);
  return candidates;
}

/**
 * Karp–Sipser matching: a triangle left with a single possible partner takes it at once (it
 * would otherwise end up alone); when none is forced, the cheapest free pair is merged.
 */
function greedyMatch(count: number, candidates: Candidate[]): Matching {
  const options: number[][] = Array.from({ length: count }, () => []);
  candidates.forEach((c, i) => {
    options[c.t]!.push(i);
    options[c.u]!.push(i);
  });
  const partner = new Int32Array(count).fill(-1);
  const quadOf = new Map<number, number[]>();
  const free = new Int32Array(count);
  const forced: number[] = [];
  for (let t = 0; t < count; t++) {
    free[t] = options[t]!.length;
    if (free[t] === 1) forced.push(t);
  }
  const match = (i: number) => {
    const { t, u, quad } = candidates[i]!;
    partner[t] = u;
    partner[u] = t;
    quadOf.set(t, quad);
    for (const end of [t, u]) {
      for (const j of options[end]!) {
        const c = candidates[j]!;
        const other = c.t === end ? c.u : c.t;
        if (partner[other] !== -1) continue;
        free[other] = free[other]! - 1;
        if (free[other] === 1) forced.push(other);
      }
    }
  };
  const available = (i: number) => {
    const c = candidates[i]!;
    return partner[c.t] === -1 && partner[c.u] === -1;
  };
  let next = 0;
  for (;;) {
    const t = forced.pop();
    if (t !== undefined) {
      if (partner[t] !== -1) continue;
      const only = options[t]!.find(available);
      if (only !== undefined) match(only);
      continue;
    }
    while (next < candidates.length && !available(next)) next++;
    if (next === candidates.length) break;
    match(next);
  }
  return { count, candidates, options, partner, quadOf };
}

/**
 * Augmenting paths: an unpaired triangle takes a neighbour's partner when that partner can pair
 * again further on (an alternating path ending at another unpaired triangle), as in maximum
 * matching; a closed mesh's triangles nearly all pair this way. Paths are kept short.
 */
function augmentAll(m: Matching): void {
  const { count, candidates, options, partner, quadOf } = m;
  const edgeOf = new Map<number, number>();
  candidates.forEach((c, i) => edgeOf.set(Math.min(c.t, c.u) * count + Math.max(c.t, c.u), i));
  const neighbours = (t: number) =>
    options[t]!.map((i) => {
      const c = candidates[i]!;
      return c.t === t ? c.u : c.t;
    });
  const augment = (start: number): boolean => {
    const visited = new Set<number>([start]);
    const path: number[] = [start];
    const search = (from: number, depth: number): boolean => {
      for (const next of neighbours(from)) {
        if (visited.has(next)) continue;
        const mate = partner[next]!;
        if (mate === -1) {
          path.push(next);
          return true;
        }
        if (depth === 0 || visited.has(mate)) continue;
        visited.add(next);
        visited.add(mate);
        path.push(next, mate);
        if (search(mate, depth - 1)) return true;
        path.length -= 2;
      }
      return false;
    };
    if (!search(start, MAX_AUGMENT)) return false;
    // path = start, a1, b1, a2, b2, …, end: pair start–a1, b1–a2, …, bk–end.
    for (let i = 0; i < path.length; i += 2) {
      const x = path[i]!;
      const y = path[i + 1]!;
      const key = Math.min(x, y) * count + Math.max(x, y);
      const c = candidates[edgeOf.get(key)!]!;
      partner[x] = y;
      partner[y] = x;
      quadOf.delete(x);
      quadOf.delete(y);
      quadOf.set(c.t, c.quad);
    }
    return true;
  };
  for (let t = 0; t < count; t++) if (partner[t] === -1 && options[t]!.length > 0) augment(t);
}

/**
 * Merges a triangle mesh's triangles pairwise into quads. Triangles pair only across edges they
 * share by vertex index, so texture seams are respected. Deterministic.
 */
export function pairQuads(mesh: MeshData): PolygonMesh {
  const { indices } = mesh;
  const count = indices.length / 3;
  const matching = greedyMatch(count, quadCandidates(mesh));
  augmentAll(matching);
  const { partner, quadOf } = matching;
  const polygons: number[] = [];
  const sizes: number[] = [];
  for (let t = 0; t < count; t++) {
    const other = partner[t]!;
    if (other === -1) {
      polygons.push(indices[t * 3]!, indices[t * 3 + 1]!, indices[t * 3 + 2]!);
      sizes.push(3);
    } else if (other > t) {
      polygons.push(...quadOf.get(t)!);
      sizes.push(4);
    }
  }
  const { indices: _dropped, ...rest } = mesh;
  return { ...rest, polygons: new Uint32Array(polygons), sizes: new Uint8Array(sizes) };
}

/** Triangles of a polygon mesh (each quad split along its 0–2 diagonal). */
export function polygonTriangles(mesh: PolygonMesh): Uint32Array {
  let triangles = 0;
  for (const size of mesh.sizes) triangles += size - 2;
  const out = new Uint32Array(triangles * 3);
  let at = 0;
  let o = 0;
  for (const size of mesh.sizes) {
    const first = mesh.polygons[at]!;
    for (let k = 1; k < size - 1; k++) {
      out[o++] = first;
      out[o++] = mesh.polygons[at + k]!;
      out[o++] = mesh.polygons[at + k + 1]!;
    }
    at += size;
  }
  return out;
}

/** The mesh (triangles) of a polygon mesh. */
export function polygonsToMesh(mesh: PolygonMesh): MeshData {
  const { polygons: _p, sizes: _s, ...rest } = mesh;
  return { ...rest, indices: polygonTriangles(mesh) };
}

/**
 * The part of a triangle mesh at x ≤ `plane` (default: the centre of its bounds), cut exactly
 * along the plane: vertices within a thousandth of the model's width of it are moved onto it
 * (no slivers), crossing triangles are clipped, and a cut vertex is made once per cut edge.
 * Triangles lying in the plane are dropped (they would be inside the mirrored whole).
 */
export function clipLeftHalf(mesh: MeshData, plane?: number): { half: MeshData; plane: number } {
  const bounds = boundsOf(mesh.positions);
  // A float32 value, so vertices moved onto the plane compare equal to it once stored.
  const cx = Math.fround(plane ?? bounds.center[0]);
  const snap = bounds.size[0] * 1e-3;
  const positions: number[] = Array.from(mesh.positions);
  const normals: number[] = Array.from(mesh.normals);
  const uvs: number[] = Array.from(mesh.uvs);
  const count = mesh.positions.length / 3;
  const side = new Int8Array(count);
  for (let v = 0; v < count; v++) {
    if (Math.abs(positions[v * 3]! - cx) <= snap) positions[v * 3] = cx;
    const x = positions[v * 3]!;
    side[v] = x < cx ? -1 : x > cx ? 1 : 0;
  }
  const cuts = new Map<number, number>();
  const cut = (p: number, q: number): number => {
    const key = Math.min(p, q) * count + Math.max(p, q);
    const known = cuts.get(key);
    if (known !== undefined) return known;
    // Interpolate from the lower position, so copies of one edge (a texture seam) give
    // bit-identical cut points.
    const lower = positions[p * 3]! < positions[q * 3]! ? p : q;
    const upper = lower === p ? q : p;
    const t = (cx - positions[lower * 3]!) / (positions[upper * 3]! - positions[lower * 3]!);
    const at = positions.length / 3;
    for (let k = 0; k < 3; k++) {
      const a = positions[lower * 3 + k]!;
      positions.push(k === 0 ? cx : a + (positions[upper * 3 + k]! - a) * t);
      const na = normals[lower * 3 + k]!;
      normals.push(na + (normals[upper * 3 + k]! - na) * t);
    }
    for (let k = 0; k < 2; k++) {
      const a = uvs[lower * 2 + k]!;
      uvs.push(a + (uvs[upper * 2 + k]! - a) * t);
    }
    cuts.set(key, at);
    return at;
  };
  const out: number[] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const tri = [mesh.indices[t]!, mesh.indices[t + 1]!, mesh.indices[t + 2]!];
    const s = tri.map((v) => side[v]!);
    if (Math.max(...s) <= 0) {
      if (s.some((v) => v < 0)) out.push(...tri);
      continue;
    }
    if (Math.min(...s) >= 0) continue;
    const polygon: number[] = [];
    for (let k = 0; k < 3; k++) {
      const p = tri[k]!;
      const q = tri[(k + 1) % 3]!;
      if (side[p]! <= 0) polygon.push(p);
      if (side[p]! * side[q]! < 0) polygon.push(cut(p, q));
    }
    for (let k = 1; k < polygon.length - 1; k++) {
      out.push(polygon[0]!, polygon[k]!, polygon[k + 1]!);
    }
  }
  // Vertices on the plane face along it, so the mirrored halves shade as one surface.
  for (let v = 0; v < positions.length / 3; v++) {
    if (positions[v * 3] !== cx) continue;
    const l = Math.hypot(normals[v * 3 + 1]!, normals[v * 3 + 2]!);
    if (l > 1e-6) {
      normals[v * 3] = 0;
      normals[v * 3 + 1] = normals[v * 3 + 1]! / l;
      normals[v * 3 + 2] = normals[v * 3 + 2]! / l;
    }
  }
  for (let v = 0; v < normals.length; v += 3) {
    const l = Math.hypot(normals[v]!, normals[v + 1]!, normals[v + 2]!) || 1;
    normals[v] = normals[v]! / l;
    normals[v + 1] = normals[v + 1]! / l;
    normals[v + 2] = normals[v + 2]! / l;
  }
  const whole: MeshData = {
    ...mesh,
    positions: new Float32Array(positions),
    normals: new Float32Array(normals),
    uvs: new Float32Array(uvs),
    indices: new Uint32Array(out),
  };
  return { half: compactMesh(whole, whole.indices), plane: cx };
}

/**
 * A polygon mesh made of the given half (at x ≤ `plane`) and its mirror image across the plane:
 * vertices on the plane are shared, the mirrored polygons are reversed so they face outward
 * (from the same first corner, so triangulating a quad splits it along the mirrored diagonal).
 * Mirrored vertices keep their texture coordinates (the texture is mirrored with the shape).
 */
export function mirrorPolygons(half: PolygonMesh, plane: number): PolygonMesh {
  const count = half.positions.length / 3;
  const mirror = new Uint32Array(count);
  let extra = 0;
  for (let v = 0; v < count; v++) {
    mirror[v] = half.positions[v * 3]! === plane ? v : count + extra++;
  }
  const positions = new Float32Array((count + extra) * 3);
  const normals = new Float32Array((count + extra) * 3);
  const uvs = new Float32Array((count + extra) * 2);
  positions.set(half.positions);
  normals.set(half.normals);
  uvs.set(half.uvs);
  for (let v = 0; v < count; v++) {
    const m = mirror[v]!;
    if (m === v) continue;
    positions[m * 3] = 2 * plane - half.positions[v * 3]!;
    positions[m * 3 + 1] = half.positions[v * 3 + 1]!;
    positions[m * 3 + 2] = half.positions[v * 3 + 2]!;
    normals[m * 3] = -half.normals[v * 3]!;
    normals[m * 3 + 1] = half.normals[v * 3 + 1]!;
    normals[m * 3 + 2] = half.normals[v * 3 + 2]!;
    uvs[m * 2] = half.uvs[v * 2]!;
    uvs[m * 2 + 1] = half.uvs[v * 2 + 1]!;
  }
  const polygons = new Uint32Array(half.polygons.length * 2);
  polygons.set(half.polygons);
  let at = 0;
  let o = half.polygons.length;
  for (const size of half.sizes) {
    // Reversed from the same first corner, so a quad keeps its diagonal (0–2) when triangulated.
    polygons[o++] = mirror[half.polygons[at]!]!;
    for (let k = size - 1; k >= 1; k--) polygons[o++] = mirror[half.polygons[at + k]!]!;
    at += size;
  }
  const sizes = new Uint8Array(half.sizes.length * 2);
  sizes.set(half.sizes);
  sizes.set(half.sizes, half.sizes.length);
  return { ...half, positions, normals, uvs, polygons, sizes };
}

/** Moller–Trumbore: does the ray from `o` along `d` cross triangle a, b, c (t > 0)? */
function rayHits(o: Vec3, d: Vec3, a: Vec3, b: Vec3, c: Vec3): boolean {
  const e1 = sub(b, a);
  const e2 = sub(c, a);
  const h = cross(d, e2);
  const det = dot(e1, h);
  if (Math.abs(det) < 1e-18) return false;
  const s = sub(o, a);
  const u = dot(s, h) / det;
  if (u < 0 || u > 1) return false;
  const q = cross(s, e1);
  const v = dot(d, q) / det;
  if (v < 0 || u + v > 1) return false;
  return dot(e2, q) / det > 0;
}

/**
 * The mesh without its enclosed shells: connected parts (by position) lying entirely inside
 * another part are dropped. A mesh of one shell comes back as it is.
 */
export function dropEnclosed(mesh: MeshData): MeshData {
  const welded = weldPositions(mesh);
  const vertexCount = welded.positions.length / 3;
  const parent = new Int32Array(vertexCount).map((_, i) => i);
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]!]!;
      v = parent[v]!;
    }
    return v;
  };
  const tris = welded.indices.length / 3;
  for (let t = 0; t < tris; t++) {
    const a = find(welded.indices[t * 3]!);
    for (let k = 1; k < 3; k++) {
      const b = find(welded.indices[t * 3 + k]!);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  const shells = new Map<number, number[]>();
  for (let t = 0; t < tris; t++) {
    const root = find(welded.indices[t * 3]!);
    let list = shells.get(root);
    if (!list) shells.set(root, (list = []));
    list.push(t);
  }
  if (shells.size < 2) return mesh;
  const p = welded.positions;
  const corner = (t: number, k: number) => vertex(p, welded.indices[t * 3 + k]!);
  const shellBounds = new Map<number, { min: Vec3; max: Vec3 }>();
  for (const [root, list] of shells) {
    const min: Vec3 = [Infinity, Infinity, Infinity];
    const max: Vec3 = [-Infinity, -Infinity, -Infinity];
    for (const t of list) {
      for (let k = 0; k < 3; k++) {
        const v = corner(t, k);
        for (let i = 0; i < 3; i++) {
          min[i] = Math.min(min[i]!, v[i]!);
          max[i] = Math.max(max[i]!, v[i]!);
        }
      }
    }
    shellBounds.set(root, { min, max });
  }
  // An odd direction, so the ray does not run along edges of axis-aligned models.
  const direction: Vec3 = [0.5773, 0.5774, 0.5775];
  const enclosed = new Set<number>();
  for (const [root, list] of shells) {
    const inner = shellBounds.get(root)!;
    const t0 = list[0]!;
    const a = corner(t0, 0);
    const b = corner(t0, 1);
    const c = corner(t0, 2);
    const probe: Vec3 = [
      (a[0] + b[0] + c[0]) / 3,
      (a[1] + b[1] + c[1]) / 3,
      (a[2] + b[2] + c[2]) / 3,
    ];
    for (const [other, otherList] of shells) {
      if (other === root) continue;
      const outer = shellBounds.get(other)!;
      const within = [0, 1, 2].every(
        (i) => inner.min[i]! >= outer.min[i]! && inner.max[i]! <= outer.max[i]!,
      );
      if (!within) continue;
      let crossings = 0;
      for (const t of otherList) {
        if (rayHits(probe, direction, corner(t, 0), corner(t, 1), corner(t, 2))) crossings++;
      }
      if (crossings % 2 === 1) {
        enclosed.add(root);
        break;
      }
    }
  }
  if (enclosed.size === 0) return mesh;
  const kept: number[] = [];
  for (const [root, list] of shells) {
    if (enclosed.has(root)) continue;
    for (const t of list) kept.push(t);
  }
  kept.sort((x, y) => x - y);
  const indices = new Uint32Array(kept.length * 3);
  kept.forEach((t, i) => indices.set(mesh.indices.subarray(t * 3, t * 3 + 3), i * 3));
  return compactMesh(mesh, indices);
}
