import type { BufferGeometry, InstancedMesh, Mesh, Object3D } from 'three';

/** Size of a loaded model, as shown to the user and exposed on the viewer's data attributes. */
export interface ModelStats {
  /** Triangles drawn: per mesh, index count (or vertex count when not indexed) ÷ 3, within the draw range, × instances. */
  readonly triangles: number;
  /** Vertices stored per mesh (`position.count`) × instances. */
  readonly vertices: number;
  /** Mesh objects in the hierarchy (skinned and instanced meshes count once each). */
  readonly meshes: number;
}

function isMesh(object: Object3D): object is Mesh {
  return (object as Mesh).isMesh === true;
}

function isInstancedMesh(object: Object3D): object is InstancedMesh {
  return (object as InstancedMesh).isInstancedMesh === true;
}

/** Triangles one draw of `geometry` produces, honouring its index and draw range. */
export function triangleCount(geometry: BufferGeometry): number {
  const position = geometry.getAttribute('position');
  if (!position) return 0;
  const elements = geometry.index ? geometry.index.count : position.count;
  const start = Math.min(Math.max(geometry.drawRange.start, 0), elements);
  const count = Math.min(geometry.drawRange.count, elements - start);
  return Math.floor(count / 3);
}

/**
 * Counts triangles, vertices and meshes under `root`, the same way three's editor does, so the
 * numbers match what other three-based tools report. Lines and points are not meshes and are
 * left out. glTF triangle strips and fans are already converted to triangle lists by GLTFLoader.
 */
export function countModelStats(root: Object3D): ModelStats {
  let triangles = 0;
  let vertices = 0;
  let meshes = 0;
  root.traverse((object) => {
    if (!isMesh(object)) return;
    meshes += 1;
    const geometry = object.geometry;
    const position = geometry?.getAttribute('position');
    if (!position) return;
    const instances = isInstancedMesh(object) ? object.count : 1;
    vertices += position.count * instances;
    triangles += triangleCount(geometry) * instances;
  });
  return { triangles, vertices, meshes };
}
