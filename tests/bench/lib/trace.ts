/**
 * Chromium traces (CDP `Tracing`) of a bench's window: what a CPU profile cannot show. The page's
 * thread waiting on the GPU process (a texture upload held by a full transfer buffer, a context
 * being set up), each frame's style, layout, paint and commit, and the GPU process's own tasks
 * (SwiftShader drawing and compositing on the CPU). `profile.ts --trace` saves one per scenario;
 * open it in Chromium DevTools → Performance or in Perfetto.
 */
import type { CDPSession } from '@playwright/test';

/**
 * Timeline, frames, style invalidations, GPU process, V8; and inside the GPU process's tasks what
 * ANGLE does (`gpu.service`, `gpu.angle`): without them a 33 ms readback of a compositor frame,
 * waiting for SwiftShader to finish the WebGL commands before it, reads as an empty `RunTask`.
 */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.invalidationTracking',
  'gpu',
  'gpu.service',
  'disabled-by-default-gpu.service',
  'gpu.angle',
  'v8',
].join(',');

/** One event of a trace (the fields read here). */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  /** Thread (CPU) time of a complete event, µs. */
  readonly tdur?: number;
  readonly args?: { readonly name?: string; readonly data?: Record<string, unknown> };
}

/** A recording under way: {@link stop} ends it and returns its events. */
export interface TraceRecording {
  stop(): Promise<TraceEvent[]>;
}

/** Starts tracing the browser (every process) through the page's CDP session. */
export async function startTrace(cdp: CDPSession): Promise<TraceRecording> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => events.push(...(data.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  return {
    async stop() {
      const complete = new Promise<void>((resolve) =>
        cdp.once('Tracing.tracingComplete', () => resolve()),
      );
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      return events;
    },
  };
}

const key = (e: TraceEvent) => `${e.pid}:${e.tid}`;

/** The busiest thread of a name (the page's renderer main thread among others), as `pid:tid`. */
function busiestThread(events: readonly TraceEvent[], name: string): string | undefined {
  const named = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === name).map(key),
  );
  const counts = new Map<string, number>();
  for (const e of events) if (named.has(key(e))) counts.set(key(e), (counts.get(key(e)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** What an event is, with what its data names (a function, an event type, a URL's file). */
function describe(e: TraceEvent): string {
  const data = e.args?.data ?? {};
  const detail = [
    data['functionName'],
    data['type'],
    String(data['url'] ?? '')
      .split('/')
      .pop(),
  ]
    .filter((part) => typeof part === 'string' && part.length > 0)
    .join(' ');
  return detail ? `${e.name}(${detail})` : e.name;
}

/**
 * The tasks over `minMs` of a thread (`CrRendererMain`: the page; `CrGpuMain`: the GPU process),
 * in ms from the first, with their wall and thread (CPU) time and the largest events inside: a
 * task whose CPU time is a fraction of its wall time waited on another process.
 */
export function taskTimeline(
  events: readonly TraceEvent[],
  thread = 'CrRendererMain',
  minMs = 8,
): string {
  const id = busiestThread(events, thread);
  if (!id) return `(no ${thread} thread in the trace)`;
  const complete = events
    .filter((e) => key(e) === id && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const start = complete[0]?.ts ?? 0;
  const lines = [`${thread}: tasks over ${minMs} ms (start ms, wall ms, cpu ms, inside)`];
  for (const task of complete.filter((e) => e.name === 'RunTask' && e.dur! > minMs * 1000)) {
    const end = task.ts + task.dur!;
    const inside = complete
      .filter((e) => e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + e.dur! <= end)
      .filter((e) => e.dur! > Math.max(2000, task.dur! * 0.15))
      .slice(0, 5)
      .map((e) => `${describe(e)} ${(e.dur! / 1000).toFixed(0)}`);
    const cpu = task.tdur;
    lines.push(
      [
        ((task.ts - start) / 1000).toFixed(0).padStart(7),
        (task.dur! / 1000).toFixed(0).padStart(6),
        cpu === undefined ? '     —' : (cpu / 1000).toFixed(0).padStart(6),
        ` ${inside.join(' | ')}`,
      ].join(''),
    );
  }
  return lines.join('\n');
}
