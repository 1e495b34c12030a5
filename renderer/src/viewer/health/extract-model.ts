/**
 * Copies the open model's triangles out of its three.js scene for the health worker: the GPU's
 * own attribute arrays (interleaved or quantized ones as they are, decoded in the worker), each
 * mesh's placement in the model, and its texture's size. Copies only: nothing is converted on the
 * main thread, so a million-triangle model costs a few memory copies here.
 */
import {
  Matrix4,
  type BufferAttribute,
  type InterleavedBufferAttribute,
  type Material,
  type Mesh,
  type Object3D,
  type Texture,
} from 'three';
import type { AttributeData, HealthInput, HealthMeshInput, HealthTexture } from './health-types';

/** Objects the viewer's tools add to a model (overlays) carry this flag and are skipped. */
export const TOOL_OBJECT = 'kilnToolObject';

function attributeData(attribute: BufferAttribute | InterleavedBufferAttribute): AttributeData {
  const interleaved = (attribute as InterleavedBufferAttribute).isInterleavedBufferAttribute;
  if (interleaved) {
    const a = attribute as InterleavedBufferAttribute;
    return {
      array: (a.data.array as AttributeData['array']).slice(),
      itemSize: a.itemSize,
      stride: a.data.stride,
      offset: a.offset,
      normalized: a.normalized,
      count: a.count,
    };
  }
  const a = attribute as BufferAttribute;
  return {
    array: (a.array as AttributeData['array']).slice(),
    itemSize: a.itemSize,
    stride: a.itemSize,
    offset: 0,
    normalized: a.normalized,
    count: a.count,
  };
}

function imageSize(texture: Texture | null | undefined): { width: number; height: number } | null {
  const image = texture?.image as { width?: number; height?: number } | undefined;
  return image?.width && image.height ? { width: image.width, height: image.height } : null;
}

/**
 * The model under `root`, in `root`'s own space. `baseColour` is the size of the model's base
 * colour texture, for meshes whose material on screen has none (a shading mode like clay swaps
 * the materials).
 */
export function extractModel(
  root: Object3D,
  textures: readonly HealthTexture[],
  baseColour: { width: number; height: number } | null,
): HealthInput {
  root.updateWorldMatrix(true, true);
  const inverse = new Matrix4().copy(root.matrixWorld).invert();
  const meshes: HealthMeshInput[] = [];
  root.traverse((object) => {
    const mesh = object as Mesh;
    if (!mesh.isMesh || object.userData[TOOL_OBJECT]) return;
    const geometry = mesh.geometry;
    const position = geometry.getAttribute('position');
    if (!position) return;
    const uvs: AttributeData[] = [];
    for (const name of ['uv', 'uv1', 'uv2', 'uv3']) {
      const uv = geometry.getAttribute(name);
      if (uv) uvs.push(attributeData(uv));
    }
    const material = (Array.isArray(mesh.material) ? mesh.material[0] : mesh.material) as
      (Material & { map?: Texture | null }) | undefined;
    const index = geometry.getIndex();
    meshes.push({
      name: mesh.name || `Mesh ${meshes.length + 1}`,
      position: attributeData(position),
      index: index ? (index.array as Uint32Array | Uint16Array).slice() : null,
      uvs,
      matrix: new Matrix4().multiplyMatrices(inverse, mesh.matrixWorld).toArray(),
      texture: imageSize(material?.map) ?? (uvs.length ? baseColour : null),
    });
  });
  return { meshes, textures };
}
