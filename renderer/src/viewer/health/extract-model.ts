/**
 * Copies the open model's triangles out of its three.js scene for the health worker: the GPU's
 * own attribute arrays (interleaved or quantized ones as they are, decoded in the worker), each
 * mesh's placement in the model, and its texture's size. Copies only: nothing is converted on the
 * main thread. A million-triangle model's arrays are ~25 MB, whose copy alone is a long task
 * (bench B13), so they are copied a few megabytes at a time, giving the page its turn between.
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
import { yieldToBrowser } from '../loading/yield-to-browser';
import type { AttributeData, HealthInput, HealthMeshInput, HealthTexture } from './health-types';

/** Objects the viewer's tools add to a model (overlays) carry this flag and are skipped. */
export const TOOL_OBJECT = 'kilnToolObject';

/** Elements copied per task (1 MB of floats: a few milliseconds even on a busy machine). */
const SLICE = 1 << 18;

type Numbers = AttributeData['array'];

/** A copy of `array`, made a slice per task. */
async function copyInSlices<T extends Numbers>(array: T): Promise<T> {
  const out = new (array.constructor as new (n: number) => T)(array.length);
  for (let i = 0; i < array.length; i += SLICE) {
    out.set(array.subarray(i, i + SLICE) as never, i);
    if (i + SLICE < array.length) await yieldToBrowser();
  }
  return out;
}

async function attributeData(
  attribute: BufferAttribute | InterleavedBufferAttribute,
): Promise<AttributeData> {
  const interleaved = (attribute as InterleavedBufferAttribute).isInterleavedBufferAttribute;
  if (interleaved) {
    const a = attribute as InterleavedBufferAttribute;
    return {
      array: await copyInSlices(a.data.array as Numbers),
      itemSize: a.itemSize,
      stride: a.data.stride,
      offset: a.offset,
      normalized: a.normalized,
      count: a.count,
    };
  }
  const a = attribute as BufferAttribute;
  return {
    array: await copyInSlices(a.array as Numbers),
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
export async function extractModel(
  root: Object3D,
  textures: readonly HealthTexture[],
  baseColour: { width: number; height: number } | null,
): Promise<HealthInput> {
  root.updateWorldMatrix(true, true);
  const inverse = new Matrix4().copy(root.matrixWorld).invert();
  const found: Mesh[] = [];
  root.traverse((object) => {
    if ((object as Mesh).isMesh && !object.userData[TOOL_OBJECT]) found.push(object as Mesh);
  });
  const meshes: HealthMeshInput[] = [];
  for (const mesh of found) {
    const geometry = mesh.geometry;
    const position = geometry.getAttribute('position');
    if (!position) continue;
    const uvs: AttributeData[] = [];
    for (const name of ['uv', 'uv1', 'uv2', 'uv3']) {
      const uv = geometry.getAttribute(name);
      if (uv) uvs.push(await attributeData(uv));
    }
    const material = (Array.isArray(mesh.material) ? mesh.material[0] : mesh.material) as
      (Material & { map?: Texture | null }) | undefined;
    const index = geometry.getIndex();
    meshes.push({
      name: mesh.name || `Mesh ${meshes.length + 1}`,
      position: await attributeData(position),
      index: index ? await copyInSlices(index.array as Uint32Array | Uint16Array) : null,
      uvs,
      matrix: new Matrix4().multiplyMatrices(inverse, mesh.matrixWorld).toArray(),
      texture: imageSize(material?.map) ?? (uvs.length ? baseColour : null),
    });
  }
  return { meshes, textures };
}
