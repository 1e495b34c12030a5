/**
 * The jobs journal: every job, written to disk atomically before its paid call and after every
 * change of state, so that after a crash or restart Kiln knows each job it started and never
 * sends one twice. Journals of earlier versions are read and upgraded (see {@link migrateJobJournal}).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ModelTier } from '../../../shared/api/rules';
import type { GenerationOptions } from '../../../shared/ipc/contract';
import { generationCall, type GenerationRequest } from '../api/query';
import type { Logger } from '../ports';
import { CoalescedFile } from '../util/coalesced-file';
import { writeFileAtomic } from '../util/fs-atomic';
import { JobRecordSchema, type JobRecord } from './job-record';

/** The journal's version now: 3 keeps a generation's start call (`GenerationCall`), not its options. */
const VERSION = 3;

const JournalSchema = z.object({ version: z.literal(VERSION), jobs: z.array(JobRecordSchema) });

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
    const json = migrateJobJournal(safeJson(text));
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
    return this.#writer.write(() => JSON.stringify({ version: VERSION, jobs }));
  }
}

/**
 * Brings a version-2 journal to the current version: a generation kept its options, and each
 * send rebuilt its call from them; now it keeps the call. The call is built by the same function
 * (`generationCall`) from the same options, so a job waiting to be sent sends what version 2 would
 * have sent, and a job that may have left keeps `dispatched` (never sent again). A version-2
 * generation whose options no longer pass is left as it was, for the schema to refuse (the file
 * is then kept aside). Anything else is returned as it is.
 */
export function migrateJobJournal(json: unknown): unknown {
  if (!isRecord(json) || json.version !== 2 || !Array.isArray(json.jobs)) return json;
  return { ...json, version: VERSION, jobs: json.jobs.map(migrateV2Record) };
}

function migrateV2Record(record: unknown): unknown {
  if (!isRecord(record) || !isRecord(record.input)) return record;
  const { options, textureSize, seed, conceptId, modelId, ...input } = record.input;
  const given = (isRecord(options) ? options : {}) as GenerationOptions;
  const tier = input.tier as ModelTier;
  let request: GenerationRequest;
  switch (input.kind) {
    case 'photo':
    case 'multi':
      request = { kind: input.kind, tier, options: given };
      break;
    case 'text':
      request = { kind: 'text', conceptId: String(conceptId), tier, options: given };
      break;
    case 'retexture':
      request = {
        kind: 'retexture',
        modelId: String(modelId),
        options: {
          ...(typeof textureSize === 'number' ? { textureSize } : {}),
          ...(typeof seed === 'number' ? { seed } : {}),
        },
      };
      break;
    default:
      return record;
  }
  try {
    return { ...record, input: { ...input, call: generationCall(request) } };
  } catch {
    return record;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A version-1 photo job as a current record (its photo path was not kept). */
function upgrade(row: z.infer<typeof V1Schema>['jobs'][number], origin: string): JobRecord[] {
  const call = generationCall({ kind: 'photo', tier: row.tier });
  const record = JobRecordSchema.safeParse({
    view: { ...row, kind: 'photo' },
    input: {
      kind: 'photo',
      tier: row.tier,
      file: { path: '', name: row.source, type: 'image/png' },
      call,
    },
    origin,
    operation: call.operation,
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
