/**
 * B8 — the library grid with 20,000 models: first paint, DOM nodes, heap, long tasks while
 * scrolling, against a bare `@tanstack/react-virtual` grid with the same cards
 * (`baselines/library-grid.ts`).
 *
 * Kiln: its own host with a sandbox seeded with 20,000 models; each sample is a fresh window,
 * ready, then the Library tab is clicked: first paint is click → first card on screen (two
 * animation frames after the card exists), paging the first page through IPC, the core and the
 * sandbox. The baseline is mounted by `__showGrid()` and fetches the same first page (the
 * sandbox's own rows, written to static JSON) the same way; it gets Kiln's grid size. Then both
 * scroll the grid 60 times by 1,900 px, one step per two frames (about 7 pages of 200), and wait until
 * no placeholder is left. Heap is measured after GC before showing the grid, at the first screen
 * and after the scroll; the target row compares the growth while scrolling (Kiln's window also
 * holds its shell, its lazy viewer and, from the click, the lazy library chunk).
 */
import { longTasks } from '../lib/browser';
import {
  alternate,
  idleWorkDone,
  openKiln,
  waitQuiet,
  type BenchContext,
  type BenchResult,
  type OpenPage,
} from '../lib/context';
import { MODELS, gridSize, startLibraryBench } from '../lib/library-bench';

const STEPS = 60;
const STEP_PX = 1900;

interface Sample {
  firstPaintMs: number;
  gridNodesFirst: number;
  gridNodesScrolled: number;
  longTasks: number;
  blockingMs: number;
  maxTaskMs: number;
  settleMs: number;
  heapGrowthMb: number;
  scrollHeapMb: number;
  heapMb: number;
}

/** Runs in the page: triggers the grid, returns ms until the first card has been painted. */
const FIRST_PAINT = `(async (trigger) => {
  const t0 = performance.now();
  trigger();
  const card = () => document.querySelector('[data-testid="library-card"]');
  while (!card()) await new Promise((r) => requestAnimationFrame(r));
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return performance.now() - t0;
})`;

/** Runs in the page: scrolls the grid in steps, returns [start, end] and settle time. */
const SCROLL = `(async ([steps, px]) => {
  const el = document.querySelector('[data-testid="library-grid"]');
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const start = performance.now();
  for (let i = 0; i < steps; i++) { el.scrollTop += px; await frame(); }
  const end = performance.now();
  while (el.querySelector('.placeholder')) await new Promise((r) => requestAnimationFrame(r));
  return [start, end, performance.now() - end];
})`;

/**
 * The grid's DOM nodes once the cards in view are settled: each shows its thumbnail or says why
 * not ("No picture", "waiting for a free request"). A card whose thumbnail is still on its way
 * shows the model's facts meanwhile (one node more than its picture), so counting at the first
 * paint counted how fast the thumbnails came, not the grid (99 or 105 nodes by the run).
 */
const gridNodes = (open: OpenPage) =>
  open.page.evaluate(async () => {
    const grid = document.querySelector('[data-testid="library-grid"]')!;
    const view = grid.getBoundingClientRect();
    const inView = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.bottom > view.top && box.top < view.bottom;
    };
    // Rows drawn beyond the view (overscan) ask for no thumbnail until scrolled to.
    const pending = () =>
      [...grid.querySelectorAll('[data-testid="library-card-facts"]')].some(
        (card) => inView(card) && !card.querySelector('.library-card-note'),
      );
    const until = performance.now() + 10_000;
    while (pending() && performance.now() < until) {
      await new Promise((r) => requestAnimationFrame(r));
    }
    return grid.querySelectorAll('*').length;
  });

async function measure(open: OpenPage, trigger: string): Promise<Sample> {
  const heap0 = await open.probe.heapAfterGc();
  const firstPaintMs = (await open.page.evaluate(`${FIRST_PAINT}(${trigger})`)) as number;
  const gridNodesFirst = await gridNodes(open);
  const heapShown = await open.probe.heapAfterGc();
  const [start, end, settleMs] = (await open.page.evaluate(
    `${SCROLL}([${STEPS}, ${STEP_PX}])`,
  )) as [number, number, number];
  const tasks = longTasks(
    await open.probe.probe((b) => b.settledLongtasks()),
    start,
    end + settleMs,
  );
  const gridNodesScrolled = await gridNodes(open);
  const heap1 = await open.probe.heapAfterGc();
  return {
    firstPaintMs,
    gridNodesFirst,
    gridNodesScrolled,
    longTasks: tasks.count,
    blockingMs: tasks.blockingMs,
    maxTaskMs: tasks.maxMs,
    settleMs,
    heapGrowthMb: (heap1 - heap0) / 2 ** 20,
    scrollHeapMb: (heap1 - heapShown) / 2 ** 20,
    heapMb: heap1 / 2 ** 20,
  };
}

export async function b8(ctx: BenchContext): Promise<BenchResult> {
  const lib = await startLibraryBench();
  let size = { w: 272, h: 500 };
  try {
    const app = async (): Promise<Sample> => {
      // The grid is measured, not the window's start: wait until the lazy viewer is mounted
      // and the window has done its idle work.
      const open = await openKiln(ctx, lib.kiln.url);
      try {
        await idleWorkDone(open);
        await waitQuiet(open.page);
        const sample = await measure(
          open,
          `() => document.getElementById('left-tab-library').click()`,
        );
        size = await gridSize(open);
        return sample;
      } finally {
        await open.close();
      }
    };
    const bare = async (): Promise<Sample> => {
      const open = await lib.openBare(ctx, size);
      try {
        return await measure(open, `() => window.__showGrid()`);
      } finally {
        await open.close();
      }
    };
    // One untimed Kiln window first: it learns the grid's size for the baseline.
    await app();
    const { app: a, baseline: b } = await alternate(ctx.options.samples, app, bare);
    const pick = (k: keyof Sample) => ({ app: a.map((x) => x[k]), baseline: b.map((x) => x[k]) });
    return {
      rows: [
        {
          bench: 'B8',
          metric: `library grid, ${MODELS.toLocaleString('en-US')} models: click → first card painted`,
          unit: 'ms',
          ...pick('firstPaintMs'),
          target: '≤ 1.3×',
          check: { kind: 'ratio', max: 1.3 },
        },
        {
          bench: 'B8',
          metric: 'DOM nodes in the grid, first screen',
          unit: '',
          ...pick('gridNodesFirst'),
          target: '≤ 1.3×',
          check: { kind: 'ratio', max: 1.3 },
        },
        {
          bench: 'B8',
          metric: 'DOM nodes in the grid after scrolling ~7 pages of 200',
          unit: '',
          ...pick('gridNodesScrolled'),
          target: '≤ 1.3×',
          check: { kind: 'ratio', max: 1.3 },
        },
        {
          bench: 'B8',
          metric: 'JS heap growth while scrolling: first screen → after scrolling (after GC)',
          unit: 'MB',
          ...pick('scrollHeapMb'),
          target: '≤ 1.3×',
          check: { kind: 'ratio', max: 1.3 },
        },
        {
          bench: 'B8',
          metric:
            'JS heap growth: before the grid → after scrolling (Kiln: + the lazy library chunk)',
          unit: 'MB',
          ...pick('heapGrowthMb'),
          target: '—',
          check: { kind: 'info' },
        },
        {
          bench: 'B8',
          metric: 'long tasks > 50 ms while scrolling 60 steps of 1,900 px',
          unit: '',
          ...pick('longTasks'),
          target: '≤ 1.3×',
          check: { kind: 'ratio', max: 1.3 },
        },
        {
          bench: 'B8',
          metric: 'total blocking time while scrolling',
          unit: 'ms',
          ...pick('blockingMs'),
          target: '—',
          check: { kind: 'info' },
        },
        {
          bench: 'B8',
          metric: 'scroll end → every card in view filled',
          unit: 'ms',
          ...pick('settleMs'),
          target: '—',
          check: { kind: 'info' },
        },
        {
          bench: 'B8',
          metric: 'JS heap after scrolling (Kiln: whole window)',
          unit: 'MB',
          ...pick('heapMb'),
          target: '—',
          check: { kind: 'info' },
        },
      ],
      details: { size, app: a, baseline: b },
    };
  } finally {
    await lib.close();
  }
}
