/**
 * Meshes with known defects, built from scratch for the health tests: boxes split at every face
 * (as glTF splits them at UV seams), with a face removed, a triangle flipped, joined to a second
 * box along an edge, and thin slabs.
 */
import { BASE_COLOUR_SLOT } from '../inspect/model-inspection';
import { plainMesh } from './decode-input';
import type { HealthInput, HealthMeshInput } from './health-types';

/** The six faces of a box as corner indices (0–7, bit 0 = +x, bit 1 = +y, bit 2 = +z), outward. */
const FACES = [
  [0, 2, 3, 1], // −z
  [4, 5, 7, 6], // +z
  [0, 1, 5, 4], // −y
  [2, 6, 7, 3], // +y
  [0, 4, 6, 2], // −x
  [1, 3, 7, 5], // +x
] as const;

/** Options of {@link box}. */
export interface BoxOptions {
  /** Faces (0–5, see FACES) to leave out. */
  readonly without?: readonly number[];
  /** Triangles (0–11) to wind the other way. */
  readonly flip?: readonly number[];
  /** Every triangle wound the other way. */
  readonly insideOut?: boolean;
}

/**
 * An axis-aligned box from `min` to `max`, as 24 vertices (4 per face, so nothing is shared
 * until welded) with UVs covering 0–1 per face, and 12 outward triangles.
 */
export function box(
  min: readonly [number, number, number],
  max: readonly [number, number, number],
  options: BoxOptions = {},
): { positions: Float32Array; index: Uint32Array; uv: Float32Array } {
  const corner = (i: number) => [
    i & 1 ? max[0] : min[0],
    i & 2 ? max[1] : min[1],
    i & 4 ? max[2] : min[2],
  ];
  const positions: number[] = [];
  const uv: number[] = [];
  const index: number[] = [];
  FACES.forEach((face, f) => {
    const base = positions.length / 3;
    face.forEach((c, i) => {
      positions.push(...corner(c));
      uv.push(i === 1 || i === 2 ? 1 : 0, i >= 2 ? 1 : 0);
    });
    if (options.without?.includes(f)) return;
    const tris = [
      [base, base + 1, base + 2],
      [base, base + 2, base + 3],
    ];
    tris.forEach((t, k) => {
      const flip = Boolean(options.insideOut) !== Boolean(options.flip?.includes(f * 2 + k));
      index.push(...(flip ? [t[0]!, t[2]!, t[1]!] : t));
    });
  });
  return {
    positions: new Float32Array(positions),
    index: new Uint32Array(index),
    uv: new Float32Array(uv),
  };
}

/** A mesh input of `parts` (each from {@link box} or alike), optionally with a texture size. */
export function model(
  parts: ReadonlyArray<{ positions: Float32Array; index: Uint32Array; uv?: Float32Array }>,
  texture: { width: number; height: number } | null = null,
): HealthInput {
  const meshes: HealthMeshInput[] = parts.map((p, i) =>
    plainMesh(`part-${i}`, p.positions, p.index, p.uv ?? null, texture),
  );
  return {
    meshes,
    textures: texture ? [{ slots: [BASE_COLOUR_SLOT], ...texture }] : [],
  };
}
