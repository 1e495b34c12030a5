/**
 * The bridge to the photo → mesh generator (./generate), with a small cache.
 *
 * The models are made in a worker thread (../generate/generator-thread.ts), so the process that
 * hosts the sandbox keeps answering while they are made. The cache stays on this side: it keys on
 * the inputs, so a hit sends nothing to the worker. It keys on the photo's hash and the options:
 * the same photo with the same options and seed gives the same model, so repeated test runs and
 * retries do not redo seconds of CPU work.
 */
import { createHash } from 'node:crypto';
import type { TextureSize } from '../../../shared/api/rules';
import { NoObjectError } from '../generate';
import { generatorThread } from '../generate/generator-thread';
import type { RetexturedModel, RetextureOptions } from '../generate/retexture';

/** Options the generator takes. */
export interface GeneratorOptions {
  polyCount: number;
  remesh: boolean;
  textureSize: TextureSize;
  textureFormat: 'webp' | 'png';
  seed?: number;
  name: string;
  /**
   * Multi-view: the views after the front (the photo), in order: side; side, back; or side,
   * other side, back (see `viewRoles` in ./generate).
   */
  views?: Uint8Array[];
}

/** What the generator returns. */
export interface GeneratedModel {
  glb: Uint8Array;
  thumbnail: Uint8Array;
  triangles: number;
  vertices: number;
}

/** A photo → model function. */
export type Generator = (photo: Uint8Array, options: GeneratorOptions) => Promise<GeneratedModel>;

/** True when a generation failed because the photo shows no distinguishable object. */
export function isNoObjectError(error: unknown): boolean {
  return (
    error instanceof NoObjectError || (error instanceof Error && error.name === 'NoObjectError')
  );
}

const CACHE_SIZE = 16;

/** Least-recently-used memo of promises; a failure is not kept (only its own call needed it). */
function remember<T>(
  cache: Map<string, Promise<T>>,
  key: string,
  run: () => Promise<T>,
): Promise<T> {
  let result = cache.get(key);
  if (result) {
    cache.delete(key);
  } else {
    result = run();
    result.catch(() => cache.delete(key));
  }
  cache.set(key, result);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return result;
}

// The default generator's cache is shared by every sandbox of the process: its output depends on
// nothing but the photo and the options, and tests start many sandboxes.
const sharedCache = new Map<string, Promise<GeneratedModel>>();

/**
 * A generator with a least-recently-used cache of {@link CACHE_SIZE} results. Without `generate`,
 * the default generator (./generate, in its worker thread) and a process-wide cache.
 * @param workerFile the generator worker's entry (see {@link generatorThread}); default the source
 */
export function cachedGenerator(generate?: Generator, workerFile?: URL): Generator {
  const cache = generate ? new Map<string, Promise<GeneratedModel>>() : sharedCache;
  const run: Generator =
    generate ??
    ((photo, { views, ...options }) =>
      generatorThread(workerFile).generate([photo, ...(views ?? [])], options));
  return (photo, options) => {
    const hash = createHash('sha256').update(photo);
    for (const view of options.views ?? []) hash.update(`view ${view.length}`).update(view);
    const key = hash
      .update(JSON.stringify({ ...options, name: undefined, views: undefined }))
      .digest('hex');
    return remember(cache, key, () => run(photo, options));
  };
}

/**
 * Starts the default generator's worker thread ahead of its first model: the first-run samples
 * then do not wait for it to load its libraries.
 * @param workerFile the generator worker's entry (see {@link generatorThread}); default the source
 */
export function warmGenerator(workerFile?: URL): void {
  generatorThread(workerFile).warm();
}

/** A model + photo → repainted model function (retexture). */
export type Retexturer = (
  glb: Uint8Array,
  photo: Uint8Array,
  options: RetextureOptions,
) => Promise<RetexturedModel>;

const sharedRetextureCache = new Map<string, Promise<RetexturedModel>>();

/**
 * The retexturer (./generate/retexture, in the generator's worker thread) with a process-wide
 * least-recently-used cache: the same model, photo and options give the same result.
 * @param workerFile the generator worker's entry (see {@link generatorThread}); default the source
 */
export function cachedRetexturer(workerFile?: URL): Retexturer {
  return (glb, photo, options) => {
    const key = createHash('sha256')
      .update(glb)
      .update('photo')
      .update(photo)
      .update(JSON.stringify(options))
      .digest('hex');
    return remember(sharedRetextureCache, key, () =>
      generatorThread(workerFile).retexture(glb, photo, options),
    );
  };
}
