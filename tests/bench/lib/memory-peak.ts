/**
 * The peak of this process's memory while something runs: RSS and external memory (Buffers)
 * sampled every 2 ms. The sampling timer is stopped however the measured work ends: a timer left
 * running keeps Node alive, and a bench whose work failed then never exited (B11, issue 29).
 */

/** Peaks above the level measured just before the work started, in bytes. */
export interface MemoryPeak<T> {
  readonly result: T;
  readonly rssBytes: number;
  readonly externalBytes: number;
}

/** Runs `work` while sampling memory every `everyMs`; rethrows its error after stopping. */
export async function withMemoryPeak<T>(
  work: () => Promise<T>,
  everyMs = 2,
  read: () => Pick<NodeJS.MemoryUsage, 'rss' | 'external'> = () => process.memoryUsage(),
): Promise<MemoryPeak<T>> {
  const base = read();
  let peakRss = base.rss;
  let peakExternal = base.external;
  const timer = setInterval(() => {
    const m = read();
    peakRss = Math.max(peakRss, m.rss);
    peakExternal = Math.max(peakExternal, m.external);
  }, everyMs);
  try {
    const result = await work();
    return {
      result,
      rssBytes: peakRss - base.rss,
      externalBytes: peakExternal - base.external,
    };
  } finally {
    clearInterval(timer);
  }
}
