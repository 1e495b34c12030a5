/**
 * Every format Kiln exports opens in the viewer too: STL, OBJ, FBX, 3MF and USDZ, read by
 * three.js's own loaders. Each loader is fetched only when a file of its kind is opened, so the
 * app's first screen and the viewer chunk carry none of them.
 */
import {
  Group,
  Mesh,
  MeshStandardMaterial,
  type AnimationClip,
  type BufferGeometry,
  type LoadingManager,
} from 'three';
import {
  MODEL_EXTENSIONS,
  modelExtensionOf,
  type ModelExtension,
} from '../../../../shared/model-formats';

/** One of the formats beside glTF (`shared/model-formats.ts` lists every format Kiln opens). */
export type OtherFormat = Exclude<ModelExtension, 'glb' | 'gltf'>;

export { MODEL_EXTENSIONS };

/** The format a file name or URL says, when it is one beside glTF. */
export function otherFormatOf(name: string | undefined): OtherFormat | undefined {
  const ext = modelExtensionOf(name);
  return ext === undefined || ext === 'glb' || ext === 'gltf' ? undefined : ext;
}

/** A parsed model: its scene and clips (FBX may carry animation). */
export interface ParsedModel {
  readonly root: Group;
  readonly clips: AnimationClip[];
}

/**
 * Print formats (STL, 3MF) are millimetres with Z up, as slicers read them (and as Kiln writes
 * them); the viewer, like glTF, works in metres with Y up.
 */
function fromPrintSpace(object: Group | Mesh): Group {
  const root = new Group();
  object.rotation.x = -Math.PI / 2;
  object.scale.setScalar(0.001);
  root.add(object);
  return root;
}

/** A plain grey surface for geometry without materials (STL), with its vertex colours if any. */
function surfaceFor(geometry: BufferGeometry): MeshStandardMaterial {
  const coloured = (geometry as BufferGeometry & { hasColors?: boolean }).hasColors === true;
  return new MeshStandardMaterial({
    color: coloured ? 0xffffff : 0xb4b4b4,
    roughness: 0.6,
    metalness: 0,
    vertexColors: coloured,
  });
}

/**
 * Parses `buffer` as `format` with three.js's loader for it.
 * @param path where the file's own references (FBX textures) resolve
 */
export async function parseOtherFormat(
  format: OtherFormat,
  buffer: ArrayBuffer,
  path: string,
  manager?: LoadingManager,
): Promise<ParsedModel> {
  switch (format) {
    case 'stl': {
      const { STLLoader } = await import('three/examples/jsm/loaders/STLLoader.js');
      const geometry = new STLLoader(manager).parse(buffer);
      if (!geometry.getAttribute('normal')) geometry.computeVertexNormals();
      return { root: fromPrintSpace(new Mesh(geometry, surfaceFor(geometry))), clips: [] };
    }
    case '3mf': {
      const { ThreeMFLoader } = await import('three/examples/jsm/loaders/3MFLoader.js');
      return { root: fromPrintSpace(new ThreeMFLoader(manager).parse(buffer)), clips: [] };
    }
    case 'obj': {
      const { OBJLoader } = await import('three/examples/jsm/loaders/OBJLoader.js');
      return { root: new OBJLoader(manager).parse(new TextDecoder().decode(buffer)), clips: [] };
    }
    case 'fbx': {
      const { FBXLoader } = await import('three/examples/jsm/loaders/FBXLoader.js');
      const root = new FBXLoader(manager).parse(buffer, path);
      return { root, clips: root.animations };
    }
    case 'usdz': {
      const { USDZLoader } = await import('three/examples/jsm/loaders/USDZLoader.js');
      return { root: new USDZLoader(manager).parse(buffer, path), clips: [] };
    }
  }
}
