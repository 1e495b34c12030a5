/**
 * Rows of the bench table, their medians and verdicts, the console table and the JSON file with
 * every sample.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** How a row's medians are judged. */
export type Check =
  /** app ÷ baseline ≤ max. */
  | { readonly kind: 'ratio'; readonly max: number }
  /** app median ≤ max (absolute: counts, or a ratio the row already is). */
  | { readonly kind: 'app-max'; readonly max: number }
  /** app median ≤ baseline median + slack. */
  | { readonly kind: 'not-above-baseline'; readonly slack?: number }
  /** Reported, not judged. */
  | { readonly kind: 'info' };

/** One line of the table: a metric measured on Kiln and (usually) on its baseline. */
export interface Row {
  readonly bench: string;
  readonly metric: string;
  readonly unit: string;
  /** Every sample of Kiln. */
  readonly app: readonly number[];
  /** Every sample of the baseline; null where the baseline is a constant or absent. */
  readonly baseline: readonly number[] | null;
  /** What the baseline is, when it is not the bench's usual one. */
  readonly baselineLabel?: string;
  readonly target: string;
  readonly check: Check;
  readonly note?: string;
}

/** A row that could not be measured. */
export interface Unmeasured {
  readonly bench: string;
  readonly metric: string;
  readonly reason: string;
}

/** The median (mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const finite = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (finite.length === 0) return NaN;
  const mid = finite.length >> 1;
  return finite.length % 2 ? finite[mid]! : (finite[mid - 1]! + finite[mid]!) / 2;
}

/** Medians, ratio and verdict of a row. */
export function judge(row: Row): {
  app: number;
  baseline: number | null;
  ratio: number | null;
  pass: boolean | null;
} {
  const app = median(row.app);
  const baseline = row.baseline ? median(row.baseline) : null;
  const ratio = baseline !== null && baseline !== 0 ? app / baseline : null;
  const c = row.check;
  let pass: boolean | null = null;
  if (Number.isNaN(app)) pass = false;
  else if (c.kind === 'ratio') pass = ratio === null ? app === 0 && baseline === 0 : ratio <= c.max;
  else if (c.kind === 'app-max') pass = app <= c.max;
  else if (c.kind === 'not-above-baseline') pass = app <= (baseline ?? 0) + (c.slack ?? 0);
  return { app, baseline, ratio, pass };
}

/** A median as the table shows it (`n/a` for none, `—` for no value). */
export function format(value: number | null, unit: string): string {
  if (value === null) return '—';
  if (Number.isNaN(value)) return 'n/a';
  const abs = Math.abs(value);
  const digits = Number.isInteger(value) ? 0 : unit === '×' || abs < 10 ? 2 : abs < 100 ? 1 : 0;
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

/** The table as rows of cells (header first). */
export function tableCells(rows: readonly Row[], unmeasured: readonly Unmeasured[]): string[][] {
  const cells = [['bench', 'metric', 'Kiln', 'baseline', 'ratio', 'target', 'result']];
  for (const row of rows) {
    const j = judge(row);
    cells.push([
      row.bench,
      row.metric,
      format(j.app, row.unit),
      row.baseline ? format(j.baseline, row.unit) : (row.baselineLabel ?? '—'),
      j.ratio === null ? '—' : `${j.ratio.toFixed(2)}×`,
      row.target,
      j.pass === null ? 'info' : j.pass ? 'pass' : 'MISS',
    ]);
  }
  for (const u of unmeasured) {
    cells.push([u.bench, u.metric, '—', '—', '—', '—', u.reason]);
  }
  return cells;
}

/** A fixed-width console table. */
export function consoleTable(cells: readonly string[][]): string {
  const widths = cells[0]!.map((_, i) =>
    Math.min(i === 6 ? 200 : 56, Math.max(...cells.map((r) => [...r[i]!].length))),
  );
  const line = (r: readonly string[]) =>
    r.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [
    line(cells[0]!),
    widths.map((w) => '─'.repeat(w)).join('  '),
    ...cells.slice(1).map(line),
  ].join('\n');
}

/** The table in Markdown. */
export function markdownTable(cells: readonly string[][]): string {
  const esc = (c: string) => c.replaceAll('|', '\\|');
  return [
    `| ${cells[0]!.join(' | ')} |`,
    `| ${cells[0]!.map((_, i) => (i >= 2 && i <= 4 ? '---:' : '---')).join(' | ')} |`,
    ...cells.slice(1).map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

/** Writes the JSON file with every sample (and the Markdown table beside it). */
export async function writeResults(
  file: string,
  data: Record<string, unknown>,
  rows: readonly Row[],
  unmeasured: readonly Unmeasured[],
): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const json = {
    ...data,
    rows: rows.map((row) => ({ ...row, ...judgeAsJson(row) })),
    unmeasured,
  };
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
  await writeFile(
    file.replace(/\.json$/, '.md'),
    `${markdownTable(tableCells(rows, unmeasured))}\n`,
  );
}

function judgeAsJson(row: Row) {
  const j = judge(row);
  return { appMedian: j.app, baselineMedian: j.baseline, ratio: j.ratio, pass: j.pass };
}
