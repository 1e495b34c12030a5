import type { LoadingManager } from 'three';
import { DRACO_GLTF_CONFIG, DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { warmDracoWorkers } from './draco-warmup';

/**
 * The Draco decoder files: three's own glTF build of the decoder (WebAssembly and its wrapper),
 * which `DRACOLoader.js` references with `new URL(…, import.meta.url)`, so Vite copies them into
 * the build's `assets/` and they are served by the app itself (the `kiln:` protocol in Electron,
 * the browser host on the web), never by a CDN (drei's default), which the CSP forbids anyway.
 * One copy ships: the one the bundler already emits for three.
 */
export const DRACO_DECODER_PATH: { readonly js: string; readonly wasm: string } = DRACO_GLTF_CONFIG;

/** Draco workers: two decode a typical model as fast as four and leave cores for the UI. */
const DRACO_WORKERS = 2;

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
export function createGltfLoaders(
  decoderPath: string | { js: string; wasm: string } = { ...DRACO_DECODER_PATH },
): GltfLoaders {
  const draco = new DRACOLoader();
  draco.setDecoderPath(decoderPath);
  draco.setWorkerLimit(DRACO_WORKERS);
  const gltf = new GLTFLoader();
  gltf.setDRACOLoader(draco);
  gltf.setMeshoptDecoder(meshoptOnDemand);
  return { gltf, draco };
}

let shared: GltfLoaders | undefined;
let warmScheduled = false;
let meshoptWorkers = false;

/** The app-wide loaders, created on first use. */
export function getGltfLoaders(): GltfLoaders {
  shared ??= createGltfLoaders();
  return shared;
}

/**
 * Three's meshopt decoder, its workers started by the first buffer it decodes (or by
 * {@link warmGltfDecoders}): a model without meshopt compression (most) never waits for two
 * workers to start and compile their WebAssembly while it parses (issue 29: they were started
 * by every first model, B1's included).
 */
const meshoptOnDemand: typeof MeshoptDecoder = Object.create(MeshoptDecoder, {
  decodeGltfBufferAsync: {
    value: (...args: Parameters<typeof MeshoptDecoder.decodeGltfBufferAsync>) => {
      startMeshoptWorkers();
      return MeshoptDecoder.decodeGltfBufferAsync(...args);
    },
  },
}) as typeof MeshoptDecoder;

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
  loader.setMeshoptDecoder(meshoptOnDemand);
  return loader;
}

/**
 * Readies the decoders when the page is idle, so the first compressed model does not pay for
 * them: the Draco decoder is fetched, its workers started and its WebAssembly compiled in each
 * (by decoding a tiny embedded mesh, see {@link warmDracoWorkers}), and the meshopt workers
 * spawned. Safe to call many times; only the first call schedules work.
 */
export function warmGltfDecoders(): void {
  if (warmScheduled || typeof window === 'undefined') return;
  warmScheduled = true;
  const warm = (): void => {
    const { draco } = getGltfLoaders();
    warmDracoWorkers(draco, DRACO_WORKERS).catch(() => {
      // A missing or broken decoder: forget the cached failure, so the first Draco model
      // retries and reports a readable error of its own instead of this one.
      const internals = draco as unknown as { decoderPending?: Promise<unknown> | null };
      internals.decoderPending = null;
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
