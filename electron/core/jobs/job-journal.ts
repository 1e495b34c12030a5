/**
 * The jobs journal: every job, written to disk atomically before its paid call and after every
 * change, so that after a crash or restart Kiln knows each job it started and never sends one
 * twice.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { JobViewSchema, type JobView } from '../../../shared/ipc/contract';
import type { Logger } from '../ports';
import { writeFileAtomic } from '../util/fs-atomic';

const JournalSchema = z.object({ version: z.literal(1), jobs: z.array(JobViewSchema) });

/** Reads and writes the journal file. Writes are serialised so they land in order. */
export class JobJournal {
  readonly #file: string;
  readonly #logger: Logger;
  #writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string, logger: Logger) {
    this.#file = path.join(dataDir, 'jobs.json');
    this.#logger = logger;
  }

  /** The jobs of the last run; an unreadable journal is kept aside, never silently dropped. */
  async load(): Promise<JobView[]> {
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch {
      return [];
    }
    const parsed = JournalSchema.safeParse(safeJson(text));
    if (parsed.success) return parsed.data.jobs;
    const aside = `${this.#file}.unreadable-${Date.now()}`;
    await writeFileAtomic(aside, text);
    this.#logger.error('jobs journal unreadable; kept aside', { aside });
    return [];
  }

  /** Writes the whole list; resolves when it is on disk. */
  save(jobs: readonly JobView[]): Promise<void> {
    const data = JSON.stringify({ version: 1, jobs });
    this.#writing = this.#writing.catch(() => {}).then(() => writeFileAtomic(this.#file, data));
    return this.#writing;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
