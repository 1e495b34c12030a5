/**
 * B2 — switch to another model while the viewer is open.
 *
 * One Kiln window and one bare page, each holding two 250k-triangle, 2K-textured models in memory
 * as Files (a procedural one and one the sandbox generated from a real photo). Each side first
 * opens one and switches once (untimed: lighting, shaders and pipelines warm), then every sample
 * switches to the other model, Kiln and bare alternating.
 *
 * Kiln: the next model is dropped on the viewer; the time runs from the drop until the frame
 * drawn before `ready` for it has been executed by the GPU (one-pixel `readPixels`; the GPU is
 * drained before the drop too), and the long tasks of the window are counted. Bare: the page
 * parses the next model, removes and fully disposes the old one (geometry, materials, textures,
 * bitmaps), adds the new one, renders, and waits for the GPU the same way.
 */
import type { Page } from '@playwright/test';
import { longTasks, type LongTaskSummary } from '../lib/browser';
import {
  alternate,
  fixtureUrl,
  openBare,
  openKiln,
  preload,
  waitQuiet,
  type BenchContext,
  type BenchResult,
} from '../lib/context';
import { proceduralModel, sandboxModel } from '../lib/fixtures';

interface Sample extends LongTaskSummary {
  switchMs: number;
  submittedMs: number;
  /**
   * WebGL draw calls from the drop until the GPU is drained: what the switch asked SwiftShader to
   * draw, which does not depend on the machine's load (several frames of the whole scene, or one).
   */
  draws: number;
  /** Frames the viewer drew from the drop until the GPU is drained (Kiln's `data-frames`). */
  frames: number;
}

function kilnSwitch(page: Page, name: string): Promise<Sample> {
  return page
    .evaluate(async (n) => {
      const b = window.__bench!;
      b.drain();
      const draws = b.draws;
      const frames = b.frames;
      const since = b.drop(n);
      const ready = await b.waitViewer('ready', n, since);
      b.drain();
      return {
        since,
        frame: ready.lastFrameAt,
        drawn: performance.now(),
        draws: b.draws - draws,
        frames: b.frames - frames,
        longtasks: await b.settledLongtasks(),
      };
    }, name)
    .then((r) => ({
      switchMs: r.drawn - r.since,
      submittedMs: r.frame - r.since,
      draws: r.draws,
      frames: r.frames,
      ...longTasks(r.longtasks, r.since, r.frame),
    }));
}

function bareSwitch(page: Page, name: string): Promise<Sample> {
  return page
    .evaluate(async (n) => {
      const b = window.__bench!;
      b.drain();
      const draws = b.draws;
      const since = performance.now();
      const frame = await window.bare.open(b.files.get(n)!);
      b.drain();
      return {
        since,
        frame,
        drawn: performance.now(),
        draws: b.draws - draws,
        longtasks: await b.settledLongtasks(),
      };
    }, name)
    .then((r) => ({
      switchMs: r.drawn - r.since,
      submittedMs: r.frame - r.since,
      draws: r.draws,
      frames: 1,
      ...longTasks(r.longtasks, r.since, r.frame),
    }));
}

export async function b2(ctx: BenchContext): Promise<BenchResult> {
  const a = await proceduralModel({ ...ctx.sizes.medium, format: 'webp', compression: 'raw' });
  const b = await sandboxModel('coffee.png', ctx.sizes.medium.triangles, ctx.sizes.medium.texture);
  const names = [a.name, b.name];
  const kiln = await openKiln(ctx);
  const bare = await openBare(ctx);
  let s: { app: Sample[]; baseline: Sample[] };
  try {
    for (const f of [a, b]) {
      await preload(kiln.page, await ctx.kiln.publish(f), f.name);
      await preload(bare.page, fixtureUrl(ctx, f), f.name);
    }
    // Untimed: open the first model, then switch once.
    for (const n of names) {
      await kilnSwitch(kiln.page, n);
      await waitQuiet(kiln.page);
      await bareSwitch(bare.page, n);
    }
    let appNext = 0;
    let bareNext = 0;
    s = await alternate(
      ctx.options.samples,
      async () => {
        await waitQuiet(kiln.page);
        return kilnSwitch(kiln.page, names[appNext++ % 2]!);
      },
      async () => {
        await bare.page.waitForTimeout(300);
        return bareSwitch(bare.page, names[bareNext++ % 2]!);
      },
    );
  } finally {
    await kiln.close();
    await bare.close();
  }
  const pick = (k: keyof Sample) => ({
    app: s.app.map((x) => x[k]),
    baseline: s.baseline.map((x) => x[k]),
  });
  const k = Math.round(ctx.sizes.medium.triangles / 1000);
  return {
    rows: [
      {
        bench: 'B2',
        metric: `switch between two ${k}k, ${ctx.sizes.medium.texture / 1024}K models: drop → frame on screen (GPU done)`,
        unit: 'ms',
        ...pick('switchMs'),
        target: '≤ 1.1×',
        check: { kind: 'ratio', max: 1.1 },
      },
      {
        bench: 'B2',
        metric: 'drop → frame submitted (JavaScript side)',
        unit: 'ms',
        ...pick('submittedMs'),
        target: '—',
        check: { kind: 'info' },
      },
      {
        bench: 'B2',
        metric: 'WebGL draw calls, drop → frame on screen',
        unit: '',
        ...pick('draws'),
        target: '—',
        check: { kind: 'info' },
      },
      {
        bench: 'B2',
        metric: 'frames drawn, drop → frame on screen',
        unit: '',
        app: s.app.map((x) => x.frames),
        baseline: null,
        baselineLabel: 'one, as the bare page',
        target: '1',
        // Load-independent: each extra frame is a whole scene for SwiftShader (a re-rendered
        // gizmo once drew 3-4 a switch and tripled the time to the frame on screen).
        check: { kind: 'app-max', max: 1 },
      },
      {
        bench: 'B2',
        metric: 'long tasks > 50 ms during the switch',
        unit: '',
        ...pick('count'),
        target: '≤ baseline',
        check: { kind: 'not-above-baseline' },
      },
      {
        bench: 'B2',
        metric: 'longest task during the switch',
        unit: 'ms',
        ...pick('maxMs'),
        target: '—',
        check: { kind: 'info' },
      },
      {
        bench: 'B2',
        metric: 'total blocking time during the switch',
        unit: 'ms',
        ...pick('blockingMs'),
        target: '—',
        check: { kind: 'info' },
      },
    ],
    details: { models: names },
  };
}
