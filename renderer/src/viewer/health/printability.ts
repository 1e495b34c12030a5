/**
 * Printability at a chosen size: wall thickness by casting a ray inward from every triangle
 * against a BVH of the surface (three-mesh-bvh), overhangs beyond an angle from the build
 * direction, whether the printed size fits a build volume, and the material of a hollow print.
 *
 * The build direction is the viewer's up (+Y): the service's print file stands the model on the
 * plate the way it stands in the viewer, its base flattened by 2 % of the height (at most 2 mm),
 * so faces in that band rest on the plate and are not overhangs.
 */
import { BufferAttribute, BufferGeometry, DoubleSide, Ray, Vector3 } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { LIMITS } from '../../../../shared/api/rules';
import type { HealthIssue, PrintOptions, PrintReport } from './health-types';
import { faceGeometry, makeIssue, type SolidMesh } from './mesh-health';

/** The base the service cuts: 2 % of the height, at most this many millimetres. */
const BASE_MAX_MM = 2;
/** cos 110°: how far apart the two sides of a wall must face (see wallThickness). */
const OPPOSITE = Math.cos((110 * Math.PI) / 180);
/** "Thinnest wall" is read where this share of the measured surface is thinner. */
const THINNEST_SHARE = 0.01;

const RED = [226, 54, 54] as const;
const ORANGE = [245, 150, 40] as const;
const YELLOW = [240, 214, 72] as const;
const BLUE = [56, 142, 255] as const;

/** A BVH over the solid, built once per model (the worker keeps it for every size asked). */
export function surfaceBvh(solid: SolidMesh): MeshBVH {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(solid.positions, 3));
  // MeshBVH reorders the index it is given: hand it a copy so triangle ids stay ours.
  geometry.setIndex(new BufferAttribute(solid.triangles.slice(), 1));
  return new MeshBVH(geometry);
}

/**
 * Wall thickness per triangle in model units: Infinity where the ray meets nothing within `far`
 * (a thicker wall, or an open surface). Only walls up to twice the minimum matter (the heat map's
 * range), so rays stop there: a million short rays take a fraction of a second where rays across
 * the whole model took seconds.
 */
export function wallThickness(
  solid: SolidMesh,
  bvh: MeshBVH,
  diagonal: number,
  far: number,
): Float32Array {
  const { positions: P, triangles: T } = solid;
  const F = T.length / 3;
  const out = new Float32Array(F);
  const ray = new Ray();
  const a = new Vector3();
  const b = new Vector3();
  const c = new Vector3();
  const n = new Vector3();
  const e1 = new Vector3();
  // Start just under the surface, so the ray cannot hit its own triangle.
  const lift = diagonal * 1e-6;
  for (let f = 0; f < F; f++) {
    a.fromArray(P, T[f * 3]! * 3);
    b.fromArray(P, T[f * 3 + 1]! * 3);
    c.fromArray(P, T[f * 3 + 2]! * 3);
    n.subVectors(c, b).cross(e1.subVectors(a, b)).normalize();
    ray.origin.copy(a).add(b).add(c).divideScalar(3).addScaledVector(n, -lift);
    ray.direction.copy(n).negate();
    out[f] = Infinity;
    // A wall has two sides facing apart: the ray must leave through a surface turned more than
    // 110° from the one it started on (a thin plate 180°, a three-sided wire 120°). A surface
    // at a smaller angle is the flank of a bump or valley the ray grazed: look past it.
    for (let travelled = lift, tries = 0; tries < 4; tries++) {
      const hit = bvh.raycastFirst(ray, DoubleSide, 0, far - travelled);
      if (!hit) break;
      if (!hit.face || hit.face.normal.dot(n) < OPPOSITE) {
        out[f] = travelled + hit.distance;
        break;
      }
      travelled += hit.distance + lift;
      ray.origin.copy(hit.point).addScaledVector(ray.direction, lift);
    }
  }
  return out;
}

function triangleArea(P: Float32Array, T: Uint32Array, f: number): number {
  const a = T[f * 3]! * 3;
  const b = T[f * 3 + 1]! * 3;
  const c = T[f * 3 + 2]! * 3;
  const ux = P[b]! - P[a]!;
  const uy = P[b + 1]! - P[a + 1]!;
  const uz = P[b + 2]! - P[a + 2]!;
  const vx = P[c]! - P[a]!;
  const vy = P[c + 1]! - P[a + 1]!;
  const vz = P[c + 2]! - P[a + 2]!;
  return Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
}

/** Facts of the solid that do not depend on the size asked, and the last thickness cast. */
export interface PrintBasis {
  readonly solid: SolidMesh;
  readonly bvh: MeshBVH | null;
  readonly areas: Float32Array;
  readonly min: readonly [number, number, number];
  readonly max: readonly [number, number, number];
  readonly diagonal: number;
  /** Thickness per triangle (model units) measured up to `far`. */
  cached: { readonly far: number; readonly thickness: Float32Array } | null;
}

/** Measures the solid once: bounds, areas and a BVH of its surface. */
export function printBasis(solid: SolidMesh): PrintBasis {
  const { positions: P, triangles: T } = solid;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < T.length; i++) {
    for (let k = 0; k < 3; k++) {
      const v = P[T[i]! * 3 + k]!;
      if (v < min[k]) min[k] = v;
      if (v > max[k]) max[k] = v;
    }
  }
  const diagonal = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) || 1;
  const F = T.length / 3;
  const areas = new Float32Array(F);
  for (let f = 0; f < F; f++) areas[f] = triangleArea(P, T, f);
  return { solid, bvh: F ? surfaceBvh(solid) : null, areas, min, max, diagonal, cached: null };
}

function thicknessUpTo(basis: PrintBasis, far: number): Float32Array {
  if (basis.cached?.far === far) return basis.cached.thickness;
  const thickness = basis.bvh
    ? wallThickness(basis.solid, basis.bvh, basis.diagonal, far)
    : new Float32Array(0);
  basis.cached = { far, thickness };
  return thickness;
}

function mix(from: readonly number[], to: readonly number[], t: number): number[] {
  return from.map((v, i) => Math.round(v + (to[i]! - v) * t));
}

/**
 * The thinnest wall (mm) that counts: the thickness below which {@link THINNEST_SHARE} of the
 * area lies, so a few stray faces do not decide it; null when nothing was measured.
 */
function thinnestWall(measured: Array<[mm: number, area: number]>, area: number): number | null {
  measured.sort((x, y) => x[0] - y[0]);
  for (let i = 0, sum = 0; i < measured.length; i++) {
    sum += measured[i]![1];
    if (sum >= area * THINNEST_SHARE) return measured[i]![0];
  }
  return null;
}

/** The overlay: the `coloured` faces of the solid, each with its colour on all three corners. */
function overlayOf(
  P: Float32Array,
  T: Uint32Array,
  coloured: readonly number[],
  colours: readonly number[][],
): { positions: Float32Array; colors: Uint8Array } {
  const positions = faceGeometry(P, T, coloured);
  const colors = new Uint8Array(positions.length);
  for (let i = 0; i < positions.length / 9; i++) {
    for (let v = 0; v < 3; v++) colors.set(colours[i]!, i * 9 + v * 3);
  }
  return { positions, colors };
}

/** The printability report of `basis` at the size and settings of `options`. */
export function analysePrint(basis: PrintBasis, options: PrintOptions): PrintReport {
  const { solid, areas, min, max } = basis;
  const { positions: P, triangles: T } = solid;
  const F = T.length / 3;
  const size = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
  const longest = Math.max(...size) || 1;
  const k = options.lengthMm / longest;
  // x, depth (model z), height (model y: the build direction)
  const sizeMm = [size[0]! * k, size[2]! * k, size[1]! * k] as const;
  const bv = options.buildVolume;
  const fits =
    sizeMm[2] <= bv.z &&
    ((sizeMm[0] <= bv.x && sizeMm[1] <= bv.y) || (sizeMm[0] <= bv.y && sizeMm[1] <= bv.x));

  const shell = LIMITS.hollowShellMm;
  const thickness = thicknessUpTo(basis, (options.minWallMm * 2) / k);
  const cosLimit = Math.cos((options.overhangDeg * Math.PI) / 180);
  const baseTop = min[1] + Math.min(size[1]! * 0.02, BASE_MAX_MM / k);
  const thin: number[] = [];
  const overhang: number[] = [];
  const measured: Array<[number, number]> = [];
  let thinArea = 0;
  let area = 0;
  let overhangArea = 0;
  const colours: number[][] = [];
  const coloured: number[] = [];
  for (let f = 0; f < F; f++) {
    const a = areas[f]! * k * k;
    area += a;
    const raw = thickness[f]! * k;
    if (Number.isFinite(raw)) measured.push([raw, a]);
    const wall = options.hollow ? Math.min(raw, shell) : raw;
    if (wall < options.minWallMm) {
      thin.push(f);
      thinArea += a;
    }
    const i0 = T[f * 3]! * 3;
    const i1 = T[f * 3 + 1]! * 3;
    const i2 = T[f * 3 + 2]! * 3;
    const ux = P[i1]! - P[i0]!;
    const uy = P[i1 + 1]! - P[i0 + 1]!;
    const uz = P[i1 + 2]! - P[i0 + 2]!;
    const vx = P[i2]! - P[i0]!;
    const vy = P[i2 + 1]! - P[i0 + 1]!;
    const vz = P[i2 + 2]! - P[i0 + 2]!;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const down = -ny / (Math.hypot(nx, ny, nz) || 1);
    const onPlate = P[i0 + 1]! <= baseTop && P[i1 + 1]! <= baseTop && P[i2 + 1]! <= baseTop;
    if (down > cosLimit && !onPlate) {
      overhang.push(f);
      overhangArea += a;
    }
    if (options.overlay === 'thickness') {
      if (wall < options.minWallMm) {
        colours.push([...RED]);
        coloured.push(f);
      } else if (wall < options.minWallMm * 2) {
        const t = (wall - options.minWallMm) / options.minWallMm;
        colours.push(mix(ORANGE, YELLOW, t));
        coloured.push(f);
      }
    } else if (down > cosLimit && !onPlate) {
      colours.push([...BLUE]);
      coloured.push(f);
    }
  }

  const thinnest = thinnestWall(measured, area);
  const lengthForMinWall =
    thinnest !== null && thinnest > 0 && thinnest < options.minWallMm
      ? Math.ceil((options.lengthMm * options.minWallMm) / thinnest)
      : null;

  const { positions, colors } = overlayOf(P, T, coloured, colours);

  const issues: HealthIssue[] = [];
  if (thin.length) {
    issues.push(
      makeIssue(
        'thin',
        'thin',
        { says: 'area', areaMm2: thinArea, limit: options.minWallMm },
        thin.length,
        null,
        faceGeometry(P, T, thin),
      ),
    );
  }
  if (overhang.length) {
    issues.push(
      makeIssue(
        'overhang',
        'overhang',
        { says: 'area', areaMm2: overhangArea, limit: options.overhangDeg },
        overhang.length,
        null,
        faceGeometry(P, T, overhang),
      ),
    );
  }
  const volumeCm3 = solid.volume === null ? null : (solid.volume * k * k * k) / 1000;
  return {
    options,
    sizeMm,
    fits,
    thinFraction: area > 0 ? thinArea / area : 0,
    thinAreaMm2: thinArea,
    areaMm2: area,
    thinnestMm: thinnest,
    lengthForMinWallMm: lengthForMinWall,
    overhangAreaMm2: overhangArea,
    overhangFraction: area > 0 ? overhangArea / area : 0,
    volumeCm3,
    shellVolumeCm3:
      options.hollow && volumeCm3 !== null ? Math.min(volumeCm3, (area * shell) / 1000) : null,
    issues,
    overlay: { positions, colors },
  };
}
