/**
 * The request budget on disk (`request-budget.json` in the data folder): per budget (a key at a
 * service origin), the times of the sends still in the service's window and the end of any 429
 * pause, so that the first minute after a restart obeys the same budget as the last minute before
 * it. The scheduler writes a send here before it goes out (see {@link BudgetMemory}), so even a
 * crash loop cannot send more than the service allows.
 *
 * Written cheaply and safely: coalesced (a burst of sends costs two writes, not one each) and
 * atomic (a crash never leaves half a file). A send is written at its dispatch as `pending`, and
 * once it has left, at the time it left (the next write carries it): a write can take long on a
 * busy disk, and the service counts a send from when it arrives. After a kill, a send still
 * pending counts as leaving when the file was last written (at the latest, it left right after).
 * Read once at start, and never in the way of it: a
 * missing file is an empty budget; a damaged one falls back to the safe assumption that the
 * whole minute was used up when it was last written; times in the future (a clock set back) count
 * as now, and no pause read back outlasts a window.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { LIMITS } from '../../../shared/api/rules';
import type { Clock, Logger } from '../ports';
import { CoalescedFile } from '../util/coalesced-file';
import type { BudgetMemory, BudgetRecord, BudgetSnapshot } from './budget-window';

/** Name of the file in the data folder. */
export const BUDGET_FILE = 'request-budget.json';

const RecordSchema = z.object({
  sends: z.array(z.number()),
  pending: z.array(z.number()).optional(),
  pausedUntil: z.number().optional(),
});
const FileSchema = z.object({
  version: z.literal(1),
  budgets: z.record(z.string(), RecordSchema),
  others: RecordSchema.optional(),
});

/** Options of {@link BudgetFile.open}. */
export type BudgetFileOptions = Readonly<{
  dataDir: string;
  clock: Clock;
  logger: Logger;
  /** The service's window; default 60 000 ms. */
  windowMs?: number;
  /** Requests the service allows in a window (assumed used up when the file is damaged). */
  limit?: number;
}>;

/** The budget file: what an earlier run left, and the writer of this run's. */
export class BudgetFile implements BudgetMemory {
  readonly #writer: CoalescedFile;
  readonly restored: BudgetSnapshot;

  private constructor(file: string, restored: BudgetSnapshot) {
    this.#writer = new CoalescedFile(file);
    this.restored = restored;
  }

  /** Reads what an earlier run left (see the module's notes for a missing or damaged file). */
  static async open(o: BudgetFileOptions): Promise<BudgetFile> {
    const file = path.join(o.dataDir, BUDGET_FILE);
    return new BudgetFile(file, await restore(file, o));
  }

  /** Writes the scheduler's budget as it is when the write starts; resolves once it is on disk. */
  save(snapshot: () => BudgetSnapshot): Promise<void> {
    return this.#writer.write(() => JSON.stringify({ version: 1, ...snapshot() }));
  }
}

async function restore(file: string, o: BudgetFileOptions): Promise<BudgetSnapshot> {
  const now = o.clock.now();
  const windowMs = o.windowMs ?? 60_000;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return { budgets: {} };
    text = '';
  }
  // When the file was last written, on the clock the sends are timed by: with the real clock the
  // file's time; with a test's fake or sped-up clock the later of that time and its age (by the
  // wall clock) taken from now, never after now: a later time only counts its sends longer.
  const written = await stat(file).then(
    (s) => Math.min(now, Math.max(s.mtimeMs, now - (Date.now() - s.mtimeMs))),
    () => now,
  );
  const parsed = FileSchema.safeParse(safeJson(text));
  if (!parsed.success) {
    // Nothing tells how much of the minute was used: assume all of it, when the file was written.
    const at = written;
    o.logger.warn('request budget unreadable; assuming the last minute was used up', {
      until: at + windowMs,
    });
    return {
      budgets: {},
      others: { sends: Array.from({ length: o.limit ?? LIMITS.requestsPerMinute }, () => at) },
    };
  }
  const clean = (r: z.infer<typeof RecordSchema>): BudgetRecord | undefined => {
    // A send written before it left, and killed before its leaving was written, may have left at
    // any time until the file was last written: counted as leaving then.
    const pending = (r.pending ?? [])
      .filter((t) => Number.isFinite(t))
      .map((t) => Math.max(t, Math.min(written, now)));
    const sends = [...r.sends, ...pending]
      .filter((t) => Number.isFinite(t) && t > now - windowMs)
      .map((t) => Math.min(t, now))
      .sort((a, b) => a - b);
    const pausedUntil =
      r.pausedUntil !== undefined && r.pausedUntil > now
        ? Math.min(r.pausedUntil, now + windowMs)
        : undefined;
    if (!sends.length && pausedUntil === undefined) return undefined;
    return { sends, ...(pausedUntil !== undefined ? { pausedUntil } : {}) };
  };
  const budgets: Record<string, BudgetRecord> = {};
  for (const [name, record] of Object.entries(parsed.data.budgets)) {
    const kept = clean(record);
    if (kept) budgets[name] = kept;
  }
  const others = parsed.data.others ? clean(parsed.data.others) : undefined;
  return { budgets, ...(others ? { others } : {}) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
