import { useCallback, useEffect, useRef } from 'react';

/** How long changes rest before they are saved (a slider drag is saved once, at its end). */
export const REST_BEFORE_SAVE_MS = 400;

/**
 * Saving what the artist changes, once the changes rest: the patches handed to the returned
 * function merge (later keys win) and `save` gets them together `ms` after the last one. The one
 * debounce of Kiln's remembered state (the viewer's look, its tools' choices); a pending save is
 * dropped when the component goes.
 */
export function useRestingSave<T extends Record<string, unknown>>(
  save: (merged: T) => void,
  ms: number = REST_BEFORE_SAVE_MS,
): (patch: T) => void {
  const pending = useRef<Partial<T>>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latestSave = useRef(save);
  latestSave.current = save;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (patch: T) => {
      pending.current = { ...pending.current, ...patch };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const merged = pending.current as T;
        pending.current = {};
        latestSave.current(merged);
      }, ms);
    },
    [ms],
  );
}
