/**
 * The bridge to the photo → mesh generator (./generate), with a small cache.
 *
 * The cache keys on the photo's hash and the options: the same photo with the same options and
 * seed gives the same model, so repeated test runs and retries do not redo seconds of CPU work.
 */
import { createHash } from 'node:crypto';
import type { TextureSize } from '../../shared/api/rules';
import { generateFromPhoto, NoObjectError } from './generate';

/** Options the generator takes. */
export interface GeneratorOptions {
  polyCount: number;
  remesh: boolean;
  textureSize: TextureSize;
  textureFormat: 'webp' | 'png';
  seed?: number;
  name: string;
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

// The default generator's cache is shared by every sandbox of the process: its output depends on
// nothing but the photo and the options, and tests start many sandboxes.
const sharedCache = new Map<string, Promise<GeneratedModel>>();

/**
 * A generator with a least-recently-used cache of {@link CACHE_SIZE} results. Without an argument,
 * the default generator (./generate) and a process-wide cache.
 */
export function cachedGenerator(generate?: Generator): Generator {
  const cache = generate ? new Map<string, Promise<GeneratedModel>>() : sharedCache;
  const run = generate ?? generateFromPhoto;
  return (photo, options) => {
    const key = createHash('sha256')
      .update(photo)
      .update(JSON.stringify({ ...options, name: undefined }))
      .digest('hex');
    let result = cache.get(key);
    if (result) {
      cache.delete(key);
    } else {
      result = run(photo, options);
      // A failure is not kept: only the outcome of this call needed it.
      result.catch(() => cache.delete(key));
    }
    cache.set(key, result);
    while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return result;
  };
}
