/**
 * A clock that runs `scale` times faster than the wall clock from `epoch`. Two processes given the
 * same epoch and scale (the test's sandbox and a core it kills and restarts) agree on every
 * instant, with no shared memory: a minute of the service's rate window passes in `60 / scale`
 * seconds of real time.
 */
import type { Clock } from '../../electron/core/ports';

/** The wall clock sped up `scale` times from `epoch` (ms since 1970). */
export function scaledClock(epoch: number, scale: number): Clock {
  return {
    now: () => epoch + (Date.now() - epoch) * scale,
    setTimeout: (fn, ms) => setTimeout(fn, Math.max(0, ms) / scale),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}
