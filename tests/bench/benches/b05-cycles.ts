/**
 * B5 — 20 open/close cycles: GPU objects and JS heap.
 *
 * Kiln: a fresh window, the empty viewer drawn and its lighting warmed at idle
 * (`data-lighting="warm"`); its renderer's live geometries, textures and programs (`data-gl-*`)
 * and the JS heap after forced GC are read at the start (nothing opened yet), after the second
 * cycle (each model seen once: what the viewer creates once and keeps, such as shadow targets
 * and shader variants) and after the twentieth. A cycle drops a model, waits until it is shown
 * and closes it with the viewer's Close button, alternating a textured sandbox model and its
 * rigged version (skin + clips). Bare: the same files and cycles with `renderer.info` and a
 * full dispose.
 *
 * The heap target is read on JS objects only (a heap snapshot's strings, arrays, objects and
 * closures): the whole V8 heap also holds compiled code, which grows for many cycles as V8
 * optimises the repeated work (measured over 60 cycles: +585 kB of code, +5 kB of objects).
 *
 * Each sample is itself 20 cycles (about a minute of SwiftShader work on a shared 2-core
 * machine), so B5 takes at most 3 samples per side; the counts are exact anyway.
 */
import type { Page } from '@playwright/test';
import {
  alternate,
  fixtureUrl,
  lightingWarm,
  openBare,
  openKiln,
  preload,
  waitQuiet,
  type BenchContext,
  type BenchResult,
} from '../lib/context';
import { riggedModel, sandboxModel } from '../lib/fixtures';

const CYCLES = 20;
/** Cycles after which the heap is read once more, to tell steady growth from warm-up. */
const MID = 11;

interface Counts {
  geometries: number;
  textures: number;
  programs: number;
}

interface Sample {
  start: Counts;
  warm: Counts;
  end: Counts;
  heapWarm: number;
  heapMid: number;
  heapEnd: number;
  /** JS objects only (heap snapshot), after cycle 2 and after the last. */
  objectsWarm: number;
  objectsEnd: number;
}

/** At most this many B5 samples per side (see the module comment). */
const MAX_SAMPLES = 3;

async function kilnCounts(page: Page): Promise<Counts> {
  await waitQuiet(page, 300);
  return page.locator('[data-testid="viewer"]').evaluate((el) => ({
    geometries: Number(el.getAttribute('data-gl-geometries')),
    textures: Number(el.getAttribute('data-gl-textures')),
    programs: Number(el.getAttribute('data-gl-programs')),
  }));
}

export async function b5(ctx: BenchContext): Promise<BenchResult> {
  const plain = await sandboxModel('coffee.png', 20_000, 1024);
  const rigged = await riggedModel(20_000);
  const names = [plain.name, rigged.name];

  const app = async (): Promise<Sample> => {
    const open = await openKiln(ctx);
    try {
      const { page, probe } = open;
      await preload(page, await ctx.kiln.publish(plain), plain.name);
      await preload(page, await ctx.kiln.publish(rigged), rigged.name);
      // The empty viewer builds its lighting once the page is idle: that is the start line.
      await lightingWarm(page);
      const start = await kilnCounts(page);
      let warm = start;
      let heapWarm = 0;
      let heapMid = 0;
      let objectsWarm = 0;
      for (let i = 0; i < CYCLES; i++) {
        const name = names[i % 2]!;
        await page.evaluate(async (n) => {
          const b = window.__bench!;
          await b.waitViewer('ready', n, b.drop(n));
        }, name);
        await page.getByTestId('viewer-close').click();
        await page.locator('[data-testid="viewer"][data-viewer-state="empty"]').waitFor();
        if (i === 1) {
          warm = await kilnCounts(page);
          heapWarm = await probe.heapAfterGc();
          objectsWarm = await probe.jsObjectBytes();
        }
        if (i === MID - 1) heapMid = await probe.heapAfterGc();
      }
      const end = await kilnCounts(page);
      const heapEnd = await probe.heapAfterGc();
      const objectsEnd = await probe.jsObjectBytes();
      return { start, warm, end, heapWarm, heapMid, heapEnd, objectsWarm, objectsEnd };
    } finally {
      await open.close();
    }
  };

  const bare = async (): Promise<Sample> => {
    const open = await openBare(ctx);
    try {
      const { page, probe } = open;
      for (const f of [plain, rigged]) await preload(page, fixtureUrl(ctx, f), f.name);
      const cycle = (from: number, to: number) =>
        page.evaluate(
          async ({ names, from, to }) => {
            for (let i = from; i < to; i++) {
              await window.bare.open(window.__bench!.files.get(names[i % 2]!)!);
              await window.bare.close();
            }
          },
          { names, from, to },
        );
      const start = await page.evaluate(() => window.bare.counts());
      await cycle(0, 2);
      const warm = await page.evaluate(() => window.bare.counts());
      const heapWarm = await probe.heapAfterGc();
      const objectsWarm = await probe.jsObjectBytes();
      await cycle(2, MID);
      const heapMid = await probe.heapAfterGc();
      await cycle(MID, CYCLES);
      const end = await page.evaluate(() => window.bare.counts());
      const heapEnd = await probe.heapAfterGc();
      const objectsEnd = await probe.jsObjectBytes();
      return { start, warm, end, heapWarm, heapMid, heapEnd, objectsWarm, objectsEnd };
    } finally {
      await open.close();
    }
  };

  const s = await alternate(Math.min(ctx.options.samples, MAX_SAMPLES), app, bare);
  const delta = (k: keyof Counts, from: 'start' | 'warm') => ({
    app: s.app.map((x) => x.end[k] - x[from][k]),
    baseline: s.baseline.map((x) => x.end[k] - x[from][k]),
  });
  const leakRow = (k: keyof Counts) => ({
    bench: 'B5',
    metric: `${k}: after cycle ${CYCLES} − after cycle 2`,
    unit: '',
    ...delta(k, 'warm'),
    target: '0',
    check: { kind: 'app-max', max: 0 } as const,
  });
  const all = (x: Counts) => x.geometries + x.textures + x.programs;
  return {
    rows: [
      leakRow('geometries'),
      leakRow('textures'),
      leakRow('programs'),
      {
        bench: 'B5',
        metric: `GPU objects after cycle ${CYCLES} − before any model (geometries + textures + programs)`,
        unit: '',
        app: s.app.map((x) => all(x.end) - all(x.start)),
        baseline: s.baseline.map((x) => all(x.end) - all(x.start)),
        target: '0',
        check: { kind: 'app-max', max: 0 },
      },
      {
        bench: 'B5',
        metric: `JS objects after cycle ${CYCLES} ÷ after cycle 2 (heap snapshot after GC)`,
        unit: '×',
        app: s.app.map((x) => x.objectsEnd / x.objectsWarm),
        baseline: s.baseline.map((x) => x.objectsEnd / x.objectsWarm),
        target: 'Kiln ≤ 1.1',
        check: { kind: 'app-max', max: 1.1 },
      },
      {
        bench: 'B5',
        metric: `JS heap after cycle ${CYCLES} ÷ after cycle 2 (after GC; includes V8's compiled code)`,
        unit: '×',
        app: s.app.map((x) => x.heapEnd / x.heapWarm),
        baseline: s.baseline.map((x) => x.heapEnd / x.heapWarm),
        target: '—',
        check: { kind: 'info' },
      },
      {
        bench: 'B5',
        metric: `JS heap growth, cycles 2 → ${MID} (after GC)`,
        unit: 'MB',
        app: s.app.map((x) => (x.heapMid - x.heapWarm) / 1e6),
        baseline: s.baseline.map((x) => (x.heapMid - x.heapWarm) / 1e6),
        target: '—',
        check: { kind: 'info' },
      },
      {
        bench: 'B5',
        metric: `JS heap growth, cycles ${MID} → ${CYCLES} (after GC; steady growth = a leak)`,
        unit: 'MB',
        app: s.app.map((x) => (x.heapEnd - x.heapMid) / 1e6),
        baseline: s.baseline.map((x) => (x.heapEnd - x.heapMid) / 1e6),
        target: '—',
        check: { kind: 'info' },
      },
    ],
    details: { models: names, counts: s },
  };
}
