import { describe, expect, it } from 'vitest';
import { e2eTimes, formatE2eTimes, type JsonReport } from './e2e-times';

const spec = (file: string, line: number, title: string, ...runs: Array<[number, string]>) => ({
  file,
  line,
  title,
  tests: [{ results: runs.map(([duration, status]) => ({ duration, status })) }],
});

/** Two files; one test nested in a describe, one retried. */
const report: JsonReport = {
  stats: { duration: 9_000 },
  suites: [
    {
      file: 'a.spec.ts',
      specs: [spec('a.spec.ts', 3, 'quick', [1_000, 'passed'])],
      suites: [{ specs: [spec('a.spec.ts', 9, 'nested', [5_000, 'passed'])] }],
    },
    {
      file: 'b.spec.ts',
      specs: [spec('b.spec.ts', 4, 'retried', [3_000, 'failed'], [3_000, 'passed'])],
    },
  ],
};

describe('e2eTimes', () => {
  it('sums every run by file, slowest first, with each file’s share', () => {
    const times = e2eTimes(report);
    expect(times.testMs).toBe(12_000);
    expect(times.wallMs).toBe(9_000);
    expect(times.files).toEqual([
      { file: 'a.spec.ts', tests: 2, ms: 6_000, share: 0.5 },
      { file: 'b.spec.ts', tests: 2, ms: 6_000, share: 0.5 },
    ]);
    expect(times.tests.map((t) => `${t.title} ${t.ms}`)).toEqual([
      'nested 5000',
      'retried 3000',
      'retried 3000',
      'quick 1000',
    ]);
  });

  it('prints the totals, the files and the runs that did not pass', () => {
    const text = formatE2eTimes(e2eTimes(report), 2);
    expect(text).toContain('4 test runs, 12.0 test-s, wall 9.0 s, 1 not passed');
    expect(text).toContain('   6.0  50.0 %      2  a.spec.ts');
    expect(text).toContain('slowest 2 tests');
    expect(text).not.toContain('quick');
    expect(text).toContain('not passed (failed): b.spec.ts:4  retried');
  });
});
