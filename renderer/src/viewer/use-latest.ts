import { useLayoutEffect, useRef } from 'react';

/**
 * A ref that always holds the latest `value`. Effects read callbacks through it so that a parent
 * passing a new function each render does not restart a model load.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
