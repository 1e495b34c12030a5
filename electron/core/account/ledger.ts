/**
 * The client's ledger: every charge and refund Kiln has seen, and every paid call whose outcome
 * it could not learn. Charges come from the billing of paid answers (body or headers); refunds
 * are inferred from failed tasks and builds (the service refunds them automatically, §3). Each
 * movement is recorded once, however often the answer that reports it is read (keyed by the
 * service's charge ids, else by job), and the file is written atomically after every change.
 *
 * Each row carries the mode it was seen in (sandbox or live), and everything read from the
 * ledger is of the current mode only: demo charges never mix with real ones.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  LedgerEntryViewSchema,
  type LedgerEntryView,
  type LedgerTotals,
} from '../../../shared/ipc/contract';
import { addUsd, normalizeUsd, type Usd } from '../../../shared/money';
import type { BillingCapture } from '../api/billing';
import type { Clock, Logger } from '../ports';
import { CoalescedFile } from '../util/coalesced-file';
import { writeFileAtomic } from '../util/fs-atomic';
import { sumLedger } from './ledger-query';

/** The connection a row was seen on. */
export type LedgerMode = 'sandbox' | 'live';

/**
 * A ledger row (the renderer's shape, plus the key that keeps it unique and its mode; rows of
 * versions before modes were recorded have none and count as live, where money is real).
 */
export type LedgerEntry = LedgerEntryView & { readonly key: string; readonly mode?: LedgerMode };

const FileSchema = z.object({
  version: z.literal(1),
  entries: z.array(
    LedgerEntryViewSchema.extend({ key: z.string(), mode: z.enum(['sandbox', 'live']).optional() }),
  ),
});

/** Options of {@link Ledger}. */
export type LedgerOptions = Readonly<{
  dataDir: string;
  clock: Clock;
  logger: Logger;
  /** Called after each change. */
  onChange?: () => void;
  /** The current connection's mode (default live). */
  mode?: () => LedgerMode;
}>;

/** What a charge is for. */
export type ChargeContext = Readonly<{ operation: string; jobId?: string | undefined }>;

/** The client's record of money movements. */
export class Ledger {
  readonly #o: LedgerOptions;
  readonly #file: string;
  readonly #entries: LedgerEntry[] = [];
  readonly #keys = new Set<string>();
  readonly #writer: CoalescedFile;
  #closed = false;

  constructor(options: LedgerOptions) {
    this.#o = options;
    this.#file = path.join(options.dataDir, 'ledger.json');
    this.#writer = new CoalescedFile(this.#file);
  }

  /** Loads the ledger of earlier runs; an unreadable file is kept aside, never dropped. */
  async load(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch {
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    const parsed = FileSchema.safeParse(data);
    if (!parsed.success) {
      const aside = `${this.#file}.unreadable-${this.#o.clock.now()}`;
      await writeFileAtomic(aside, text);
      this.#o.logger.error('ledger unreadable; kept aside', { aside });
      return;
    }
    for (const entry of parsed.data.entries) this.#add(entry);
  }

  /** Every entry of the current mode, oldest first, without the internal fields. */
  entries(): LedgerEntryView[] {
    const mode = this.#mode();
    return this.#entries.flatMap(({ key: _key, mode: m, ...entry }) =>
      (m ?? 'live') === mode ? [entry] : [],
    );
  }

  /** Sums of the current mode's entries. */
  totals(): LedgerTotals {
    return sumLedger(this.entries());
  }

  /** Charges recorded for a job (to infer its refund). */
  chargesOf(jobId: string): LedgerEntryView[] {
    return this.entries().filter((e) => e.type === 'charge' && e.jobId === jobId);
  }

  /**
   * Records the charge a paid answer reported. A zero cost is not a charge. Returns false when
   * it was recorded before.
   */
  charge(context: ChargeContext, billing: BillingCapture): Promise<boolean> {
    if (normalizeUsd(billing.costUsd) === '0.00') return Promise.resolve(false);
    const ids = [...billing.chargeIds].sort();
    const key = ids.length
      ? `charge:${ids.join(',')}`
      : context.jobId
        ? `charge:job:${context.jobId}:${context.operation}`
        : `charge:${randomUUID()}`;
    return this.#record({
      key,
      id: randomUUID(),
      type: 'charge',
      at: this.#o.clock.now(),
      amountUsd: normalizeUsd(billing.costUsd),
      operation: context.operation,
      ...(context.jobId ? { jobId: context.jobId } : {}),
      chargeIds: ids,
      balanceAfterUsd: normalizeUsd(billing.balanceUsd),
      source: billing.source,
    });
  }

  /**
   * Records the refund of a job's charges (a failed task or build). The amount is the service's
   * when it says, else the charges'. A charge is refunded at most once.
   */
  refund(
    context: ChargeContext &
      Readonly<{ source: 'task' | 'build'; refundId?: string; amountUsd?: Usd }>,
  ): Promise<boolean> {
    const charges = context.jobId ? this.chargesOf(context.jobId) : [];
    const ids = [...new Set(charges.flatMap((c) => c.chargeIds))].sort();
    const amount =
      context.amountUsd ??
      (charges.length ? addUsd(...charges.map((c) => c.amountUsd ?? '0')) : undefined);
    if (!amount || normalizeUsd(amount) === '0.00') return Promise.resolve(false);
    return this.#record({
      key: ids.length ? `refund:${ids.join(',')}` : `refund:job:${context.jobId ?? randomUUID()}`,
      id: randomUUID(),
      type: 'refund',
      at: this.#o.clock.now(),
      amountUsd: normalizeUsd(amount),
      operation: context.operation,
      ...(context.jobId ? { jobId: context.jobId } : {}),
      chargeIds: ids,
      ...(context.refundId ? { refundId: context.refundId } : {}),
      source: context.source,
    });
  }

  /** Records a paid call whose outcome is unknown: it may have been charged `amountUsd`. */
  unconfirmed(
    context: ChargeContext & Readonly<{ amountUsd?: Usd | undefined }>,
  ): Promise<boolean> {
    return this.#record({
      key: `unconfirmed:${context.jobId ?? randomUUID()}`,
      id: randomUUID(),
      type: 'unconfirmed',
      at: this.#o.clock.now(),
      ...(context.amountUsd ? { amountUsd: normalizeUsd(context.amountUsd) } : {}),
      operation: context.operation,
      ...(context.jobId ? { jobId: context.jobId } : {}),
      chargeIds: [],
      source: 'unknown',
    });
  }

  /** True when an unconfirmed row of the current mode has no price yet. */
  hasUnpriced(): boolean {
    return this.entries().some((e) => e.type === 'unconfirmed' && e.amountUsd === undefined);
  }

  /**
   * Gives unconfirmed rows of the current mode that have no price the one `price` tells (the
   * listed price of their operation); answers how many it priced.
   */
  async priceUnconfirmed(price: (operation: string) => Usd | undefined): Promise<number> {
    const mode = this.#mode();
    let priced = 0;
    for (const [i, e] of this.#entries.entries()) {
      if (e.type !== 'unconfirmed' || e.amountUsd !== undefined || (e.mode ?? 'live') !== mode) {
        continue;
      }
      const amount = price(e.operation);
      if (amount === undefined) continue;
      this.#entries[i] = { ...e, amountUsd: normalizeUsd(amount) };
      priced++;
    }
    if (priced && !this.#closed) await this.#save();
    if (priced) this.#o.onChange?.();
    return priced;
  }

  /** Stops writing (the app is quitting, or a test "kills" the core). */
  close(): void {
    this.#closed = true;
  }

  async #record(entry: LedgerEntry): Promise<boolean> {
    const mode = this.#mode();
    // Two services may reuse charge ids: a sandbox row never hides a live one, nor the reverse.
    const key = mode === 'live' ? entry.key : `${mode}|${entry.key}`;
    if (this.#closed || this.#keys.has(key)) return false;
    this.#add({ ...entry, key, mode });
    await this.#save();
    this.#o.onChange?.();
    return true;
  }

  #save(): Promise<void> {
    return this.#writer.write(() => JSON.stringify({ version: 1, entries: this.#entries }));
  }

  #mode(): LedgerMode {
    return this.#o.mode?.() ?? 'live';
  }

  #add(entry: LedgerEntry): void {
    this.#keys.add(entry.key);
    this.#entries.push(entry);
  }
}
