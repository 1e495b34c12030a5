/**
 * The client's ledger: every charge and refund Kiln has seen, and every paid call whose outcome
 * it could not learn. Charges come from the billing of paid answers (body or headers); refunds
 * are inferred from failed tasks and builds (the service refunds them automatically, §3). Each
 * movement is recorded once, however often the answer that reports it is read (keyed by the
 * service's charge ids, else by job), and the file is written atomically after every change.
 *
 * Each row carries the connection it was seen on: the sandbox, or the live service's origin and
 * the key (Kiln's id of it, never the secret). Everything read from the ledger is of the current
 * connection only, like a library: demo charges never mix with real ones, nor one account's
 * charges with another's (two services may reuse charge ids).
 *
 * Rows written before the ledger kept origins (version 1 files) belong to the service address
 * set when they are first read (and the key active then, if it is a live one); they are written
 * back with it at once.
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
 * The connection a row belongs to: the sandbox, or a live service's origin and the id of the key
 * used there (absent for rows migrated without one: they show under every key of their origin).
 */
export type LedgerScope = Readonly<{ mode: LedgerMode; origin?: string; keyId?: string }>;

/**
 * A ledger row (the renderer's shape, plus the key that keeps it unique and its connection; rows
 * of versions before modes were recorded have none and count as live, where money is real).
 */
export type LedgerEntry = LedgerEntryView & {
  readonly key: string;
  readonly mode?: LedgerMode;
  readonly origin?: string;
  readonly keyId?: string;
};

const FileSchema = z.object({
  version: z.union([z.literal(1), z.literal(2)]),
  entries: z.array(
    LedgerEntryViewSchema.extend({
      key: z.string(),
      mode: z.enum(['sandbox', 'live']).optional(),
      origin: z.string().optional(),
      keyId: z.string().optional(),
    }),
  ),
});

/** Options of {@link Ledger}. */
export type LedgerOptions = Readonly<{
  dataDir: string;
  clock: Clock;
  logger: Logger;
  /** Called after each change. */
  onChange?: () => void;
  /** The current connection (default: live, no origin). */
  scope?: () => LedgerScope;
  /**
   * Where live rows of a version 1 file belong: the service address set now, and the key active
   * now when it is a live one. Default: the current scope.
   */
  migrateTo?: () => Readonly<{ origin: string; keyId?: string | undefined }>;
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
    if (parsed.data.version === 2) {
      for (const entry of parsed.data.entries) this.#add(entry);
      return;
    }
    // Version 1 kept one live ledger for every address: its rows go to the address set now.
    const target = this.#o.migrateTo?.() ?? this.#scope();
    for (const entry of parsed.data.entries) this.#add(migrated(entry, target));
    await this.#save();
    this.#o.logger.info('ledger migrated to one per service address', {
      rows: parsed.data.entries.length,
    });
  }

  /** Every entry of the current connection, oldest first, without the internal fields. */
  entries(): LedgerEntryView[] {
    const scope = this.#scope();
    return this.#entries.flatMap(
      ({ key: _key, mode: _mode, origin: _origin, keyId: _keyId, ...entry }, i) =>
        inScope(this.#entries[i]!, scope) ? [entry] : [],
    );
  }

  /** Sums of the current connection's entries. */
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
   * when it says, else the charges'. A charge is refunded at most once, in the ledger of the key
   * it was charged with (a job carries on at its origin after the key was switched).
   */
  refund(
    context: ChargeContext &
      Readonly<{ source: 'task' | 'build'; refundId?: string; amountUsd?: Usd }>,
  ): Promise<boolean> {
    const scope = this.#scope();
    const charges = context.jobId
      ? this.#entries.filter(
          (e) => e.type === 'charge' && e.jobId === context.jobId && inScope(e, scope, true),
        )
      : [];
    const ids = [...new Set(charges.flatMap((c) => c.chargeIds))].sort();
    const amount =
      context.amountUsd ??
      (charges.length ? addUsd(...charges.map((c) => c.amountUsd ?? '0')) : undefined);
    if (!amount || normalizeUsd(amount) === '0.00') return Promise.resolve(false);
    // The ledger of the key the job was charged with.
    const keyId = charges[0]?.keyId;
    const book: LedgerScope = {
      mode: scope.mode,
      ...(scope.origin ? { origin: scope.origin } : {}),
      ...(keyId ? { keyId } : {}),
    };
    return this.#record(
      {
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
      },
      charges.length ? book : scope,
    );
  }

  /**
   * Records the charge of a paid call the service acted on while Kiln never read its answer (a
   * kill between the two), found by asking the service again: at the listed price `amountUsd`,
   * with no charge id. One per job and operation, like a header-only charge.
   */
  listedCharge(context: ChargeContext & Readonly<{ amountUsd: Usd }>): Promise<boolean> {
    if (normalizeUsd(context.amountUsd) === '0.00') return Promise.resolve(false);
    return this.#record({
      key: `charge:job:${context.jobId ?? randomUUID()}:${context.operation}`,
      id: randomUUID(),
      type: 'charge',
      at: this.#o.clock.now(),
      amountUsd: normalizeUsd(context.amountUsd),
      operation: context.operation,
      ...(context.jobId ? { jobId: context.jobId } : {}),
      chargeIds: [],
      source: 'listed',
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

  /** True when an unconfirmed row of the current connection has no price yet. */
  hasUnpriced(): boolean {
    return this.entries().some((e) => e.type === 'unconfirmed' && e.amountUsd === undefined);
  }

  /**
   * Gives unconfirmed rows of the current connection that have no price the one `price` tells
   * (the listed price of their operation); answers how many it priced.
   */
  async priceUnconfirmed(price: (operation: string) => Usd | undefined): Promise<number> {
    const scope = this.#scope();
    let priced = 0;
    for (const [i, e] of this.#entries.entries()) {
      if (e.type !== 'unconfirmed' || e.amountUsd !== undefined || !inScope(e, scope)) {
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

  async #record(entry: LedgerEntry, scope: LedgerScope = this.#scope()): Promise<boolean> {
    const row: LedgerEntry = {
      ...entry,
      mode: scope.mode,
      ...(scope.mode === 'live' && scope.origin ? { origin: scope.origin } : {}),
      ...(scope.mode === 'live' && scope.keyId ? { keyId: scope.keyId } : {}),
    };
    if (this.#closed || this.#keys.has(uniqueKey(row))) return false;
    this.#add(row);
    await this.#save();
    this.#o.onChange?.();
    return true;
  }

  #save(): Promise<void> {
    return this.#writer.write(() => JSON.stringify({ version: 2, entries: this.#entries }));
  }

  #scope(): LedgerScope {
    return this.#o.scope?.() ?? { mode: 'live' };
  }

  #add(entry: LedgerEntry): void {
    this.#keys.add(uniqueKey(entry));
    this.#entries.push(entry);
  }
}

/**
 * What keeps a row unique: its movement (charge ids, else its job) within its connection. Two
 * services, or two accounts, may reuse charge ids: a row of one never hides a row of another.
 */
function uniqueKey(e: LedgerEntry): string {
  const mode = e.mode ?? 'live';
  return mode === 'sandbox' ? `sandbox|${e.key}` : `${e.origin ?? ''}|${e.keyId ?? ''}|${e.key}`;
}

/**
 * True when row `e` belongs to the connection `scope` (with `anyKey`: to its origin, whatever the
 * key).
 */
function inScope(e: LedgerEntry, scope: LedgerScope, anyKey = false): boolean {
  const mode = e.mode ?? 'live';
  if (mode !== scope.mode) return false;
  if (mode === 'sandbox') return true;
  // A row migrated without a key shows under every key of its origin.
  return e.origin === scope.origin && (anyKey || e.keyId === undefined || e.keyId === scope.keyId);
}

/** A version 1 row, with the connection it is taken to belong to. */
function migrated(
  e: LedgerEntry,
  target: Readonly<{ origin?: string | undefined; keyId?: string | undefined }>,
): LedgerEntry {
  // Version 1 wrote sandbox rows' keys with their mode in front; `uniqueKey` adds it now.
  if (e.mode === 'sandbox') return { ...e, key: e.key.replace(/^sandbox\|/, '') };
  return {
    ...e,
    mode: 'live',
    ...(target.origin ? { origin: target.origin } : {}),
    ...(target.keyId ? { keyId: target.keyId } : {}),
  };
}
