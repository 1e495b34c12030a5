/**
 * B13 — the mesh-health check of a million-triangle model, off the main thread.
 *
 * Kiln: one window shows the large procedural model (1M triangles; 250k with `--quick`). The
 * Health panel is opened (its first check also starts the worker), then every sample clicks
 * "Check again" and waits until the report is on screen and the printability check that follows
 * it (BVH, a ray per triangle) has answered. The window's long tasks over that whole span are
 * counted: the page may copy the model's arrays, but every step of the analysis runs in the
 * worker. There is no baseline page: the target is absolute (no task over 50 ms).
 */
import type { Page } from '@playwright/test';
import { longTasks, type LongTaskSummary } from '../lib/browser';
import { openKiln, preload, waitQuiet, type BenchContext, type BenchResult } from '../lib/context';
import { proceduralModel } from '../lib/fixtures';

interface Sample extends LongTaskSummary {
  /** Click → report on screen. */
  healthMs: number;
  /** Report → printability answered. */
  printMs: number;
}

/** Clicks `button` (or nothing) and times the panel through its health and print states. */
function check(page: Page, click: boolean): Promise<Sample> {
  return page
    .evaluate(async (press) => {
      const b = window.__bench!;
      const panel = () => document.querySelector<HTMLElement>('[data-testid="health-panel"]');
      const until = async (test: () => boolean) => {
        while (!test()) await new Promise((r) => setTimeout(r, 10));
        return performance.now();
      };
      const since = performance.now();
      if (press) document.querySelector<HTMLButtonElement>('[data-testid="health-run"]')!.click();
      else document.querySelector<HTMLButtonElement>('[data-testid="viewer-tab-health"]')!.click();
      // The click's own commit shows "running" (health) first.
      await until(() => panel()?.dataset['healthState'] === 'running');
      const report = await until(() => panel()?.dataset['healthState'] === 'ready');
      await until(() => panel()?.dataset['printState'] === 'running');
      const print = await until(() => panel()?.dataset['printState'] === 'ready');
      return { since, report, print, longtasks: await b.settledLongtasks() };
    }, click)
    .then((r) => ({
      healthMs: r.report - r.since,
      printMs: r.print - r.report,
      ...longTasks(r.longtasks, r.since, r.print),
    }));
}

export async function b13(ctx: BenchContext): Promise<BenchResult> {
  const fixture = await proceduralModel({ ...ctx.sizes.large, format: 'webp', compression: 'raw' });
  const kiln = await openKiln(ctx);
  const samples: Sample[] = [];
  let first: Sample;
  try {
    await preload(kiln.page, await ctx.kiln.publish(fixture), fixture.name);
    await kiln.page.evaluate(async (n) => {
      const b = window.__bench!;
      await b.waitViewer('ready', n, b.drop(n));
    }, fixture.name);
    await waitQuiet(kiln.page, 1000, 60_000);
    first = await check(kiln.page, false);
    for (let i = 0; i < Math.min(ctx.options.samples, 5); i++) {
      await waitQuiet(kiln.page, 500, 60_000);
      samples.push(await check(kiln.page, true));
    }
  } finally {
    await kiln.close();
  }
  const all = [first, ...samples];
  const row = (
    metric: string,
    unit: string,
    app: number[],
    target: string,
    check: BenchResult['rows'][number]['check'],
  ) => ({ bench: 'B13', metric, unit, app, baseline: null, target, check });
  const triangles = `${(ctx.sizes.large.triangles / 1e6).toFixed(2).replace(/\.?0+$/, '')}M`;
  return {
    rows: [
      row(
        `health check of ${triangles} triangles: long tasks > 50 ms on the main thread (report + printability)`,
        '',
        all.map((s) => s.count),
        '0',
        { kind: 'app-max', max: 0 },
      ),
      row(
        'longest main-thread task during the check',
        'ms',
        all.map((s) => s.maxMs),
        '—',
        {
          kind: 'info',
        },
      ),
      row(
        'click → report on screen (worker)',
        'ms',
        samples.map((s) => s.healthMs),
        '—',
        {
          kind: 'info',
        },
      ),
      row(
        'report → printability at 100 mm (BVH + a ray per triangle)',
        'ms',
        samples.map((s) => s.printMs),
        '—',
        {
          kind: 'info',
        },
      ),
      row('first check, panel opened (worker started)', 'ms', [first!.healthMs], '—', {
        kind: 'info',
      }),
    ],
    details: { fixture: fixture.name, first: first!, samples },
  };
}
