/**
 * `npm run bench` options, from flags (after `--`) or the environment:
 *
 * | flag | env | default | |
 * | --- | --- | --- | --- |
 * | `--samples N` | `BENCH_SAMPLES` | 7 | samples per side (app and baseline) |
 * | `--only B1,B3` | `BENCH_ONLY` | all | benches to run |
 * | `--quick` | `BENCH_QUICK=1` | off | smaller fixtures (20k/70k/250k triangles) |
 * | `--out FILE` | `BENCH_OUT` | `tests/bench/results/latest.json` | where the samples go |
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './app';

/** Options of one bench run. */
export interface BenchOptions {
  readonly samples: number;
  readonly only: ReadonlySet<string> | null;
  readonly quick: boolean;
  readonly out: string;
}

/** Every bench id, in order. */
export const BENCH_IDS = [
  'B1',
  'B2',
  'B3',
  'B4',
  'B5',
  'B6',
  'B7',
  'B8',
  'B9',
  'B10',
  'B11',
  'B12',
  'B13',
  'B14',
  'B15',
  'B16',
  'B17',
];

/** Reads the options; throws a sentence on a bad value. */
export function readOptions(argv = process.argv.slice(2), env = process.env): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      samples: { type: 'string' },
      only: { type: 'string' },
      quick: { type: 'boolean' },
      out: { type: 'string' },
    },
    allowPositionals: false,
  });
  const samples = Number(values.samples ?? env['BENCH_SAMPLES'] ?? 7);
  if (!Number.isInteger(samples) || samples < 1) {
    throw new Error(`--samples must be a whole number ≥ 1 (got ${values.samples})`);
  }
  const onlyText = values.only ?? env['BENCH_ONLY'];
  let only: Set<string> | null = null;
  if (onlyText) {
    only = new Set(
      onlyText
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    );
    const unknown = [...only].filter((id) => !BENCH_IDS.includes(id));
    if (unknown.length) {
      throw new Error(
        `--only: unknown bench ${unknown.join(', ')} (known: ${BENCH_IDS.join(', ')})`,
      );
    }
  }
  return {
    samples,
    only,
    quick: values.quick ?? env['BENCH_QUICK'] === '1',
    out: path.resolve(
      values.out ?? env['BENCH_OUT'] ?? path.join(ROOT, 'tests', 'bench', 'results', 'latest.json'),
    ),
  };
}
