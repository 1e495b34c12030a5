/**
 * The batches journal (`batches.json` in the data folder): every batch and each of its items,
 * written atomically before an item's job is created and after every change, so that after a
 * crash or restart each item is found again (by its job, which carries the batch's id and the
 * item's index) and none is started twice.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { LeftOutSchema } from '../../../shared/ipc/batch';
import { BATCH_ITEM_STATES } from '../../../shared/jobs';
import { ToolOpSchema } from '../../../shared/ipc/inputs';
import { UsdStringSchema } from '../../../shared/ipc/views';
import type { Logger } from '../ports';
import { CoalescedFile } from '../util/coalesced-file';
import { writeFileAtomic } from '../util/fs-atomic';

/** One model of a batch. */
export const BatchItemRecordSchema = z.object({
  modelId: z.string(),
  name: z.string(),
  version: z.number().optional(),
  /** Its own folder, `<batch folder>/<model name>` (made unique within the batch). */
  folder: z.string(),
  /** Charged by the price list when it was quoted (false: a free export, conversion or repeat). */
  paid: z.boolean(),
  state: z.enum(BATCH_ITEM_STATES),
  /**
   * Its job is being created: journaled before `runOp`, so a restart in between looks the job
   * up by the batch's id and the item's index instead of creating a second one.
   */
  starting: z.boolean().optional(),
  jobId: z.string().optional(),
  file: z.string().optional(),
  costUsd: UsdStringSchema.optional(),
  refundedUsd: UsdStringSchema.optional(),
  reason: z.string().optional(),
});
/** See {@link BatchItemRecordSchema}. */
export type BatchItemRecord = z.infer<typeof BatchItemRecordSchema>;

/** A batch in the journal. */
export const BatchRecordSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  /** The service origin it was started on; it carries on only there. */
  origin: z.string(),
  /** The sandbox, or live with the key it was started with (absent in the first batches). */
  mode: z.enum(['sandbox', 'live']).optional(),
  keyId: z.string().optional(),
  label: z.string(),
  op: ToolOpSchema,
  /**
   * Whether its operation was charged when it was started (`JobService.isPaidOp`): its jobs take
   * this answer rather than asking again, so an item and its job cannot disagree. Absent in the
   * batches of earlier versions (their jobs ask).
   */
  charged: z.boolean().optional(),
  folder: z.string(),
  csv: z.string(),
  state: z.enum(['running', 'paused', 'done', 'cancelled']),
  items: z.array(BatchItemRecordSchema),
  leftOut: z.array(LeftOutSchema),
});
/** See {@link BatchRecordSchema}. */
export type BatchRecord = z.infer<typeof BatchRecordSchema>;

/** The journal's version now: 2 names an item whose outcome is unknown `outcome_unknown`. */
const VERSION = 2;

const JournalSchema = z.object({
  version: z.literal(VERSION),
  batches: z.array(BatchRecordSchema),
});

/**
 * Brings a journal of an earlier version to the current one: version 1 called an item whose
 * outcome is unknown `unknown` (its job's word is `outcome_unknown`). Anything else is left as
 * it is, for the schema to judge.
 */
export function migrateBatchJournal(json: unknown): unknown {
  if (!isRecord(json) || json.version !== 1 || !Array.isArray(json.batches)) return json;
  const batches = json.batches.map((batch: unknown) =>
    isRecord(batch) && Array.isArray(batch.items)
      ? {
          ...batch,
          items: batch.items.map((item: unknown) =>
            isRecord(item) && item.state === 'unknown'
              ? { ...item, state: 'outcome_unknown' }
              : item,
          ),
        }
      : batch,
  );
  return { ...json, version: VERSION, batches };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads and writes the batches journal. */
export class BatchJournal {
  readonly #file: string;
  readonly #logger: Logger;
  readonly #writer: CoalescedFile;

  constructor(dataDir: string, logger: Logger) {
    this.#file = path.join(dataDir, 'batches.json');
    this.#logger = logger;
    this.#writer = new CoalescedFile(this.#file);
  }

  /** The batches of the last run; an unreadable journal is kept aside, never silently dropped. */
  async load(): Promise<BatchRecord[]> {
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch {
      return [];
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = JournalSchema.safeParse(migrateBatchJournal(json));
    if (parsed.success) return parsed.data.batches;
    const aside = `${this.#file}.unreadable-${Date.now()}`;
    await writeFileAtomic(aside, text);
    this.#logger.error('batches journal unreadable; kept aside', { aside });
    return [];
  }

  /** Writes every batch; resolves once this list (or a later one) is on disk. */
  save(batches: () => readonly BatchRecord[]): Promise<void> {
    return this.#writer.write(() => JSON.stringify({ version: VERSION, batches: batches() }));
  }
}
