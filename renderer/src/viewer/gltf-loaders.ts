import type { LoadingManager } from 'three';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';

/**
 * Where the Draco decoder files live, relative to the page. They are copied from three into
 * `renderer/public/decoders/draco/` and served beside the page, because drei's defaults would
 * fetch them from a CDN, which the app's CSP and offline-first rule forbid.
 *
 * `import.meta.env.BASE_URL` is `./` when the renderer is built with a relative base (Electron's
 * app protocol) and `/` in a dev server; either way the files come from the app itself.
 */
export const DRACO_DECODER_PATH = `${import.meta.env.BASE_URL}decoders/draco/`;

/** The glTF loader and the Draco loader it hands compressed primitives to. */
export interface GltfLoaders {
  readonly gltf: GLTFLoader;
  readonly draco: DRACOLoader;
}

/**
 * Builds a GLTFLoader that decodes Draco (`KHR_draco_mesh_compression`) with the bundled decoder
 * and meshopt (`EXT_meshopt_compression`) with three's embedded WebAssembly decoder.
 *
 * Prefer {@link getGltfLoaders}: Draco workers and the decoder module are expensive, so the app
 * keeps one set for its lifetime.
 */
export function createGltfLoaders(decoderPath: string = DRACO_DECODER_PATH): GltfLoaders {
  const draco = new DRACOLoader();
  draco.setDecoderPath(decoderPath);
  // Two workers decode a typical model as fast as four and leave cores for the UI.
  draco.setWorkerLimit(2);
  const gltf = new GLTFLoader();
  gltf.setDRACOLoader(draco);
  gltf.setMeshoptDecoder(MeshoptDecoder);
  return { gltf, draco };
}

let shared: GltfLoaders | undefined;
let warmScheduled = false;
let meshoptWorkers = false;

/** The app-wide loaders, created on first use. */
export function getGltfLoaders(): GltfLoaders {
  shared ??= createGltfLoaders();
  startMeshoptWorkers();
  return shared;
}

/**
 * Meshopt decoding runs in two workers, off the main thread, like Draco's. The workers come from
 * a blob URL (allowed by the CSP's `worker-src blob:`), so no file has to be shipped for them.
 */
function startMeshoptWorkers(): void {
  if (meshoptWorkers || typeof Worker === 'undefined') return;
  meshoptWorkers = true;
  // Named like a React hook, but it is not one: it just spawns the decoder's workers.
  const spawn = MeshoptDecoder.useWorkers.bind(MeshoptDecoder);
  spawn(2);
}

/**
 * A GLTFLoader for one load, sharing the app's Draco workers and meshopt decoder. Each load gets
 * its own so that a `.gltf` dropped with its `.bin` and textures can resolve them through its own
 * `manager` (blob URLs by file name) without affecting a load running at the same time.
 */
export function gltfLoaderFor(manager?: LoadingManager): GLTFLoader {
  const { draco } = getGltfLoaders();
  const loader = new GLTFLoader(manager);
  loader.setDRACOLoader(draco);
  loader.setMeshoptDecoder(MeshoptDecoder);
  return loader;
}

/**
 * Fetches and compiles the Draco decoder when the page is idle, so the first compressed model
 * does not pay for it. Safe to call many times; only the first call schedules work.
 */
export function warmGltfDecoders(): void {
  if (warmScheduled || typeof window === 'undefined') return;
  warmScheduled = true;
  const warm = (): void => {
    const { draco } = getGltfLoaders();
    draco.preload();
    // preload() drops its promise. If a decoder file is missing, keep that from becoming an
    // unhandled rejection and forget the failure, so the first Draco model retries and reports
    // a readable error instead of a cached one.
    const internals = draco as unknown as { decoderPending?: Promise<unknown> | null };
    const pending = internals.decoderPending;
    pending?.catch(() => {
      if (internals.decoderPending === pending) internals.decoderPending = null;
    });
    void MeshoptDecoder.ready;
    startMeshoptWorkers();
  };
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(warm, { timeout: 5000 });
  } else {
    setTimeout(warm, 1000);
  }
}
