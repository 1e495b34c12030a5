/**
 * Rows that are not measured in a default run: B9 (benches/b09-queue.ts) takes about 11 minutes
 * and runs only when asked for by name.
 */
import type { BenchResult } from '../lib/context';

/** B9 runs for about 11 minutes of real time: only when asked for by name. */
export async function b9Skipped(): Promise<BenchResult> {
  return {
    rows: [],
    unmeasured: [
      {
        bench: 'B9',
        metric: 'requests per finished generation, 5 running + 10 queued, 10 min of sandbox time',
        reason:
          'not in the default run: it takes about 11 minutes of real time (Kiln polls on the wall clock); run `npm run bench -- --only B9` (README has the latest numbers)',
      },
    ],
  };
}
