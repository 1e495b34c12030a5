import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  Group,
  Mesh,
  MeshBasicMaterial,
  Vector3,
  type Object3D,
} from 'three';

/** Proxy cells along the longest side of a mesh: ~4 shadow texels each at the viewer's scale. */
export const PROXY_CELLS = 64;
/** Below this many triangles a model casts its shadow itself: a proxy would not be cheaper. */
export const PROXY_MIN_TRIANGLES = 60_000;

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
  box: Box3,
  cells: number = PROXY_CELLS,
): ClusteredTriangles {
  const size = box.getSize(new Vector3());
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

/** Shadow casters standing in for a model's meshes, for the ground shadow's bake only. */
export interface ShadowProxy {
  /** Holds one proxy per mesh, in the model root's space; add it beside the root. */
  readonly group: Group;
  /** Shows the proxies instead of the model (call before the bake), matching part visibility. */
  swapIn(): void;
  /** Back to the model (call after the bake). */
  swapOut(): void;
  dispose(): void;
}

function visibleUpTo(object: Object3D, root: Object3D): boolean {
  for (let o: Object3D | null = object; o && o !== root; o = o.parent) if (!o.visible) return false;
  return true;
}

/**
 * A cheap stand-in for `root` in the ground shadow's bake (drawing a 250k-triangle model a
 * second time into the shadow costs as much as the shaded frame in software GL), or null when
 * the model is small, or animated (skinned or morphed meshes must cast their own moving
 * shadow). Each mesh gets a clustered copy with the same transform relative to the root.
 */
export function createShadowProxy(
  root: Object3D,
  minTriangles: number = PROXY_MIN_TRIANGLES,
): ShadowProxy | null {
  const meshes: Mesh[] = [];
  let triangles = 0;
  let animated = false;
  root.updateMatrixWorld(true);
  root.traverse((object) => {
    const mesh = object as Mesh;
    if (!mesh.isMesh) return;
    const geometry = mesh.geometry;
    if ((mesh as { isSkinnedMesh?: boolean }).isSkinnedMesh || geometry.morphAttributes.position)
      animated = true;
    const position = geometry.getAttribute('position');
    if (!position) return;
    triangles += (geometry.index?.count ?? position.count) / 3;
    meshes.push(mesh);
  });
  if (animated || triangles < minTriangles || meshes.length === 0) return null;

  const group = new Group();
  group.name = 'kiln-shadow-proxy';
  group.visible = false;
  group.matrixAutoUpdate = false;
  group.matrix.copy(root.matrix);
  const material = new MeshBasicMaterial();
  const toRoot = root.matrixWorld.clone().invert();
  const pairs: Array<[Mesh, Mesh]> = [];
  for (const mesh of meshes) {
    const source = mesh.geometry;
    const position = source.getAttribute('position') as BufferAttribute;
    if (!source.boundingBox) source.computeBoundingBox();
    const positions =
      position.itemSize === 3 &&
      !(position as { isInterleavedBufferAttribute?: boolean }).isInterleavedBufferAttribute &&
      !position.normalized
        ? (position.array as ArrayLike<number>)
        : Float32Array.from({ length: position.count * 3 }, (_, i) =>
            position.getComponent(Math.floor(i / 3), i % 3),
          );
    const clustered = clusterTriangles(
      positions,
      source.index ? source.index.array : null,
      source.boundingBox!,
    );
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(clustered.positions, 3));
    geometry.setIndex(new BufferAttribute(clustered.index, 1));
    const proxy = new Mesh(geometry, material);
    proxy.matrixAutoUpdate = false;
    proxy.matrix.multiplyMatrices(toRoot, mesh.matrixWorld);
    proxy.frustumCulled = false;
    group.add(proxy);
    pairs.push([mesh, proxy]);
  }
  return {
    group,
    swapIn() {
      for (const [mesh, proxy] of pairs) proxy.visible = visibleUpTo(mesh, root);
      group.visible = root.visible;
      root.visible = false;
    },
    swapOut() {
      root.visible = group.visible;
      group.visible = false;
    },
    dispose() {
      group.removeFromParent();
      for (const [, proxy] of pairs) proxy.geometry.dispose();
      material.dispose();
    },
  };
}
