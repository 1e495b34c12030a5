/**
 * B1 — open a model: navigation → first frame with the model, and main-thread script time.
 *
 * Kiln: a fresh window; the probe fetches the model from the host at navigation and drops it on
 * the viewer the moment the viewer exists (a user reopening a model as fast as the app allows).
 * The frame is the one drawn before `data-viewer-state` turned `ready`; it is on screen when the
 * GPU has executed it, which the probe waits for with a one-pixel `readPixels` (SwiftShader runs
 * GL on the CPU, often seconds after the frame was submitted). Bare: a page that loads the same
 * file with GLTFLoader at navigation, renders it once and waits the same way. Script time is
 * Chromium's `ScriptDuration` (main thread, thread CPU time, so time blocked waiting on the GPU
 * is not in it) from navigation to that frame.
 */
import { longTasks } from '../lib/browser';
import {
  alternate,
  bareUrl,
  fixtureUrl,
  newPage,
  type BenchContext,
  type BenchResult,
} from '../lib/context';
import { proceduralModel } from '../lib/fixtures';

interface Sample {
  wallMs: number;
  submittedMs: number;
  scriptMs: number;
  taskMs: number;
  blockingMs: number;
  dropAt?: number;
  /** Frames the viewer drew up to and with the model's first (Kiln's `data-frames`). */
  frames?: number;
}

export async function b1(ctx: BenchContext): Promise<BenchResult> {
  const fixture = await proceduralModel({
    ...ctx.sizes.medium,
    format: 'webp',
    compression: 'raw',
  });
  const appUrl = await ctx.kiln.publish(fixture);

  const app = async (): Promise<Sample> => {
    const open = await newPage(ctx, { url: appUrl, name: fixture.name });
    try {
      await open.page.goto(ctx.kiln.url);
      await open.signal('ready');
      const m = await open.probe.metrics();
      // Long tasks less the bench's own GPU drains (counted alike on both sides).
      const p = await open.probe.probe(async (b) => ({
        t: b.t,
        longtasks: await b.settledLongtasks(),
        frames: b.viewer.find((e) => e.state === 'ready')?.frames,
      }));
      const size = await open.page
        .locator('[data-testid="viewer"] canvas')
        .evaluate((c: HTMLCanvasElement) => ({ width: c.clientWidth, height: c.clientHeight }));
      ctx.canvas = size;
      return {
        wallMs: p.t['drawn']!,
        submittedMs: p.t['firstFrame']!,
        scriptMs: m.scriptMs,
        taskMs: m.taskMs,
        blockingMs: longTasks(p.longtasks, 0, p.t['firstFrame']!).blockingMs,
        dropAt: p.t['drop']!,
        frames: p.frames,
      };
    } finally {
      await open.close();
    }
  };

  const bare = async (): Promise<Sample> => {
    const open = await newPage(ctx);
    try {
      await open.page.goto(bareUrl(ctx, { model: fixtureUrl(ctx, fixture) }));
      await open.signal('ready');
      const m = await open.probe.metrics();
      // The bare page drains the GPU inside its frame's task: that wait is the bench's, not
      // the page's work, and is taken out of the task as on Kiln's side.
      const p = await open.probe.probe(async (b) => ({
        t: b.t,
        longtasks: await b.settledLongtasks(),
      }));
      return {
        wallMs: p.t['drawn']!,
        submittedMs: p.t['firstFrame']!,
        scriptMs: m.scriptMs,
        taskMs: m.taskMs,
        blockingMs: longTasks(p.longtasks, 0, p.t['firstFrame']!).blockingMs,
      };
    } finally {
      await open.close();
    }
  };

  // One untimed round first: Kiln's canvas size (for the baseline) and a warm disk cache.
  await app();
  await bare();
  const s = await alternate(ctx.options.samples, app, bare);
  const label = `${fixture.triangles?.toLocaleString('en-US')} triangles, ${ctx.sizes.medium.texture / 1024}K WebP`;
  const pick = (k: keyof Sample) => ({
    app: s.app.map((x) => x[k] ?? NaN),
    baseline: s.baseline.map((x) => x[k] ?? NaN),
  });
  return {
    rows: [
      {
        bench: 'B1',
        metric: `open ${label}: navigation → first frame on screen (GPU done)`,
        unit: 'ms',
        ...pick('wallMs'),
        target: '≤ 1.1×',
        check: { kind: 'ratio', max: 1.1 },
      },
      {
        bench: 'B1',
        metric: 'navigation → first frame submitted (JavaScript side)',
        unit: 'ms',
        ...pick('submittedMs'),
        target: '—',
        check: { kind: 'info' },
      },
      {
        bench: 'B1',
        metric: 'main-thread script time to first frame',
        unit: 'ms',
        ...pick('scriptMs'),
        target: '≤ 1.5×',
        check: { kind: 'ratio', max: 1.5 },
      },
      {
        bench: 'B1',
        metric: 'main-thread busy time to first frame (all tasks)',
        unit: 'ms',
        ...pick('taskMs'),
        target: '—',
        check: { kind: 'info' },
      },
      {
        bench: 'B1',
        metric: 'total blocking time to first frame (Σ long task − 50 ms)',
        unit: 'ms',
        ...pick('blockingMs'),
        target: '—',
        check: { kind: 'info' },
      },
      {
        bench: 'B1',
        metric: 'Kiln: navigation → model dropped (app shell + lazy viewer ready)',
        unit: 'ms',
        app: s.app.map((x) => x.dropAt ?? NaN),
        baseline: null,
        target: '—',
        check: { kind: 'info' },
      },
      {
        bench: 'B1',
        metric: 'Kiln: frames drawn up to and with the model’s first',
        unit: '',
        app: s.app.map((x) => x.frames ?? NaN),
        baseline: null,
        target: '—',
        check: { kind: 'info' },
      },
    ],
    details: { fixture: fixture.name, bytes: fixture.bytes, canvas: ctx.canvas },
  };
}
