/** The current time, refreshed every second while `active`, so elapsed times tick without re-rendering idle lists. */
import { useEffect, useState } from 'react';

/** `Date.now()` that updates once a second while `active`. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
