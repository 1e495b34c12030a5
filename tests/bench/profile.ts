/**
 * `tsx tests/bench/profile.ts <open|switch|draco-first|library> [--quick] [--trace]`: where Kiln's
 * main thread spends a bench's window, by function; with `--trace`, a Chromium trace of it instead
 * (`lib/trace.ts`: the page's tasks and what they waited on, each frame's rendering, the GPU
 * process's tasks), saved as `tests/bench/results/<scenario>.trace.json` (not for `library`).
 *
 * Builds Kiln's renderer unminified (function names intact, source maps beside) into a temp
 * folder, serves it through the browser host, runs one scenario with the V8 sampling profiler
 * on, prints the top functions by self and total time, and saves the `.cpuprofile` under
 * `tests/bench/results/` (open it in Chromium DevTools → Performance).
 *
 * - `open`: navigation → first frame of the B1 model (the model dropped as soon as the viewer exists);
 * - `switch`: B2's switch from one open model to the next (after one untimed switch, as in B2);
 * - `draco-first`: B4's first Draco model in a fresh window;
 * - `library`: B8's click on the Library tab with 20,000 models, page and host (core, sandbox)
 *   profiled, and a timeline of the requests and bridge messages after the click;
 * - `selection`: B15's clicks (Select all, Ctrl-click toggles, a Shift range) in the same library;
 * - `batch`: B16's steps (Select all 20,000, a Shift range of 200, "Run a tool on 200…", Export
 *   GLB to a typed folder, Run) until the batch's row is in Activity, and the long tasks among them;
 * - `health`: B13's "Check again" on the large model (1M triangles; 250k with `--quick`), from the
 *   click until the printability has answered, after one untimed check (the worker's start).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { CDPSession } from '@playwright/test';
import { KilnHost, ROOT } from './lib/app';
import { BenchBrowser } from './lib/browser';
import { idleWorkDone, newPage, preload, waitQuiet, type BenchContext } from './lib/context';
import {
  startProfile as startCpuProfile,
  stopProfile as stopCpuProfile,
  summarize,
  topFunctions,
  type Profile,
} from './lib/cpu-profile';
import { startTrace, taskTimeline, type TraceEvent, type TraceRecording } from './lib/trace';
import { modelSizes, proceduralModel, sandboxModel } from './lib/fixtures';
import { readOptions } from './lib/options';
import { formatTimeline, LIBRARY_MODELS, profileLibraryClick } from './lib/profile-library';
import { SELECTION_SCRIPT } from './benches/b15-selection';
import { exportFormOnRange } from './benches/b16-batch';

const scenario = process.argv[2] ?? 'open';
const tracing = process.argv.includes('--trace');
const options = readOptions(process.argv.slice(3).filter((arg) => arg !== '--trace'));
if (tracing && scenario === 'library') {
  throw new Error('--trace: the library scenario profiles the page and the host; run it without');
}

/** What a scenario's window recorded: a CPU profile, or a trace with `--trace`. */
type Recording = { readonly profile: Profile } | { readonly trace: TraceEvent[] };
let recording: TraceRecording | undefined;

/** Starts recording the window: the V8 profiler, or a Chromium trace with `--trace`. */
async function startProfile(cdp: CDPSession): Promise<void> {
  if (tracing) recording = await startTrace(cdp);
  else await startCpuProfile(cdp);
}

/** Ends the recording started by {@link startProfile}. */
async function stopProfile(cdp: CDPSession): Promise<Recording> {
  if (!recording) return { profile: await stopCpuProfile(cdp) };
  const trace = await recording.stop();
  recording = undefined;
  return { trace };
}
const sizes = modelSizes(options.quick);

const rendererDir = path.join(os.tmpdir(), 'kiln-bench-profile-renderer');
console.error('building Kiln unminified…');
await build({
  configFile: path.join(ROOT, 'vite.config.ts'),
  mode: 'web',
  root: path.join(ROOT, 'renderer'),
  logLevel: 'warn',
  build: { outDir: rendererDir, emptyOutDir: true, minify: false, sourcemap: true },
});

const browser = await BenchBrowser.launch();
const kiln = await KilnHost.start(
  scenario === 'library' || scenario === 'selection' || scenario === 'batch'
    ? { sandbox: { seedModels: LIBRARY_MODELS } }
    : {},
  rendererDir,
);
const ctx = {
  options,
  browser,
  kiln,
  sizes,
  canvas: { width: 0, height: 0 },
  log: (m: string) => console.error(m),
} as unknown as BenchContext;

/** B1, B2 or B4's window (see the header): the main thread's profile of that scenario. */
async function profileModelScenario() {
  const first = await proceduralModel({
    ...sizes.medium,
    format: 'webp',
    compression: scenario === 'draco-first' ? 'draco' : 'raw',
  });
  const firstUrl = await kiln.publish(first);
  let profile;
  if (scenario === 'open') {
    const open = await newPage(ctx, { url: firstUrl, name: first.name });
    await startProfile(open.probe.cdp);
    await open.page.goto(kiln.url);
    await open.signal('ready');
    profile = await stopProfile(open.probe.cdp);
  } else {
    const open = await newPage(ctx);
    await open.page.goto(kiln.url);
    await open.page
      .locator('[data-testid="viewer"][data-gl-geometries]')
      .waitFor({ state: 'attached' });
    await preload(open.page, firstUrl, first.name);
    if (scenario === 'switch') {
      const next = await sandboxModel('coffee.png', sizes.medium.triangles, sizes.medium.texture);
      await preload(open.page, await kiln.publish(next), next.name);
      const show = (n: string) =>
        open.page.evaluate(async (name) => {
          const b = window.__bench!;
          b.drain();
          await b.waitViewer('ready', name, b.drop(name));
          b.drain();
        }, n);
      await show(first.name);
      await waitQuiet(open.page);
      await show(next.name);
      await waitQuiet(open.page);
      await startProfile(open.probe.cdp);
      await show(first.name);
    } else {
      await open.page.waitForTimeout(3000);
      await startProfile(open.probe.cdp);
      await open.page.evaluate(async (n) => {
        await window.__bench!.waitViewer('ready', n, window.__bench!.drop(n));
      }, first.name);
    }
    profile = await stopProfile(open.probe.cdp);
  }
  return profile;
}

/** B8's click on the Library tab: both sides profiled, and the timeline printed. */
async function profileLibrary(): Promise<void> {
  await kiln.host.sandbox!.ready();
  const { page, host, timeline } = await profileLibraryClick(ctx, kiln);
  const dir = path.join(ROOT, 'tests', 'bench', 'results');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'library.cpuprofile'), JSON.stringify(page));
  await writeFile(path.join(dir, 'library-host.cpuprofile'), JSON.stringify(host));
  console.log(`library: timeline after the click\n${formatTimeline(timeline)}\n`);
  console.log(`page main thread:\n${topFunctions(summarize(page))}\n`);
  console.log(`host process (core, sandbox):\n${topFunctions(summarize(host))}`);
  console.error('saved tests/bench/results/library.cpuprofile and library-host.cpuprofile');
}

/** B15's clicks in the library's grid, once its first screen is listed. */
async function profileSelection(): Promise<void> {
  await kiln.host.sandbox!.ready();
  const open = await newPage(ctx);
  await open.page.goto(kiln.url);
  await idleWorkDone(open);
  await open.page.click('#left-tab-library');
  await open.page.locator('[data-testid="library-card"]').first().waitFor();
  await waitQuiet(open.page);
  // Once unprofiled: what the first clicks load once (the selection bar's chunk) is not counted.
  await open.page.evaluate(`${SELECTION_SCRIPT}([10, 500])`);
  await open.page.evaluate(() => {
    document.querySelector<HTMLElement>('[data-testid="library-grid"]')!.scrollTop = 0;
  });
  await open.page.keyboard.press('Escape');
  await waitQuiet(open.page);
  await startProfile(open.probe.cdp);
  const times = await open.page.evaluate(`${SELECTION_SCRIPT}([10, 500])`);
  await report(await stopProfile(open.probe.cdp), JSON.stringify(times));
}

/** B16's steps from "Select all" to the batch's row in Activity. */
async function profileBatch(): Promise<void> {
  await kiln.host.sandbox!.ready();
  const open = await newPage(ctx);
  const { page } = open;
  await page.goto(kiln.url);
  await idleWorkDone(open);
  await page.click('#left-tab-library');
  await page.locator('[data-testid="library-card"]').first().waitFor();
  await waitQuiet(page);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'kiln-profile-batch-'));
  const bar = page.getByTestId('library-selection');
  const since = await page.evaluate(() => performance.now());
  await startProfile(open.probe.cdp);
  await page.getByTestId('library-select-all').click();
  await bar.and(page.locator('[data-kind="all"]')).waitFor();
  const form = await exportFormOnRange(page, folder);
  await form.getByTestId('batch-start').click();
  await page.getByTestId('batch').first().waitFor();
  await page.waitForTimeout(2000);
  const profile = await stopProfile(open.probe.cdp);
  const tasks = (await open.probe.probe((b) => b.settledLongtasks())).filter(
    ([start]) => start >= since,
  );
  const list = tasks.map(([start, ms]) => `${(start - since).toFixed(0)} ms: ${ms.toFixed(0)} ms`);
  await report(profile, `long tasks after "Select all": ${list.join(', ') || 'none'}`);
  await rm(folder, { recursive: true, force: true });
}

/** B13's "Check again" of the Health panel, once the first check (the worker's start) is done. */
async function profileHealth(): Promise<void> {
  const fixture = await proceduralModel({ ...sizes.large, format: 'webp', compression: 'raw' });
  const open = await newPage(ctx);
  await open.page.goto(kiln.url);
  await idleWorkDone(open);
  await preload(open.page, await kiln.publish(fixture), fixture.name);
  await open.page.evaluate(async (n) => {
    await window.__bench!.waitViewer('ready', n, window.__bench!.drop(n));
  }, fixture.name);
  const panel = open.page.getByTestId('health-panel');
  await open.page.getByTestId('viewer-tab-health').click();
  await panel.and(open.page.locator('[data-print-state="ready"]')).waitFor();
  await waitQuiet(open.page);
  await startProfile(open.probe.cdp);
  const since = Date.now();
  await open.page.getByTestId('health-run').click();
  await panel.and(open.page.locator('[data-health-state="running"]')).waitFor();
  await panel.and(open.page.locator('[data-print-state="ready"]')).waitFor({ timeout: 120_000 });
  await report(await stopProfile(open.probe.cdp), `check → printability ${Date.now() - since} ms`);
}

/**
 * Saves a scenario's recording under `tests/bench/results/` and prints its top functions, or the
 * page's and the GPU process's tasks for a trace.
 */
async function report(recorded: Recording, what: string) {
  if ('trace' in recorded) {
    const out = path.join(ROOT, 'tests', 'bench', 'results', `${scenario}.trace.json`);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, JSON.stringify({ traceEvents: recorded.trace }));
    console.log(`${scenario}: ${what}`);
    console.log(
      `${taskTimeline(recorded.trace)}\n\n${taskTimeline(recorded.trace, 'CrGpuMain', 20)}`,
    );
    console.error(`saved ${path.relative(ROOT, out)}`);
    return;
  }
  const { profile } = recorded;
  const out = path.join(ROOT, 'tests', 'bench', 'results', `${scenario}.cpuprofile`);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(profile));
  console.log(`${scenario}: ${what}`);
  console.log(topFunctions(summarize(profile)));
  console.error(`saved ${path.relative(ROOT, out)}`);
}

try {
  if (scenario === 'library') {
    await profileLibrary();
  } else if (scenario === 'selection') {
    await profileSelection();
  } else if (scenario === 'batch') {
    await profileBatch();
  } else if (scenario === 'health') {
    await profileHealth();
  } else {
    const recorded = await profileModelScenario();
    await report(
      recorded,
      'profile' in recorded
        ? `${((recorded.profile.endTime - recorded.profile.startTime) / 1000).toFixed(0)} ms profiled`
        : `${recorded.trace.length} trace events`,
    );
  }
} finally {
  await kiln.close();
  await browser.close();
}
