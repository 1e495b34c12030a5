/// <reference types="vite/client" />
/**
 * GLB parse harness (B3, B4). `?impl=app` parses with Kiln's own loader module
 * (`renderer/src/viewer/loading/gltf-loaders.ts`, exactly what the viewer's `loadModel` calls: one
 * GLTFLoader per load sharing the app's Draco workers and meshopt decoder), `?impl=bare` with
 * a plain `new GLTFLoader()` (plus a plain DRACOLoader / MeshoptDecoder when the file needs one).
 * Both decode with the same Draco decoder files (three's glTF build, emitted into `assets/`).
 *
 * `window.parseBench`: `load(url)` keeps the bytes, `parse()` parses a fresh copy and returns
 * the milliseconds from the call until `parseAsync` resolved (textures decoded included), then
 * frees what it made. `warm()` starts what the app starts when its viewer mounts (app) or
 * preloads the Draco decoder (bare).
 */
import type { Material, Mesh, Object3D, Texture } from 'three';
import { DRACO_GLTF_CONFIG, DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { gltfLoaderFor, warmGltfDecoders } from '../../../renderer/src/viewer/loading/gltf-loaders';

const impl = new URLSearchParams(location.search).get('impl') === 'app' ? 'app' : 'bare';

let bareDraco: DRACOLoader | undefined;
function bareLoader(): GLTFLoader {
  bareDraco ??= new DRACOLoader().setDecoderPath(DRACO_GLTF_CONFIG);
  return new GLTFLoader().setDRACOLoader(bareDraco).setMeshoptDecoder(MeshoptDecoder);
}

let bytes: ArrayBuffer | undefined;

function free(root: Object3D): void {
  root.traverse((object) => {
    const mesh = object as Partial<Mesh>;
    mesh.geometry?.dispose();
    for (const material of mesh.material ? ([] as Material[]).concat(mesh.material) : []) {
      for (const value of Object.values(material)) {
        const texture = value as Partial<Texture> | null;
        if (texture?.isTexture && texture.image instanceof ImageBitmap) texture.image.close();
      }
      material.dispose();
    }
  });
}

declare global {
  interface Window {
    parseBench: {
      impl: 'app' | 'bare';
      load(url: string): Promise<number>;
      parse(): Promise<number>;
      warm(): void;
    };
  }
}

window.parseBench = {
  impl,
  async load(url) {
    bytes = await (await fetch(url)).arrayBuffer();
    return bytes.byteLength;
  },
  async parse() {
    if (!bytes) throw new Error('load() first');
    const copy = bytes.slice(0);
    const started = performance.now();
    const loader = impl === 'app' ? gltfLoaderFor() : bareLoader();
    const gltf = await loader.parseAsync(copy, '');
    const ms = performance.now() - started;
    free(gltf.scene);
    return ms;
  },
  warm() {
    if (impl === 'app') {
      warmGltfDecoders();
    } else {
      bareLoader();
      bareDraco?.preload();
    }
  },
};
