/**
 * Shared pieces of the fault files: where the photos are, a seeded PRNG, a tmpfs-backed scratch
 * folder, a counter of unhandled rejections, and a `fetch` that can lose the network for a while
 * (on the test's clock) the way a laptop does: connections refused, nothing reaches the server.
 */
import { mkdtemp, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Clock } from '../../electron/core/ports';

/** The real photos the sandbox builds models from. */
export const PHOTOS = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'photos');

/** A small seeded PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A scratch folder, on tmpfs when there is one (the journal fsyncs every change). */
export async function scratch(prefix: string): Promise<string> {
  const shm = '/dev/shm';
  const onShm = await stat(shm).then(
    (s) => s.isDirectory(),
    () => false,
  );
  return mkdtemp(path.join(onShm ? shm : os.tmpdir(), prefix));
}

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
