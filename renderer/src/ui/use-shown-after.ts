import { useEffect, useState } from 'react';

/**
 * False until `delayMs` have passed since the calling component mounted, then true: for a busy
 * indicator that should only appear once the wait is long enough to notice. Mount the component
 * with a `key` per operation so each one waits afresh.
 */
export function useShownAfter(delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return shown;
}
