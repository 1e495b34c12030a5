/**
 * The jobs journal: every job, written to disk atomically before its paid call and after every
 * change of state, so that after a crash or restart Kiln knows each job it started and never
 * sends one twice. Journals of the first version (photo jobs only) are read and upgraded.
 */
import { generationOperation } from '../../../shared/api/operations';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../ports';
import { CoalescedFile } from '../util/coalesced-file';
import { writeFileAtomic } from '../util/fs-atomic';
import { JobRecordSchema, type JobRecord } from './job-record';

const JournalSchema = z.object({ version: z.literal(2), jobs: z.array(JobRecordSchema) });

/** A version-1 row: a photo job view with no inputs kept. */
const V1Schema = z.object({
  version: z.literal(1),
  jobs: z.array(
    z.looseObject({
      id: z.string(),
      tier: z.enum(['ultra', 'quality', 'fast']),
      source: z.string(),
      state: z.string(),
      createdAt: z.number(),
    }),
  ),
});

/** Reads and writes the journal file. Writes are serialised so they land in order. */
export class JobJournal {
  readonly #file: string;
  readonly #logger: Logger;
  readonly #writer: CoalescedFile;

  constructor(dataDir: string, logger: Logger) {
    this.#file = path.join(dataDir, 'jobs.json');
    this.#logger = logger;
    this.#writer = new CoalescedFile(this.#file);
  }

  /** The jobs of the last run; an unreadable journal is kept aside, never silently dropped. */
  async load(origin: string): Promise<JobRecord[]> {
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch {
      return [];
    }
    const json = safeJson(text);
    const parsed = JournalSchema.safeParse(json);
    if (parsed.success) return parsed.data.jobs;
    const old = V1Schema.safeParse(json);
    if (old.success) return old.data.jobs.flatMap((row) => upgrade(row, origin));
    const aside = `${this.#file}.unreadable-${Date.now()}`;
    await writeFileAtomic(aside, text);
    this.#logger.error('jobs journal unreadable; kept aside', { aside });
    return [];
  }

  /**
   * Writes the whole list; resolves when it (or a later list) is on disk. Records are replaced,
   * never changed in place, so the list is read when the write starts.
   */
  save(jobs: readonly JobRecord[]): Promise<void> {
    return this.#writer.write(() => JSON.stringify({ version: 2, jobs }));
  }
}

/** A version-1 photo job as a version-2 record (its photo path was not kept). */
function upgrade(row: z.infer<typeof V1Schema>['jobs'][number], origin: string): JobRecord[] {
  const record = JobRecordSchema.safeParse({
    view: { ...row, kind: 'photo' },
    input: {
      kind: 'photo',
      tier: row.tier,
      file: { path: '', name: row.source, type: 'image/png' },
      options: {},
    },
    origin,
    operation: generationOperation('photo', row.tier),
    paid: true,
    // Version 1 journaled `starting` before the call without telling whether it was sent.
    dispatched: true,
    answered: row.state !== 'starting',
  });
  return record.success ? [record.data] : [];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
