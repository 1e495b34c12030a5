/**
 * B6 — 5 s idle with a model shown: nothing may be drawn.
 *
 * Kiln: one window shows a model; once the viewer has drawn nothing for 1 s and the GPU is
 * drained, consecutive five-second windows (one per sample) are watched: frames the viewer drew (`data-frames`), WebGL draw calls and
 * `requestAnimationFrame` requests (probe), main-thread busy time (Chromium's TaskDuration), and
 * the CPU time of the browser's GPU process (SwiftShader draws on the CPU, so compositor or WebGL
 * work shows there). A blank page in the same browser is watched over the same windows.
 */
import { browserCpuMs } from '../lib/processes';
import {
  newPage,
  openKiln,
  preload,
  waitQuiet,
  type BenchContext,
  type BenchResult,
  type OpenPage,
} from '../lib/context';
import { proceduralModel } from '../lib/fixtures';

const WINDOW_MS = 5000;

interface Reading {
  frames: number;
  draws: number;
  rafs: number;
  taskMs: number;
}

async function read(open: OpenPage): Promise<Reading> {
  const p = await open.probe.probe((b) => ({ frames: b.frames, draws: b.draws, rafs: b.rafs }));
  const m = await open.probe.metrics();
  return { ...p, taskMs: m.taskMs };
}

export async function b6(ctx: BenchContext): Promise<BenchResult> {
  const fixture = await proceduralModel({ ...ctx.sizes.small, format: 'webp', compression: 'raw' });
  const url = await ctx.kiln.publish(fixture);
  const app: Array<Reading & { gpuMs: number }> = [];
  const blank: Array<Reading & { gpuMs: number }> = [];
  const kiln = await openKiln(ctx);
  const page = await newPage(ctx);
  try {
    await page.page.goto(`${ctx.pages.origin}/blank.html`);
    await preload(kiln.page, url, fixture.name);
    await kiln.page.evaluate(async (n) => {
      const b = window.__bench!;
      await b.waitViewer('ready', n, b.drop(n));
    }, fixture.name);
    await waitQuiet(kiln.page, 1000);
    await kiln.page.evaluate(() => window.__bench!.drain());
    for (let i = 0; i < ctx.options.samples; i++) {
      const gpu0 = browserCpuMs(ctx.browser.proxyPort, 'gpu-process');
      const [a0, b0] = [await read(kiln), await read(page)];
      await kiln.page.waitForTimeout(WINDOW_MS);
      const [a1, b1] = [await read(kiln), await read(page)];
      const gpuMs = browserCpuMs(ctx.browser.proxyPort, 'gpu-process') - gpu0;
      const diff = (x: Reading, y: Reading) => ({
        frames: y.frames - x.frames,
        draws: y.draws - x.draws,
        rafs: y.rafs - x.rafs,
        taskMs: y.taskMs - x.taskMs,
      });
      // Both pages share the GPU process: its time is charged to Kiln, the blank page gets 0.
      app.push({ ...diff(a0, a1), gpuMs });
      blank.push({ ...diff(b0, b1), gpuMs: 0 });
    }
  } finally {
    await kiln.close();
    await page.close();
  }
  const pick = (k: keyof (typeof app)[number]) => ({
    app: app.map((x) => x[k]),
    baseline: blank.map((x) => x[k]),
  });
  return {
    rows: [
      {
        bench: 'B6',
        metric: 'frames drawn in 5 s idle with a model shown',
        unit: '',
        ...pick('frames'),
        target: '0',
        check: { kind: 'app-max', max: 0 },
      },
      {
        bench: 'B6',
        metric: 'WebGL draw calls in those 5 s',
        unit: '',
        ...pick('draws'),
        target: '0',
        check: { kind: 'app-max', max: 0 },
      },
      {
        bench: 'B6',
        metric: 'requestAnimationFrame requests in those 5 s',
        unit: '',
        ...pick('rafs'),
        target: '0',
        check: { kind: 'app-max', max: 0 },
      },
      {
        bench: 'B6',
        metric: 'main-thread busy time in those 5 s',
        unit: 'ms',
        ...pick('taskMs'),
        target: '—',
        check: { kind: 'info' },
      },
      {
        bench: 'B6',
        metric: 'GPU process CPU time in those 5 s (both pages)',
        unit: 'ms',
        app: app.map((x) => x.gpuMs),
        baseline: null,
        target: '—',
        check: { kind: 'info' },
      },
    ],
    details: { fixture: fixture.name, app, blank },
  };
}
