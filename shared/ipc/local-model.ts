/**
 * Models opened from a file on this computer: their ids, which are never a service id. Kept
 * apart from the view schemas so the renderer's entry can ask without loading zod.
 */

/** Prefix of the ids of models opened from a file on this computer (never a service id). */
export const LOCAL_MODEL_PREFIX = 'local-';

/** True for a model opened from a local file: the service's tools cannot work on it. */
export function isLocalModel(modelId: string): boolean {
  return modelId.startsWith(LOCAL_MODEL_PREFIX);
}
