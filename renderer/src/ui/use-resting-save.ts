import { useCallback, useEffect, useRef } from 'react';

/** How long changes rest before they are saved (a slider drag is saved once, at its end). */
export const REST_BEFORE_SAVE_MS = 400;

/** Patches waiting to be saved together, once they rest (see {@link restingSave}). */
export interface RestingSave<T> {
  /** Merges `patch` (later keys win) and restarts the wait. */
  push(patch: T): void;
  /** Saves what waits now, if anything (the component goes: nothing the artist set is lost). */
  flush(): void;
}

/**
 * The one debounce of Kiln's remembered state: patches handed to `push` merge and `save` gets
 * them together `ms` after the last one; `flush` saves what waits at once. Plain, so it is tested
 * without React; {@link useRestingSave} is its hook.
 */
export function restingSave<T extends Record<string, unknown>>(
  save: (merged: T) => void,
  ms: number = REST_BEFORE_SAVE_MS,
): RestingSave<T> {
  let pending: Partial<T> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending === undefined) return;
    const merged = pending as T;
    pending = undefined;
    save(merged);
  };
  return {
    push(patch) {
      pending = { ...pending, ...patch };
      clearTimeout(timer);
      timer = setTimeout(flush, ms);
    },
    flush,
  };
}

/**
 * Saving what the artist changes, once the changes rest ({@link restingSave}): the returned
 * function takes each change. The viewer's look and its tools' choices use it. A save still
 * waiting when the component goes is made then, not dropped.
 */
export function useRestingSave<T extends Record<string, unknown>>(
  save: (merged: T) => void,
  ms: number = REST_BEFORE_SAVE_MS,
): (patch: T) => void {
  const latestSave = useRef(save);
  latestSave.current = save;
  const saver = useRef<RestingSave<T>>(undefined);
  saver.current ??= restingSave<T>((merged) => latestSave.current(merged), ms);
  useEffect(() => {
    const current = saver.current!;
    return () => current.flush();
  }, []);
  return useCallback((patch: T) => saver.current!.push(patch), []);
}
