/**
 * The scheduler's budgets: per budget (a key at a service origin), the rolling window of sends,
 * the pace's tokens, and the sends written down that have not left yet; what is kept of them
 * across restarts ({@link BudgetSnapshot}, written by `budget-file.ts`).
 *
 * - At any instant the sends in `(now - windowMs, now]` number at most the budget. A send counts
 *   {@link WINDOW_EDGE_MARGIN_MS} past the window's edge (the service counts when the request
 *   arrives, not when we sent it).
 * - The pace: one token per `windowMs / budget`, up to `paceBurst`; a send that uses the pace
 *   takes one (a debt of at most one burst).
 * - A send written down before it leaves is `pending` at its dispatch until it leaves, then
 *   counted from when it left, as the service counts it.
 */
import type { Pausable } from './pause';

/**
 * How long after the window's edge a send still counts. The service counts a request when it
 * arrives, we count it when it leaves: a send that took 800 ms to arrive leaves the service's
 * rolling minute 800 ms later than ours, and a request sent the instant ours rolled on, arriving
 * fast, found it still there (the service once counted 60 in a minute while Kiln counted 55).
 * A second covers any latency a request that is answered at all has.
 */
export const WINDOW_EDGE_MARGIN_MS = 1000;

/**
 * One budget as kept across restarts: the sends still in the window (when each left), the sends
 * written before they left whose leaving is not written yet (`pending`, at their dispatch: each
 * may have left at any time until the file was last written), and the pause, if any.
 */
export type BudgetRecord = Readonly<{
  sends: readonly number[];
  pending?: readonly number[];
  pausedUntil?: number;
}>;

/** Every budget as kept across restarts. */
export type BudgetSnapshot = Readonly<{
  budgets: Readonly<Record<string, BudgetRecord>>;
  /** What every budget not listed starts from (a damaged file: assume the worst). */
  others?: BudgetRecord;
}>;

/** Where the scheduler keeps its budgets across restarts (the data folder's budget file). */
export interface BudgetMemory {
  /** What the last run wrote. */
  readonly restored: BudgetSnapshot;
  /**
   * Writes what `snapshot` returns when the write starts (writes may be coalesced); resolves
   * once it is on disk.
   */
  save(snapshot: () => BudgetSnapshot): Promise<void>;
}

/** One budget's state: its sends still in the window (oldest first), and its pause. */
export interface Bucket extends Pausable {
  readonly window: number[];
  /**
   * Dispatch times of sends being written down before they leave: in the window at that time
   * until they leave, then moved to when they left (the service counts them from then).
   */
  pending?: number[];
  /**
   * When the user's own requests (priority `user`) were sent, oldest first, while they are in the
   * window: `idle` work keeps as many slots free again (see `idleAllowance`). Not kept across
   * restarts: a new run starts with only the fixed reserve.
   */
  userSends?: number[];
  /** The pace's tokens (see `paceBurst`) as of `paceAt`; undefined: a full burst. */
  tokens?: number;
  paceAt?: number;
}

/** Options of {@link BudgetWindows}. */
export type BudgetWindowOptions = Readonly<{
  /** Sends per window (a positive whole number). */
  budget: number;
  /** Length of the rolling window (positive). */
  windowMs: number;
  /** How long past the window's edge a send still counts; default {@link WINDOW_EDGE_MARGIN_MS}. */
  edgeMarginMs?: number;
  /** Bursts of the pace; absent: no pace. */
  paceBurst?: number;
  /** What the last run left. */
  restored?: BudgetSnapshot;
}>;

/** Every budget's window, pace and pending sends. */
export class BudgetWindows {
  /** Sends per window. */
  readonly size: number;
  readonly #windowMs: number;
  /** How long a send counts: the window and the margin after its edge. */
  readonly #countMs: number;
  readonly #paceBurst: number | undefined;
  readonly #buckets = new Map<string, Bucket>();
  /** What a budget not seen before starts from (restored from a damaged file), if anything. */
  readonly #others: Bucket | undefined;

  /** @throws RangeError when `budget` is not a positive whole number or `windowMs` is not positive */
  constructor(options: BudgetWindowOptions) {
    const { budget, windowMs } = options;
    if (!Number.isInteger(budget) || budget < 1) throw new RangeError('budget must be ≥ 1');
    if (!(windowMs > 0)) throw new RangeError('windowMs must be > 0');
    this.size = budget;
    this.#windowMs = windowMs;
    this.#countMs = windowMs + Math.max(0, options.edgeMarginMs ?? WINDOW_EDGE_MARGIN_MS);
    this.#paceBurst =
      options.paceBurst !== undefined ? Math.max(1, Math.floor(options.paceBurst)) : undefined;
    for (const [name, record] of Object.entries(options.restored?.budgets ?? {})) {
      this.#buckets.set(name, bucketOf(record));
    }
    this.#others = options.restored?.others ? bucketOf(options.restored.others) : undefined;
  }

  /** The budget by name; a new one starts from what a damaged file made us assume, if anything. */
  bucket(name: string): Bucket {
    let bucket = this.#buckets.get(name);
    if (!bucket) {
      bucket = this.#others
        ? { window: this.#others.window.slice(), pausedUntil: this.#others.pausedUntil }
        : { window: [], pausedUntil: 0 };
      this.#buckets.set(name, bucket);
    }
    return bucket;
  }

  /** Every budget seen, by name. */
  entries(): IterableIterator<[string, Bucket]> {
    return this.#buckets.entries();
  }

  /** Every budget seen. */
  all(): IterableIterator<Bucket> {
    return this.#buckets.values();
  }

  /** Sends still counted in `bucket` at `now` (those past the window and margin dropped). */
  inWindow(bucket: Bucket, now: number): readonly number[] {
    const { window } = bucket;
    while (window.length > 0 && window[0]! <= now - this.#countMs) window.shift();
    return window;
  }

  /** The user's sends still counted in `bucket` at `now`, oldest first (see `Bucket.userSends`). */
  userSends(bucket: Bucket, now: number): readonly number[] {
    const sends = (bucket.userSends ??= []);
    while (sends.length > 0 && sends[0]! <= now - this.#countMs) sends.shift();
    return sends;
  }

  /** When a send at `at` stops counting. */
  leavesAt(at: number): number {
    return at + this.#countMs;
  }

  /**
   * When `bucket` lets a send go that finds at most `allowed - 1` others in the window: now, or
   * when enough have left. With `paced`, also not before the pace has a token.
   */
  openAt(bucket: Bucket, now: number, allowed: number, paced: boolean): number {
    const window = this.inWindow(bucket, now);
    const over = window.length - allowed;
    const open = over < 0 ? now : window[over]! + this.#countMs;
    if (!paced || this.#paceBurst === undefined) return open;
    const tokens = this.#tokens(bucket, now);
    const ready = tokens >= 1 ? now : now + Math.ceil((1 - tokens) / this.#paceRate);
    return Math.max(open, ready);
  }

  /**
   * Counts a send at `now`; with `usesPace`, it takes a token of the pace. With `pending`, it is
   * being written down before it leaves ({@link left} says when it did). With `user`, it is
   * one of the user's own requests ({@link userSends}). Answers the sends now in the window,
   * this one included.
   */
  take(bucket: Bucket, now: number, usesPace: boolean, pending: boolean, user = false): number {
    bucket.window.push(now);
    // Those past the window go as each new one comes: the list stays a window long even when
    // no idle request ever asks for it.
    if (user) (this.userSends(bucket, now) as number[]).push(now);
    if (this.#paceBurst !== undefined && usesPace) {
      bucket.tokens = Math.max(-this.#paceBurst, this.#tokens(bucket, now) - 1);
      bucket.paceAt = now;
    }
    if (pending) (bucket.pending ??= []).push(now);
    return bucket.window.length;
  }

  /**
   * A send written down at `dispatchedAt` leaves at `leftAt` (undefined: dropped, it stays
   * counted at its dispatch): the window counts it from when it left, as the service does, and
   * the next write says so. A write can take long on a busy disk; counted from its dispatch, a
   * send would leave Kiln's window before the service's.
   */
  left(bucket: Bucket, dispatchedAt: number, leftAt: number | undefined): void {
    const pending = bucket.pending ?? [];
    const p = pending.indexOf(dispatchedAt);
    if (p >= 0) pending.splice(p, 1);
    if (leftAt === undefined || leftAt === dispatchedAt) return;
    const { window } = bucket;
    const w = window.indexOf(dispatchedAt);
    if (w >= 0) window.splice(w, 1);
    let i = window.length;
    while (i > 0 && window[i - 1]! > leftAt) i--;
    window.splice(i, 0, leftAt);
  }

  /** Sends in the current window of `name`, or of every budget together. */
  sentInWindow(now: number, name?: string): number {
    const buckets = name === undefined ? [...this.#buckets.values()] : [this.bucket(name)];
    return buckets.reduce((n, b) => n + this.inWindow(b, now).length, 0);
  }

  /** Times of the sends still in every window, oldest first. */
  history(now: number): number[] {
    return [...this.#buckets.values()].flatMap((b) => this.inWindow(b, now)).sort((a, b) => a - b);
  }

  /** What to keep across restarts, as of `now`. */
  snapshot(now: number): BudgetSnapshot {
    const budgets: Record<string, BudgetRecord> = {};
    for (const [name, b] of this.#buckets) {
      const record = this.#recordOf(b, now);
      if (record) budgets[name] = record;
    }
    const others = this.#others && this.#recordOf(this.#others, now);
    return { budgets, ...(others ? { others } : {}) };
  }

  #recordOf(bucket: Bucket, now: number): BudgetRecord | undefined {
    const sends = this.inWindow(bucket, now).slice();
    const pending: number[] = [];
    for (const at of bucket.pending ?? []) {
      const i = sends.indexOf(at);
      if (i < 0) continue;
      sends.splice(i, 1);
      pending.push(at);
    }
    const paused = bucket.pausedUntil > now;
    if (!sends.length && !pending.length && !paused) return undefined;
    return {
      sends,
      ...(pending.length ? { pending } : {}),
      ...(paused ? { pausedUntil: bucket.pausedUntil } : {}),
    };
  }

  /** Tokens a budget's pace has now: one per `windowMs / budget`, up to `paceBurst`. */
  #tokens(bucket: Bucket, now: number): number {
    const burst = this.#paceBurst!;
    if (bucket.tokens === undefined || bucket.paceAt === undefined) return burst;
    return Math.min(burst, bucket.tokens + (now - bucket.paceAt) * this.#paceRate);
  }

  get #paceRate(): number {
    return this.size / this.#windowMs;
  }
}

/** A budget as restored: its sends oldest first, and its pause. */
function bucketOf(record: BudgetRecord): Bucket {
  return {
    window: [...record.sends, ...(record.pending ?? [])].sort((a, b) => a - b),
    pausedUntil: record.pausedUntil ?? 0,
  };
}
