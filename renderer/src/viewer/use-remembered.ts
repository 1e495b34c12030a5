/**
 * A tool panel's choice that survives a restart (the turntable's format, the health check's
 * printer…): it starts from what the app remembered under `key` (Kiln's `viewerTools` setting,
 * through the outlets) when that is still a valid choice, and each change is handed back.
 */
import { useCallback, useState } from 'react';
import { useViewerOutlets } from './outlets';

/** A value a remembered choice may take. */
export type Remembered = string | number | boolean;

/** `[value, set]` like `useState`, starting from the remembered value of `key` if valid. */
export function useRemembered<T extends Remembered>(
  key: string,
  initial: T,
  allowed?: readonly T[],
): [T, (value: T) => void] {
  const outlets = useViewerOutlets();
  const [value, setValue] = useState<T>(() => {
    const stored = outlets?.tools?.[key];
    const valid = typeof stored === typeof initial && (!allowed || allowed.includes(stored as T));
    return valid ? (stored as T) : initial;
  });
  const remember = outlets?.rememberTool;
  const set = useCallback(
    (next: T) => {
      setValue(next);
      remember?.(key, next);
    },
    [key, remember],
  );
  return [value, set];
}
