import { useEffect, useState } from 'react';

/** Whole seconds since the calling component mounted, ticking once a second. */
export function useElapsedSeconds(): number {
  const [startedAt] = useState(() => performance.now());
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => {
      setElapsed(Math.floor((performance.now() - startedAt) / 1000));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  return elapsed;
}
