/**
 * Where the e2e suite's time goes, from a Playwright JSON report: each file's test-seconds and
 * share of the whole, the slowest tests, and the sum of test times beside the run's wall time (two
 * workers kept busy make the sum about twice the wall). Shares stay comparable on a busy machine,
 * where absolute times do not.
 *
 * ```sh
 * npx vite build
 * PLAYWRIGHT_JSON_OUTPUT_NAME=e2e.json npx playwright test --reporter=json,line
 * npx tsx tools/e2e-times.ts e2e.json
 * ```
 */
import { readFileSync } from 'node:fs';

/** The part of Playwright's JSON report this reads (`@playwright/test/reporter`'s JSONReport). */
export interface JsonReport {
  readonly stats: { readonly duration: number };
  readonly suites: readonly JsonSuite[];
}

interface JsonSuite {
  readonly file?: string;
  readonly suites?: readonly JsonSuite[];
  readonly specs?: ReadonlyArray<{
    readonly title: string;
    readonly file: string;
    readonly line: number;
    readonly tests: ReadonlyArray<{
      readonly results: ReadonlyArray<{ readonly duration: number; readonly status: string }>;
    }>;
  }>;
}

/** One run of one test (a retry is a run of its own). */
export interface TestTime {
  readonly file: string;
  readonly line: number;
  readonly title: string;
  readonly status: string;
  readonly ms: number;
}

/** One spec file's share of the suite. */
export interface FileTime {
  readonly file: string;
  readonly tests: number;
  readonly ms: number;
  /** Its part of the sum of all test times, 0 to 1. */
  readonly share: number;
}

/** The suite's time, whole and by file. */
export interface E2eTimes {
  readonly wallMs: number;
  /** Sum of every test's time (fixtures included, as Playwright counts them). */
  readonly testMs: number;
  /** Slowest first. */
  readonly files: readonly FileTime[];
  /** Slowest first. */
  readonly tests: readonly TestTime[];
}

/** Sums a Playwright JSON report by file and by test. */
export function e2eTimes(report: JsonReport): E2eTimes {
  const tests: TestTime[] = [];
  const walk = (suite: JsonSuite) => {
    for (const child of suite.suites ?? []) walk(child);
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          tests.push({
            file: spec.file,
            line: spec.line,
            title: spec.title,
            status: result.status,
            ms: result.duration,
          });
  };
  for (const suite of report.suites) walk(suite);
  const testMs = tests.reduce((sum, t) => sum + t.ms, 0);
  const byFile = new Map<string, { tests: number; ms: number }>();
  for (const t of tests) {
    const file = byFile.get(t.file) ?? { tests: 0, ms: 0 };
    file.tests++;
    file.ms += t.ms;
    byFile.set(t.file, file);
  }
  const files = [...byFile].map(([file, f]) => ({
    file,
    ...f,
    share: testMs > 0 ? f.ms / testMs : 0,
  }));
  return {
    wallMs: report.stats.duration,
    testMs,
    files: files.sort((a, b) => b.ms - a.ms),
    tests: tests.sort((a, b) => b.ms - a.ms),
  };
}

/** The summary as text: totals, the files, then the `top` slowest tests. */
export function formatE2eTimes(times: E2eTimes, top = 20): string {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const failed = times.tests.filter((t) => t.status !== 'passed' && t.status !== 'skipped');
  return [
    `${times.tests.length} test runs, ${s(times.testMs)} test-s, wall ${s(times.wallMs)} s` +
      (failed.length ? `, ${failed.length} not passed` : ''),
    '',
    'test-s  share  tests  file',
    ...times.files.map(
      (f) =>
        `${s(f.ms).padStart(6)}  ${(100 * f.share).toFixed(1).padStart(4)} %  ${String(f.tests).padStart(5)}  ${f.file}`,
    ),
    '',
    `slowest ${Math.min(top, times.tests.length)} tests (test-s):`,
    ...times.tests
      .slice(0, top)
      .map((t) => `${s(t.ms).padStart(6)}  ${t.file}:${t.line}  ${t.title}  [${t.status}]`),
    ...failed.map((t) => `not passed (${t.status}): ${t.file}:${t.line}  ${t.title}`),
  ].join('\n');
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npx tsx tools/e2e-times.ts <playwright-report.json> [top]');
    process.exit(2);
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
  console.log(formatE2eTimes(e2eTimes(report), Number(process.argv[3] ?? 20)));
}
