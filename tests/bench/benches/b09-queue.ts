/**
 * B9 — requests per finished generation with 5 running and 10 queued, over 10 minutes.
 *
 * Fifteen photo generations ("fast") are started at once through Kiln's IPC handlers (what the
 * window's Generate does); the account allows 5 at a time, so Kiln runs 5 and queues 10. The
 * embedded sandbox takes 200 s per task, so the three waves fill 10 minutes. Every request Kiln
 * sends passes its request scheduler, whose events are counted: sends, sends in any rolling
 * minute, and 429 pauses (`rate_limited`).
 *
 * The baseline, per finished generation: 1 start, a poll at the service's own pace for the task's
 * 200 s (its guide says "every few seconds"; every 5 s is also as often as 5 running tasks can
 * share its 60 requests a minute), and the 2 requests that fetch the model (record and file).
 * A second row sets Kiln against the floor no client can beat: 1 start, 1 poll exactly at the
 * end, 2 requests for the model.
 *
 * Kiln's timers and rate budget run on the wall clock, so the sandbox's clock cannot be sped up
 * without changing what is measured: B9 takes about 11 minutes of real time and runs only when
 * asked for (`--only B9`); `--quick` runs 40 s tasks (about 2.5 minutes).
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SchedulerEvent } from '../../../electron/core/schedule/request-scheduler';
import { dispatch } from '../../../shared/ipc/dispatch';
import { startKiln, type BenchContext, type BenchResult } from '../lib/context';
import { sharedPhoto } from '../lib/fixtures';
import { maxPerMinute } from '../lib/rate';

const JOBS = 15;
const POLL_PACE_S = 5;
const ACTIVE = new Set(['waiting', 'starting', 'queued', 'processing', 'downloading']);

export async function b9(ctx: BenchContext): Promise<BenchResult> {
  const taskSeconds = ctx.options.quick ? 40 : 200;
  const events: SchedulerEvent[] = [];
  const kiln = await startKiln({
    sandbox: { taskSeconds },
    services: { onSchedulerEvent: (e) => events.push(e) },
  });
  const photo = await sharedPhoto('coffee.png');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-b9-'));
  const started = Date.now();
  try {
    const { services } = kiln.host;
    for (let i = 0; i < JOBS; i++) {
      const file = path.join(dir, `coffee-${i}.png`);
      await copyFile(photo.path, file);
      const staged = await services.files.stagePath(file, 'coffee.png');
      const result = await dispatch(services.handlers, 'jobs:startPhoto', {
        fileId: staged.id,
        tier: 'fast',
      });
      if (!result.ok) throw new Error(`start ${i + 1} refused: ${result.error.message}`);
    }
    let ticks = 0;
    const deadline = started + ((taskSeconds * JOBS) / 5) * 1500 + 120_000;
    for (;;) {
      const jobs = services.jobs.list();
      if (jobs.length >= JOBS && jobs.every((j) => !ACTIVE.has(j.state))) break;
      if (Date.now() > deadline) throw new Error('the 15 generations did not all end in time');
      await new Promise((r) => setTimeout(r, 2000));
      if (++ticks % 15 === 0) {
        const count = (states: string[]) => jobs.filter((j) => states.includes(j.state)).length;
        ctx.log(
          `  ${Math.round((Date.now() - started) / 1000)} s: ${count(['queued', 'processing'])} running, ${count(['waiting'])} waiting, ${count(['done'])} done`,
        );
      }
    }
    const finished = services.jobs.list().filter((j) => j.state === 'done').length;
    const sends = events.filter((e) => e.type === 'sent').map((e) => e.at);
    const paused = events.filter((e) => e.type === 'paused').length;
    const minimum = 1 + Math.ceil(taskSeconds / POLL_PACE_S) + 2;
    const floor = 1 + 1 + 2;
    const perGeneration = finished ? sends.length / finished : NaN;
    return {
      rows: [
        {
          bench: 'B9',
          metric: `requests per finished generation (${finished}/${JOBS} done, ${taskSeconds} s tasks, 5 at a time)`,
          unit: '',
          app: [perGeneration],
          baseline: [minimum],
          baselineLabel: `minimum ${minimum}`,
          target: '≤ 1.5×',
          check: { kind: 'ratio', max: 1.5 },
        },
        {
          bench: 'B9',
          metric:
            '  the same against the floor (start, 1 poll at the very end, model record, file)',
          unit: '',
          app: [perGeneration],
          baseline: [floor],
          target: '—',
          check: { kind: 'info' },
        },
        {
          bench: 'B9',
          metric: 'most requests in any rolling minute',
          unit: '',
          app: [maxPerMinute(sends)],
          baseline: null,
          target: '≤ 60',
          check: { kind: 'app-max', max: 60 },
        },
        {
          bench: 'B9',
          metric: '429 rate_limited answers',
          unit: '',
          app: [paused],
          baseline: null,
          target: '0',
          check: { kind: 'app-max', max: 0 },
        },
      ],
      details: {
        taskSeconds,
        seconds: (Date.now() - started) / 1000,
        sends: sends.length,
        finished,
      },
    };
  } finally {
    await kiln.close();
    await rm(dir, { recursive: true, force: true });
  }
}
