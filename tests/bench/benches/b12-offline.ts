/**
 * B12 — requests leaving 127.0.0.1 during the whole bench: every request of every page, worker
 * and WebSocket (Kiln's and the baselines'), whatever reached the trap proxy Chromium was started
 * with (the browser's own traffic included), and every TCP connection of this Node process
 * (Kiln's host, its core and embedded sandbox run in it).
 */
import type { LeakLog } from '../lib/browser';
import type { BenchResult } from '../lib/context';

export function b12(leaks: LeakLog): BenchResult {
  const row = (metric: string, list: readonly string[], note?: string) => ({
    bench: 'B12',
    metric,
    unit: '',
    app: [list.length],
    baseline: null,
    target: '0',
    check: { kind: 'app-max', max: 0 } as const,
    ...(note ? { note } : {}),
  });
  return {
    rows: [
      row(
        `pages and workers (${leaks.pageRequestCount.toLocaleString('en-US')} requests seen)`,
        leaks.pageRequests,
      ),
      row('Chromium itself (trap proxy)', leaks.trapped),
      row('host process: TCP connections off 127.0.0.1', leaks.nodeSockets),
    ],
  };
}
