/**
 * Shared pieces of the fault files (besides the core's own chaos-run support): a counter of
 * unhandled rejections, and a `fetch` that can lose the network for a while (on the test's clock)
 * the way a laptop does: connections refused, nothing reaches the server.
 */
import type { Clock } from '../../electron/core/ports';

/** Counts unhandled rejections and uncaught exceptions while installed. */
export function watchProcess(): {
  readonly count: () => number;
  readonly stop: () => void;
  readonly seen: unknown[];
} {
  const seen: unknown[] = [];
  const on = (error: unknown) => void seen.push(error);
  process.on('unhandledRejection', on);
  process.on('uncaughtException', on);
  return {
    seen,
    count: () => seen.length,
    stop: () => {
      process.off('unhandledRejection', on);
      process.off('uncaughtException', on);
    },
  };
}

/** A window of test-clock time during which the network is gone. */
export interface Outage {
  readonly from: number;
  readonly to: number;
}

/**
 * Wraps `inner`: inside an outage every request fails at once as `fetch` does when the network is
 * down (`TypeError: fetch failed` caused by `ENETUNREACH`), without reaching the server.
 */
export function withOutages(
  inner: typeof fetch,
  clock: Clock,
  outages: readonly Outage[],
  onRefused: () => void,
): typeof fetch {
  return async (input, init) => {
    const now = clock.now();
    if (outages.some((o) => now >= o.from && now < o.to)) {
      onRefused();
      const cause = Object.assign(new Error('connect ENETUNREACH'), { code: 'ENETUNREACH' });
      throw new TypeError('fetch failed', { cause });
    }
    return inner(input, init);
  };
}
