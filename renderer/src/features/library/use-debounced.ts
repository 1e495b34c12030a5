/** A value that follows `value` once it has stopped changing for `ms`. */
import { useEffect, useState } from 'react';

/** Debounces a value (search boxes: one request per pause in typing, not per key). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
