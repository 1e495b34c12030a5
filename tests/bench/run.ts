/**
 * `npm run bench`: Kiln against bare baselines, side by side (issue 12).
 *
 * `vite build --mode web` has built Kiln's renderer; this builds the baseline pages, makes (or
 * reuses) the fixtures, starts Kiln's browser host (embedded sandbox) and a static server for the
 * baselines on 127.0.0.1, launches one Debian Chromium (SwiftShader WebGL), and runs each bench
 * with app and baseline samples alternating in that one browser. It prints one table of medians
 * and app ÷ baseline ratios and writes every sample to `tests/bench/results/latest.json`.
 *
 * Nothing here gates `npm test`: the bench measures, it never fails the build. See README.md.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { b1 } from './benches/b01-open';
import { b2 } from './benches/b02-switch';
import { b3 } from './benches/b03-parse';
import { b4 } from './benches/b04-draco';
import { b5 } from './benches/b05-cycles';
import { b6 } from './benches/b06-idle';
import { b7 } from './benches/b07-bundle';
import { b9Skipped } from './benches/b08-pending';
import { b8 } from './benches/b08-library';
import { b9 } from './benches/b09-queue';
import { b10 } from './benches/b10-generation';
import { b11 } from './benches/b11-upload';
import { b12 } from './benches/b12-offline';
import { b13 } from './benches/b13-health';
import { b14 } from './benches/b14-turntable';
import { b15 } from './benches/b15-selection';
import { b16 } from './benches/b16-batch';
import { b17 } from './benches/b17-preflight';
import { KilnHost, RENDERER_DIR, ROOT } from './lib/app';
import { BenchBrowser } from './lib/browser';
import { buildPages } from './lib/build';
import type { BenchContext, BenchResult } from './lib/context';
import { FIXTURE_DIR, modelSizes } from './lib/fixtures';
import { readOptions } from './lib/options';
import { consoleTable, tableCells, writeResults, type Row, type Unmeasured } from './lib/report';
import { describeHandles } from './lib/handles';
import { serveStatic } from './lib/static-server';

const BENCHES: ReadonlyArray<[string, (ctx: BenchContext) => Promise<BenchResult>]> = [
  ['B1', b1],
  ['B2', b2],
  ['B3', b3],
  ['B4', b4],
  ['B5', b5],
  ['B6', b6],
  ['B7', b7],
  ['B8', b8],
  // About 11 minutes of real time: only when asked for by name (`--only B9`).
  ['B9', (ctx) => (ctx.options.only?.has('B9') ? b9(ctx) : b9Skipped())],
  ['B10', b10],
  ['B11', b11],
  ['B13', b13],
  // Minutes of SwiftShader work; runs alone too (`--only B14`), e.g. on a machine with a GPU.
  ['B14', b14],
  ['B15', b15],
  // About 2 minutes a sample (at most 3): a batch watched for 90 s, 30 s with `--quick`.
  ['B16', b16],
  ['B17', b17],
];

const log = (message: string) => console.error(message);

/**
 * The commit measured (`+dirty` when the worktree had changes). The bench's own published results
 * (`tests/bench/results/`, tracked) do not count: a run after a run would read dirty otherwise.
 */
function commitOf(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  try {
    const changed = git(
      'status',
      '--porcelain',
      '--untracked-files=no',
      '--',
      '.',
      ':!tests/bench/results',
    );
    const dirty = changed.trim() !== '';
    return `${git('rev-parse', '--short', 'HEAD').trim()}${dirty ? '+dirty' : ''}`;
  } catch {
    return 'unknown';
  }
}

/** How long Node may stay alive after the run before the bench names what holds it and exits. */
const LINGER_MS = 15_000;

async function main(): Promise<void> {
  const options = readOptions();
  const started = Date.now();
  const loadBefore = os.loadavg();
  // The commit as the run starts (`npm run bench` built it just before): edits made while it runs
  // are not what it measured.
  const commit = commitOf();
  log(
    `Kiln bench: ${options.samples} samples per side${options.quick ? ', quick fixtures' : ''}` +
      `${options.only ? `, only ${[...options.only].join(',')}` : ''}; fixtures in ${FIXTURE_DIR}`,
  );
  await readFile(path.join(RENDERER_DIR, 'index.html')).catch(() => {
    throw new Error(
      'Kiln is not built: run `npm run bench` (it builds with `vite build --mode web`).',
    );
  });

  // Everything started is closed on every path, latest first, even when a start or a bench
  // throws: one handle left open keeps Node alive after the results are written (issue 29).
  const closers: Array<[string, () => Promise<void>]> = [];
  const rows: Row[] = [];
  const unmeasured: Unmeasured[] = [];
  const details: Record<string, unknown> = {};
  const timings: Record<string, number> = {};
  const failed: string[] = [];
  let leaks: BenchBrowser['leaks'] | undefined;
  let chromium: string | undefined;
  try {
    log('building the baseline pages…');
    const pagesDir = await buildPages();
    const pages = await serveStatic({ '/': pagesDir, '/fixtures/': FIXTURE_DIR });
    closers.push(['baseline server', () => pages.close()]);
    const browser = await BenchBrowser.launch();
    closers.push(['browser', () => browser.close()]);
    leaks = browser.leaks;
    chromium = browser.browser.version();
    const kiln = await KilnHost.start();
    closers.push(['Kiln host', () => kiln.close()]);
    const ctx: BenchContext = {
      options,
      browser,
      kiln,
      pages,
      sizes: modelSizes(options.quick),
      canvas: { width: 660, height: 724 },
      log,
    };
    for (const [id, run] of BENCHES) {
      if (options.only && !options.only.has(id)) continue;
      log(`${id}…`);
      const t0 = Date.now();
      try {
        const result = await run(ctx);
        rows.push(...result.rows);
        unmeasured.push(...(result.unmeasured ?? []));
        if (result.details) details[id] = result.details;
      } catch (error) {
        failed.push(id);
        log(`${id} failed: ${(error as Error).stack ?? String(error)}`);
        unmeasured.push({
          bench: id,
          metric: '(whole bench)',
          reason: `not measured, failed: ${(error as Error).message.split('\n')[0]}`,
        });
      }
      timings[id] = (Date.now() - t0) / 1000;
      log(`${id} done in ${timings[id].toFixed(0)} s`);
    }
  } finally {
    for (const [what, close] of closers.reverse()) {
      await close().catch((error: unknown) => log(`closing the ${what} failed: ${String(error)}`));
    }
  }
  // B12 covers the whole run, so it is judged last, over everything the run did.
  if (!leaks) throw new Error('the browser did not start');
  if (!options.only || options.only.has('B12')) rows.push(...b12(leaks).rows);

  const cells = tableCells(rows, unmeasured);
  console.log(consoleTable(cells));
  const loadAfter = os.loadavg();
  await writeResults(
    options.out,
    {
      date: new Date(started).toISOString(),
      commit,
      seconds: (Date.now() - started) / 1000,
      options: { ...options, only: options.only ? [...options.only] : null },
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        loadAverage: { before: loadBefore, after: loadAfter },
        node: process.version,
        chromium,
      },
      benchSeconds: timings,
      leaks,
      details,
    },
    rows,
    unmeasured,
  );
  if (failed.length > 0) {
    log(`\nfailed: ${failed.join(', ')} (see above); the results hold the rest.`);
    process.exitCode = 1;
  }
  log(
    `\n${path.relative(ROOT, options.out)} written (${((Date.now() - started) / 1000).toFixed(0)} s; load average ${loadBefore[0]!.toFixed(1)} → ${loadAfter[0]!.toFixed(1)} on ${os.cpus().length} CPUs).`,
  );
}

/**
 * The run is over once `main` settles: anything still keeping Node alive then is a handle a bench
 * left open, so it is named and the process ends with an error instead of hanging.
 */
function exitWhenDone(): void {
  setTimeout(() => {
    log(`still running ${LINGER_MS / 1000} s after the run: ${describeHandles()}`);
    process.exit(process.exitCode || 1);
  }, LINGER_MS).unref();
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(exitWhenDone);
