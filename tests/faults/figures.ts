/**
 * The figures every fault file reports, and the invariant checker that counts them. A file
 * builds one {@link FaultReport}, checks its invariants through it (a failed check is a
 * violation, listed, and fails the test at the end), and saves it; the global teardown prints
 * every report together.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/** Size of the run: `small` in `npm test`, `full` by default. */
export const SIZE = process.env['KILN_FAULTS_SIZE'] === 'small' ? 'small' : 'full';
/** The run's seed (`KILN_FAULTS_SEED` replays one). */
export const SEED = Number(process.env['KILN_FAULTS_SEED'] ?? 20_261_123);

/** What one file measured. */
export interface FaultFigures {
  section: string;
  operations: number;
  faults: Record<string, number>;
  restarts: number;
  badInputs: number;
  invariantsChecked: number;
  violations: string[];
  notes: string[];
}

/** A file's report under construction. */
export class FaultReport {
  readonly figures: FaultFigures;

  constructor(section: string) {
    this.figures = {
      section,
      operations: 0,
      faults: {},
      restarts: 0,
      badInputs: 0,
      invariantsChecked: 0,
      violations: [],
      notes: [],
    };
  }

  /** Counts one injected fault of `kind`. */
  fault(kind: string, n = 1): void {
    this.figures.faults[kind] = (this.figures.faults[kind] ?? 0) + n;
  }

  /** Checks one invariant; a failure is recorded (not thrown, so the run reports them all). */
  check(ok: boolean, what: string): boolean {
    this.figures.invariantsChecked++;
    if (!ok) this.figures.violations.push(what);
    return ok;
  }

  /** A line for the summary. */
  note(line: string): void {
    this.figures.notes.push(line);
  }

  /** Writes the report where the teardown reads it. */
  save(): void {
    const dir = inject('faultsDir');
    mkdirSync(dir, { recursive: true });
    const file = `${this.figures.section.replace(/[^a-z0-9]+/gi, '-')}.json`;
    writeFileSync(path.join(dir, file), JSON.stringify(this.figures));
  }
}

/** Every report saved in `dir`, in section order. */
export function readReports(dir: string): FaultFigures[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as FaultFigures)
    .sort((a, b) => a.section.localeCompare(b.section));
}

declare module 'vitest' {
  export interface ProvidedContext {
    faultsDir: string;
  }
}
