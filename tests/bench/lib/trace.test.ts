import { describe, expect, it } from 'vitest';
import { taskTimeline, type TraceEvent } from './trace';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (ts: number, ms: number, cpuMs: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid: 1,
  tid: 1,
  ts,
  dur: ms * 1000,
  tdur: cpuMs * 1000,
});
const inside = (name: string, ts: number, ms: number, data = {}): TraceEvent => ({
  name,
  ph: 'X',
  pid: 1,
  tid: 1,
  ts,
  dur: ms * 1000,
  args: { data },
});

describe('taskTimeline', () => {
  it("lists a thread's long tasks with their wall and CPU time and what they waited in", () => {
    const events = [
      thread(1, 1, 'CrRendererMain'),
      thread(2, 2, 'CrGpuMain'),
      task(1_000_000, 2, 2),
      task(1_010_000, 138, 40),
      inside('CommandBufferProxyImpl::WaitForToken', 1_065_000, 51),
      inside('FunctionCall', 1_010_500, 1, { functionName: 'tiny' }),
      task(1_200_000, 30, 29),
      inside('FunctionCall', 1_200_100, 25, {
        functionName: 'loop',
        url: 'http://x/assets/viewer.js',
      }),
      { name: 'RunTask', ph: 'X', pid: 2, tid: 2, ts: 1_000_000, dur: 500_000 } as TraceEvent,
    ];
    expect(taskTimeline(events).split('\n')).toEqual([
      'CrRendererMain: tasks over 8 ms (start ms, wall ms, cpu ms, inside)',
      '     10   138    40 CommandBufferProxyImpl::WaitForToken 51',
      '    200    30    29 FunctionCall(loop viewer.js) 25',
    ]);
    expect(taskTimeline(events, 'CrGpuMain', 20).split('\n')[1]).toBe('      0   500     — ');
    expect(taskTimeline(events, 'VizCompositorThread')).toBe(
      '(no VizCompositorThread thread in the trace)',
    );
  });
});
