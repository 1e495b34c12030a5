/**
 * The shadow proxy's vertex clustering, free of three.js so that its worker stays small
 * (shadow-proxy.worker.ts).
 */

/** Proxy cells along the longest side of a mesh: ~4 shadow texels each at the viewer's scale. */
export const PROXY_CELLS = 64;

/** An axis-aligned box (three's `Box3` is one). */
export interface BoxLike {
  readonly min: { readonly x: number; readonly y: number; readonly z: number };
  readonly max: { readonly x: number; readonly y: number; readonly z: number };
}

/** A simplified copy of indexed or plain triangles: positions (xyz) and a triangle index. */
export interface ClusteredTriangles {
  readonly positions: Float32Array;
  readonly index: Uint32Array;
}

/**
 * Vertex clustering: snaps every vertex to a grid of `cells` cells along the longest side of
 * `box`, merges the vertices of a cell into their mean, and keeps the triangles whose corners
 * land in three different cells. Two linear passes over typed arrays (a grid-sized lookup
 * table, no hashing): made for a shadow caster, where the silhouette matters and the detail is
 * blurred away. Repeated triangles are kept; they only cost a little fill.
 */
export function clusterTriangles(
  positions: ArrayLike<number>,
  index: ArrayLike<number> | null,
  box: BoxLike,
  cells: number = PROXY_CELLS,
): ClusteredTriangles {
  const size = {
    x: box.max.x - box.min.x,
    y: box.max.y - box.min.y,
    z: box.max.z - box.min.z,
  };
  const step = Math.max(size.x, size.y, size.z, 1e-9) / cells;
  const nx = Math.floor(size.x / step) + 1;
  const ny = Math.floor(size.y / step) + 1;
  const nz = Math.floor(size.z / step) + 1;
  const vertexCount = positions.length / 3;
  const cellId = new Int32Array(nx * ny * nz).fill(-1);
  const vertexCell = new Int32Array(vertexCount);
  const sums = new Float64Array(Math.min(vertexCount, cellId.length) * 4);
  const inv = 1 / step;
  let cellsUsed = 0;
  for (let v = 0; v < vertexCount; v++) {
    const x = positions[v * 3]!;
    const y = positions[v * 3 + 1]!;
    const z = positions[v * 3 + 2]!;
    const ix = Math.min(nx - 1, Math.max(0, Math.floor((x - box.min.x) * inv)));
    const iy = Math.min(ny - 1, Math.max(0, Math.floor((y - box.min.y) * inv)));
    const iz = Math.min(nz - 1, Math.max(0, Math.floor((z - box.min.z) * inv)));
    const cell = ix + nx * (iy + ny * iz);
    let id = cellId[cell]!;
    if (id < 0) id = cellId[cell] = cellsUsed++;
    vertexCell[v] = id;
    sums[id * 4] += x;
    sums[id * 4 + 1] += y;
    sums[id * 4 + 2] += z;
    sums[id * 4 + 3] += 1;
  }
  const out = new Float32Array(cellsUsed * 3);
  for (let id = 0; id < cellsUsed; id++) {
    const n = sums[id * 4 + 3]!;
    out[id * 3] = sums[id * 4]! / n;
    out[id * 3 + 1] = sums[id * 4 + 1]! / n;
    out[id * 3 + 2] = sums[id * 4 + 2]! / n;
  }
  const corners = index ? index.length : vertexCount;
  const kept = new Uint32Array(corners - (corners % 3));
  let k = 0;
  for (let t = 0; t + 2 < corners; t += 3) {
    const a = vertexCell[index ? index[t]! : t]!;
    const b = vertexCell[index ? index[t + 1]! : t + 1]!;
    const c = vertexCell[index ? index[t + 2]! : t + 2]!;
    if (a === b || b === c || a === c) continue;
    kept[k++] = a;
    kept[k++] = b;
    kept[k++] = c;
  }
  return { positions: out, index: kept.slice(0, k) };
}
