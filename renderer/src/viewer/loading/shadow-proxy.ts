import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  Group,
  type InterleavedBufferAttribute,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  type Object3D,
} from 'three';
import { clusterTriangles, type ClusteredTriangles } from './cluster-triangles';

/** Below this many triangles a model casts its shadow itself: a proxy would not be cheaper. */
export const PROXY_MIN_TRIANGLES = 60_000;

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
 * A mesh's positions as plain x, y, z floats: the attribute's own array when it is one, else a
 * copy (quantized glTF positions are normalized integers; interleaved ones share a buffer). The
 * copy reads by `getX/getY/getZ` in one loop: `Float32Array.from` with a mapping function took
 * 35 ms of the main thread for a 250k-triangle model before its first frame (bench B2).
 */
export function plainPositions(
  position: BufferAttribute | InterleavedBufferAttribute,
): ArrayLike<number> {
  if (
    position.itemSize === 3 &&
    !(position as { isInterleavedBufferAttribute?: boolean }).isInterleavedBufferAttribute &&
    !position.normalized
  ) {
    return position.array as ArrayLike<number>;
  }
  const out = new Float32Array(position.count * 3);
  for (let i = 0, j = 0; i < position.count; i++, j += 3) {
    out[j] = position.getX(i);
    out[j + 1] = position.getY(i);
    out[j + 2] = position.getZ(i);
  }
  return out;
}

/** Clusters one mesh's triangles (see {@link clusterTriangles}), here or in a worker. */
export type ClusterTriangles = (
  positions: ArrayLike<number>,
  index: ArrayLike<number> | null,
  box: Box3,
) => Promise<ClusteredTriangles>;

/** Clustering in this thread. */
export const clusterHere: ClusterTriangles = (positions, index, box) =>
  Promise.resolve(clusterTriangles(positions, index, box));

/** Options of {@link createShadowProxy}. */
export interface ShadowProxyOptions {
  /** Below this many triangles no proxy is made (default {@link PROXY_MIN_TRIANGLES}). */
  readonly minTriangles?: number;
  /** Where the clustering runs (default: in this thread). */
  readonly cluster?: ClusterTriangles;
}

/**
 * A cheap stand-in for `root` in the ground shadow's bake (drawing a 250k-triangle model a
 * second time into the shadow costs as much as the shaded frame in software GL), or null when
 * the model is small, or animated (skinned or morphed meshes must cast their own moving
 * shadow). Each mesh gets a clustered copy with the same transform relative to the root.
 * The meshes and their transforms are read at once; only the clustering is awaited.
 */
export async function createShadowProxy(
  root: Object3D,
  { minTriangles = PROXY_MIN_TRIANGLES, cluster = clusterHere }: ShadowProxyOptions = {},
): Promise<ShadowProxy | null> {
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
  // Each mesh's place in the root, read now: the root joins the scene while the clustering runs.
  const inRoot = meshes.map((mesh) => new Matrix4().multiplyMatrices(toRoot, mesh.matrixWorld));
  const clustering = meshes.map((mesh) => {
    const source = mesh.geometry;
    const position = source.getAttribute('position');
    if (!source.boundingBox) source.computeBoundingBox();
    return cluster(
      plainPositions(position),
      source.index ? source.index.array : null,
      source.boundingBox!,
    );
  });
  const clustered = await Promise.all(clustering);
  const pairs: Array<[Mesh, Mesh]> = [];
  for (const [i, mesh] of meshes.entries()) {
    const { positions, index } = clustered[i]!;
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(positions, 3));
    geometry.setIndex(new BufferAttribute(index, 1));
    const proxy = new Mesh(geometry, material);
    proxy.matrixAutoUpdate = false;
    proxy.matrix.copy(inRoot[i]!);
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
