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
import type {
  HealthInput,
  HealthIssue,
  HealthReport,
  HealthStage,
  IssueKind,
  IssueLabel,
} from './health-types';
import {
  buildEdges,
  buildSolid,
  classifyTriangles,
  countParts,
  findHoles,
  findNonManifoldVertices,
  orientRegions,
  sizeOf,
  type Edges,
  type Triangles,
  type WeldedMesh,
  type Winding,
} from './topology';
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
  label: IssueLabel,
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

/** The label of an issue that says its count of its kind. */
const COUNTED: IssueLabel = { says: 'count' };

/**
 * Checks `input` in numbered stages (`topology.ts`); `progress` hears each stage as it starts.
 */
export function analyseHealth(
  input: HealthInput,
  progress: (stage: HealthStage, done: number) => void = () => {},
): { report: HealthReport; solid: SolidMesh } {
  // 1. Read the model and weld its seams by position.
  progress('reading', 0);
  const { mesh, uv } = decodeInput(input);
  const raw = mesh.triangles;
  const F = raw.length / 3;
  const { center: _c, radius: halfDiagonal } = sphereOf(mesh.positions);
  const tolerance = weldTolerance(halfDiagonal * 2);
  progress('welding', 0.1);
  const welded = weld(mesh.positions, tolerance);
  const tri = new Uint32Array(F * 3);
  for (let i = 0; i < raw.length; i++) tri[i] = welded.remap[raw[i]!]!;
  const m: WeldedMesh = { P: welded.positions, tri, F, V: welded.count };

  // 2–6. The topology: triangles, edges, holes, parts, non-manifold vertices.
  progress('topology', 0.25);
  const triangles = classifyTriangles(m, tolerance);
  const edges = buildEdges(m, triangles.valid);
  const holes = findHoles(m, edges);
  const parts = countParts(m, triangles.valid);
  const vertices = findNonManifoldVertices(m, triangles.valid, edges);

  // 7–8. The winding, and the solid turned outward.
  progress('winding', 0.6);
  const winding = orientRegions(m, triangles.valid, edges);
  const solid = buildSolid(m, triangles.valid, winding);
  const watertight =
    solid.count > 0 &&
    edges.boundary.length === 0 &&
    edges.nonManifold.length === 0 &&
    vertices.count === 0 &&
    edges.inconsistent.length === 0;

  // 9. The issues, biggest first.
  progress('issues', 0.85);
  const issues = collectIssues(m, { triangles, edges, holes, badVertex: vertices, winding });

  progress('done', 1);
  return {
    report: {
      meshes: input.meshes.length,
      triangles: F,
      vertices: mesh.positions.length / 3,
      weldedVertices: m.V,
      weldTolerance: tolerance,
      size: sizeOf(mesh.positions),
      parts,
      boundaryEdges: edges.boundary.length,
      holes: holes.length,
      nonManifoldEdges: edges.nonManifold.length,
      nonManifoldVertices: vertices.count,
      degenerateTriangles: triangles.degenerate.length,
      duplicateTriangles: triangles.duplicate.length,
      inconsistentEdges: edges.inconsistent.length,
      flippedTriangles: winding.flipped.length,
      insideOutParts: winding.insideOutParts,
      watertight,
      area: triangles.area,
      volume: watertight ? solid.volume : null,
      uvSets: uv.uvSets,
      meshesWithoutUvs: uv.meshesWithoutUvs,
      uvOutside: uv.uvOutside,
      textures: input.textures,
      texelDensity: uv.texelDensity,
      issues,
    },
    solid: {
      positions: m.P,
      triangles: solid.triangles,
      watertight,
      volume: watertight ? solid.volume : null,
    },
  };
}

/** What the stages found, for the issue list. */
interface Findings {
  readonly triangles: Triangles;
  readonly edges: Edges;
  readonly holes: readonly number[][];
  readonly badVertex: Readonly<{ bad: Uint8Array; count: number }>;
  readonly winding: Winding;
}

/** Stage 9: one issue per finding, with the geometry that frames and highlights it. */
function collectIssues(m: WeldedMesh, found: Findings): HealthIssue[] {
  const { P, tri, F } = m;
  const { valid, degenerate, duplicate } = found.triangles;
  const { ends: edgeEnds, nonManifold, inconsistent } = found.edges;
  const { flipped, insideOut, insideOutParts, region } = found.winding;
  const issues: HealthIssue[] = [];
  const edgeList = (ids: readonly number[]) => {
    const ends = new Uint32Array(ids.length * 2);
    ids.forEach((e, i) => {
      ends[i * 2] = edgeEnds[e * 2]!;
      ends[i * 2 + 1] = edgeEnds[e * 2 + 1]!;
    });
    return edgeGeometry(P, ends);
  };
  issues.push(...holeIssues(found.holes, edgeList));
  if (nonManifold.length) {
    issues.push(
      makeIssue(
        'non-manifold-edges',
        'non-manifold-edge',
        COUNTED,
        nonManifold.length,
        edgeList(nonManifold),
        null,
      ),
    );
  }
  const nonManifoldVertices = found.badVertex.count;
  const badVertex = found.badVertex.bad;
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
        COUNTED,
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
        COUNTED,
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
        COUNTED,
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
        COUNTED,
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
        COUNTED,
        duplicate.length,
        null,
        faceGeometry(P, tri, duplicate),
      ),
    );
  }

  return issues;
}

/** The holes, one issue each up to {@link LISTED_HOLES}, then the rest as one. */
function holeIssues(
  holes: readonly number[][],
  edgeList: (ids: readonly number[]) => Float32Array,
): HealthIssue[] {
  const out: HealthIssue[] = [];
  holes.slice(0, LISTED_HOLES).forEach((edges, i) => {
    out.push(
      makeIssue(
        `hole-${i + 1}`,
        'hole',
        { says: 'hole', hole: i + 1, edges: edges.length },
        edges.length,
        edgeList(edges),
        null,
      ),
    );
  });
  if (holes.length > LISTED_HOLES) {
    const rest = holes.slice(LISTED_HOLES).flat();
    out.push(
      makeIssue(
        'hole-rest',
        'hole',
        { says: 'more-holes', holes: holes.length - LISTED_HOLES, edges: rest.length },
        rest.length,
        edgeList(rest),
        null,
      ),
    );
  }
  return out;
}
