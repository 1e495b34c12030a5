/**
 * Welding by position: glTF splits a vertex wherever its UV, normal or colour changes (a texture
 * seam), so a closed surface arrives as pieces that only touch. Vertices closer than a tolerance
 * are merged before any topology is read.
 */
import { KeyTable } from './key-table';

/**
 * The weld distance for a model whose bounding box has diagonal `diagonal`: 1e-5 of it. That is
 * 1 µm on a 10 cm print (a printer resolves ~50 µm) and about 100× shorter than the average edge
 * of a million-triangle model (~1e-3 of the diagonal), so it merges the float noise exporters
 * leave at seams without ever joining two vertices a modeller meant to keep apart.
 */
export function weldTolerance(diagonal: number): number {
  return Math.max(diagonal, 1e-9) * 1e-5;
}

/** The result of {@link weld}. */
export interface Welded {
  /** For each input vertex, its welded vertex. */
  readonly remap: Uint32Array;
  /** xyz of each welded vertex (the first input vertex that founded it). */
  readonly positions: Float32Array;
  readonly count: number;
}

/**
 * Merges vertices of `positions` closer than `tolerance` on every axis. Vertices are hashed into
 * a grid of 2 × `tolerance` cells: a vertex within `tolerance` of another then lies in the same
 * cell or in the neighbour on the side of the cell the vertex is nearer to, per axis, so eight
 * cells are enough to look in.
 */
export function weld(positions: Float32Array, tolerance: number): Welded {
  const n = positions.length / 3;
  const cell = Math.max(tolerance, 1e-12) * 2;
  const table = new KeyTable(3, n);
  /** The next representative in the same cell. */
  const nextRep = new Int32Array(n).fill(-1);
  const repOf = new Int32Array(n);
  const remap = new Uint32Array(n);
  const welded = new Float32Array(n * 3);
  let count = 0;
  const near = (v: number, r: number) =>
    Math.abs(positions[v * 3]! - positions[r * 3]!) <= tolerance &&
    Math.abs(positions[v * 3 + 1]! - positions[r * 3 + 1]!) <= tolerance &&
    Math.abs(positions[v * 3 + 2]! - positions[r * 3 + 2]!) <= tolerance;

  for (let v = 0; v < n; v++) {
    const fx = positions[v * 3]! / cell;
    const fy = positions[v * 3 + 1]! / cell;
    const fz = positions[v * 3 + 2]! / cell;
    const ix = Math.floor(fx);
    const iy = Math.floor(fy);
    const iz = Math.floor(fz);
    const dx = fx - ix < 0.5 ? -1 : 1;
    const dy = fy - iy < 0.5 ? -1 : 1;
    const dz = fz - iz < 0.5 ? -1 : 1;
    let found = -1;
    for (let k = 0; k < 8 && found < 0; k++) {
      const slot = table.slot(
        ix + (k & 1 ? dx : 0),
        iy + (k & 2 ? dy : 0),
        iz + (k & 4 ? dz : 0),
        false,
      );
      for (let r = slot < 0 ? -1 : table.values[slot]!; r >= 0; r = nextRep[r]!) {
        if (near(v, r)) {
          found = r;
          break;
        }
      }
    }
    if (found < 0) {
      const slot = table.slot(ix, iy, iz);
      const head = table.values[slot]!;
      nextRep[v] = head >= 0 ? head : -1;
      table.values[slot] = v;
      repOf[v] = count;
      welded.set(positions.subarray(v * 3, v * 3 + 3), count * 3);
      remap[v] = count++;
    } else {
      remap[v] = repOf[found]!;
    }
  }
  return { remap, positions: welded.slice(0, count * 3), count };
}
