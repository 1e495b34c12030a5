/**
 * Gives the fault files a folder for their reports, and prints the figures of the whole run when
 * every file has finished.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { readReports, SEED, SIZE, type FaultFigures } from './figures';

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-faults-report-'));
  project.provide('faultsDir', dir);
  return () => {
    const reports = readReports(dir);
    rmSync(dir, { recursive: true, force: true });
    console.log(summary(reports));
  };
}

/** The figures as printed (and copied into tests/faults/README.md). */
export function summary(reports: readonly FaultFigures[]): string {
  const sum = (pick: (r: FaultFigures) => number) => reports.reduce((n, r) => n + pick(r), 0);
  const faults = new Map<string, number>();
  for (const r of reports) {
    for (const [kind, n] of Object.entries(r.faults)) faults.set(kind, (faults.get(kind) ?? 0) + n);
  }
  const lines = [
    '',
    `Kiln fault run — seed ${SEED}, size ${SIZE}`,
    ...reports.flatMap((r) => [
      `  ${r.section}: ${r.operations} operations, ${Object.values(r.faults).reduce((a, b) => a + b, 0)} faults, ${r.restarts} restarts, ${r.badInputs} bad inputs, ${r.invariantsChecked} invariant checks, ${r.violations.length} violations`,
      ...r.notes.map((n) => `      ${n}`),
      ...r.violations.slice(0, 10).map((v) => `      VIOLATION: ${v}`),
    ]),
    '  ----',
    `  operations:           ${sum((r) => r.operations)}`,
    `  faults injected:      ${sum((r) => Object.values(r.faults).reduce((a, b) => a + b, 0))}`,
    ...[...faults.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `    ${k.padEnd(26)}${n}`),
    `  restarts:             ${sum((r) => r.restarts)}`,
    `  bad inputs tried:     ${sum((r) => r.badInputs)}`,
    `  invariant checks:     ${sum((r) => r.invariantsChecked)}`,
    `  invariant violations: ${sum((r) => r.violations.length)}`,
    `  sections reporting:   ${reports.length} of ${SIZE === 'small' ? 6 : 8}`,
    '',
  ];
  return lines.join('\n');
}
