/**
 * The request scheduler: every request to the service goes through it, so Kiln as a whole stays
 * under the service's rate limit (60 requests a minute per key, service-api.md §8) instead of
 * each poller and download guessing on its own.
 *
 * - **Budget.** A rolling window per budget (the service counts per key: each key at each origin
 *   has its own, so the window of one key never blocks another): at any instant, the sends in
 *   `(now - windowMs, now]` number at most `budget` (default 55, a little under 60, so a clock
 *   skew or a request of another process does not tip us over). A send is counted
 *   {@link WINDOW_EDGE_MARGIN_MS} past the window's edge (the service counts when the request
 *   arrives, not when we sent it). When the budget is spent, one timer wakes the scheduler when
 *   the oldest send leaves the window, margin included.
 * - **Across restarts.** With a {@link BudgetMemory} (the data folder's budget file), every send
 *   is written down before it goes out, and every pause when it starts; a new scheduler starts
 *   from what the last one wrote. A restart, or a crash loop, cannot send more than the budget.
 * - **Priorities.** When a slot frees, a user action goes first, then a poll of a job near its end
 *   (one request that may tell the user a job finished or failed), then a download, then a poll of
 *   a job far from its end (`background`), then `idle` work; first come, first served within a
 *   priority. A retried request keeps its place in line.
 * - **Headroom.** Lower priorities may fill only part of a budget's window ({@link CEILINGS}): polls
 *   of jobs far from done can never spend the minute that a job about to finish, a download or the
 *   user's next action needs, so what the user waits for does not queue behind them.
 * - **Pace** (option `paceBurst`). Requests other than the user's and `idle` ones keep the budget's
 *   pace (one per `windowMs / budget` on average, in bursts of at most `paceBurst`): without it, a
 *   batch's polls and downloads could fill the whole window in seconds, and then nothing at all, not
 *   even the poll that would show a job failed, could be sent until the window rolled on a minute
 *   later.
 * - **Idle share.** `idle` requests (library thumbnails) go last, and only while the window has
 *   more than `idleReserve` free slots: they use what the budget leaves unused and never take the
 *   slots a user action or a poll arriving next would need (nor the pace's tokens). While no
 *   request of another priority waits in their budget, they may borrow that reserve too, all but
 *   `actionReserve` slots kept for the user's next click: a reserve nobody uses is a screen of
 *   thumbnails the user waits a minute for. Cancelled while queued (the cards scrolled away),
 *   they are never sent; once sent, they run to their end (`send` gets no signal): the slot is
 *   spent, and the answer is worth keeping.
 * - **429 `rate_limited`.** The service's word beats our count: a {@link RateLimitError} from any
 *   request pauses its budget for `retryAfter` seconds, and the refused request is sent again
 *   after the pause (the service did not act on it, so this is safe even for paid calls).
 * - **Retries.** Idempotent requests (`retry: true`) are retried after a connection failure, a
 *   timeout or a 5xx, with exponential backoff and full jitter. Paid calls (`retry: false`) never
 *   are: such a failure leaves open whether the service charged, and only the user may decide to
 *   try again (the failures `isAmbiguous` names).
 * - **A reset socket.** The first time an idempotent request's connection is reset before any
 *   answer ({@link ConnectionError.reset}: most often a kept-alive socket the server closed as
 *   the request went out), it is sent again at once, on a fresh connection, outside `maxRetries`
 *   and without a backoff: nothing is wrong with the service. It is a send like any other (the
 *   service may have counted the first one): it waits for its budget, and the window counts it.
 *   A second reset is an ordinary connection failure.
 * - 429 `too_many_jobs` ({@link ConcurrencyLimitError}) is not a rate matter: it is passed to the
 *   caller as is, which knows when one of its jobs ends.
 */
import type { Clock, Logger } from '../ports';
import {
  CancelledError,
  ConnectionError,
  notActedOn,
  RateLimitError,
  ServerError,
  TimeoutError,
  type ApiError,
} from '../api/errors';
import { backoffDelay } from './backoff';

/**
/**
 * Who is waiting: user actions go first, then polls of jobs near their end (or whose end Kiln
 * cannot tell: what the user waits to see), then downloads, then polls of jobs far from their end
 * (`background`), then `idle` work (sent only from the budget's unused share, see `idleReserve`).
 */
export type Priority = 'user' | 'download' | 'poll' | 'background' | 'idle';

/** Priorities from first served to last. */
export const PRIORITIES: readonly Priority[] = ['user', 'poll', 'download', 'background', 'idle'];

/**
 * The share of a budget's window that requests of each priority may fill: the rest is left for
 * higher ones. Polls of jobs far from done use at most half the minute (the pollers' share in
 * `poll-delay.ts`), so a job about to end, a download or the user's next action finds room.
 * `idle` requests are held by `idleReserve` instead.
 */
export const CEILINGS: Readonly<Record<Exclude<Priority, 'idle'>, number>> = {
  user: 1,
  download: 1,
  poll: 1,
  background: 0.5,
};

/** What the scheduler did, for logs, diagnostics and tests. Times are the clock's milliseconds. */
export type SchedulerEvent =
  | {
      readonly type: 'sent';
      readonly at: number;
      readonly priority: Priority;
      /** 1 for the first send of a request, 2 for its first retry, … */
      readonly attempt: number;
      /** Sends in the current window of its budget, this one included. */
      readonly inWindow: number;
      /** The budget it counts against. */
      readonly budget: string;
    }
  | {
      readonly type: 'paused';
      readonly at: number;
      /** Nothing is sent before this time. */
      readonly until: number;
      /** The 429 that caused the pause. */
      readonly error: RateLimitError;
      /** The budget paused. */
      readonly budget: string;
    }
  | { readonly type: 'resumed'; readonly at: number; readonly budget: string }
  | {
      readonly type: 'done';
      readonly at: number;
      readonly priority: Priority;
      /**
       * How the send ended: answered (or failed: its answer or error handled, a refusal recorded
       * by `onRefused`), or dropped before it left (cancelled or closed while it was written down).
       */
      readonly outcome: 'settled' | 'dropped';
    }
  | {
      readonly type: 'retry';
      readonly at: number;
      readonly priority: Priority;
      /** The attempt that failed (1 for the first send). */
      readonly attempt: number;
      /** How long the request waits before it is queued again (for a 429: until the pause ends). */
      readonly delayMs: number;
      readonly error: unknown;
    };

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

/** Options of {@link RequestScheduler}. */
export type SchedulerOptions = Readonly<{
  /** All waiting goes through it, so tests run the scheduler under a fake clock. */
  clock: Clock;
  /** Requests per rolling window; default 55 (the service allows 60 a minute). */
  budget?: number;
  /**
   * Slots of the window `idle` requests leave free for the others; default a third of the budget
   * (19 of 55: thumbnails get up to 36 a minute when nothing else is sent).
   */
  idleReserve?: number;
  /**
   * Slots of the window `idle` requests never take, even while nothing else waits and they
   * borrow the `idleReserve`: kept for the user's next click. Default a tenth of the budget
   * (6 of 55).
   */
  actionReserve?: number;
  /** Length of the rolling window; default 60 000 ms. */
  windowMs?: number;
  /**
   * How long past the window's edge a send still counts; default {@link WINDOW_EDGE_MARGIN_MS}.
   * Tests of other matters with short windows set 0.
   */
  edgeMarginMs?: number;
  /** Source of jitter in [0, 1); default `Math.random`. */
  random?: () => number;
  /** Retries of one request after the first send; default 4. */
  maxRetries?: number;
  /** Upper bound of the first retry's backoff, doubled per retry; default 500 ms. */
  baseBackoffMs?: number;
  /** No backoff is longer than this; default 30 000 ms. */
  maxBackoffMs?: number;
  /** Pause after a 429 that does not say how long to wait; default 5 000 ms. */
  defaultPauseMs?: number;
  /** Keep the time of every send in {@link RequestScheduler.history}, not only the current window's. For tests. */
  keepHistory?: boolean;
  /** Called synchronously for each event; must not throw. */
  onEvent?: (event: SchedulerEvent) => void;
  /**
   * Keeps the budgets across restarts: each send is written before it goes out. Absent, they
   * live in memory only (tests of the scheduler itself).
   */
  memory?: BudgetMemory;
  /** Told when the budget cannot be written (the request still goes: Kiln must not stop). */
  logger?: Logger;
  /**
   * Keep requests other than the user's to the budget's pace, in bursts of at most this many
   * (the app uses a fifth of the budget). Absent: only the window limits them.
   */
  paceBurst?: number;
}>;

/** Options of one {@link RequestScheduler.run} call. */
export type RunOptions = Readonly<{
  /**
   * True for idempotent requests (GETs, polls, downloads): retried after a connection failure,
   * timeout or 5xx. False (the default) for paid calls: never retried after such a failure.
   */
  retry?: boolean;
  /**
   * Cancels the request while it waits; also passed to `send`, except for `idle` requests: once
   * sent, one has cost its slot, and its answer (a thumbnail) is kept for when it is seen again
   * rather than thrown away and bought a second time.
   */
  signal?: AbortSignal;
  /**
   * The budget the request counts against (the service counts per key), read each time it may
   * be sent: the key can change while it waits. Default: one budget for every request.
   */
  budget?: () => string;
  /**
   * Awaited when a send proves the service did not act on it (a 4xx refusal, or a connection
   * never made), once a 429 pause is on record and before the request goes again or its error
   * is returned: where a paid call records that it was not sent.
   */
  onRefused?: (error: ApiError) => Promise<void>;
  /**
   * Moves the request, while it waits, to the priority `to` at the clock time `at`: a poll of a
   * job far from its end becomes one near it, and no longer waits behind the headroom of
   * `background` requests.
   */
  promote?: Readonly<{ at: number; to: Priority }>;
}>;

/**
 * Even a 429 with `retry_after: 0` pauses this long: our count and the service's disagree, and
 * sending again in the same instant would only earn another 429 and use up a retry.
 */
const MIN_PAUSE_MS = 1000;

/**
 * How long after the window's edge a send still counts. The service counts a request when it
 * arrives, we count it when it leaves: a send that took 800 ms to arrive leaves the service's
 * rolling minute 800 ms later than ours, and a request sent the instant ours rolled on, arriving
 * fast, found it still there (the service once counted 60 in a minute while Kiln counted 55).
 * A second covers any latency a request that is answered at all has.
 */
export const WINDOW_EDGE_MARGIN_MS = 1000;

type State = 'queued' | 'in-flight' | 'backing-off' | 'done';

interface Entry {
  readonly seq: number;
  priority: Priority;
  /** When and where it moves while it waits ({@link RunOptions.promote}). */
  promote: Readonly<{ at: number; to: Priority }> | undefined;
  readonly budget: () => string;
  readonly onRefused: ((error: ApiError) => Promise<void>) | undefined;
  readonly send: (signal?: AbortSignal) => Promise<unknown>;
  readonly retry: boolean;
  readonly signal: AbortSignal | undefined;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  state: State;
  /** Sends so far. */
  attempts: number;
  /** Sent again at once after a reset socket (once per request; not one of `maxRetries`). */
  resent: boolean;
  backoffTimer?: unknown;
  onAbort?: () => void;
}

/** One budget's state: its sends still in the window (oldest first), and its pause. */
interface Bucket {
  readonly window: number[];
  /**
   * Dispatch times of sends being written down before they leave: in the window at that time
   * until they leave, then moved to when they left (the service counts them from then).
   */
  pending?: number[];
  /** Nothing of this budget is sent before this time; 0 when not paused. */
  pausedUntil: number;
  /** The pace's tokens (see `paceBurst`) as of `paceAt`; undefined: a full burst. */
  tokens?: number;
  paceAt?: number;
}

const ONE_BUDGET = (): string => '';

/**
 * Sends requests to the service within its rate limit, by priority, and retries what may be retried.
 *
 * @example
 * ```ts
 * const scheduler = new RequestScheduler({ clock: ports.clock });
 * const status = await scheduler.run('poll', (signal) => api.taskStatus(id, signal), { retry: true });
 * ```
 */
export class RequestScheduler {
  readonly #clock: Clock;
  readonly #budget: number;
  /** The most sends in the window under which an `idle` request may still go. */
  readonly #idleLimit: number;
  /** The same while no request of another priority waits in its budget (the reserve borrowed). */
  readonly #borrowLimit: number;
  readonly #windowMs: number;
  /** How long a send counts: the window and the margin after its edge. */
  readonly #countMs: number;
  readonly #random: () => number;
  readonly #maxRetries: number;
  readonly #backoff: Readonly<{ baseMs: number; capMs: number }>;
  readonly #defaultPauseMs: number;
  readonly #keepHistory: boolean;
  readonly #onEvent: ((event: SchedulerEvent) => void) | undefined;
  readonly #memory: BudgetMemory | undefined;
  readonly #logger: Logger | undefined;
  readonly #paceBurst: number | undefined;

  /** Waiting requests per priority, each list in order of arrival (`seq`). */
  readonly #queues = new Map<Priority, Entry[]>(PRIORITIES.map((p) => [p, []]));
  /** Requests waiting out a backoff; kept so `close` can reject them. */
  readonly #backingOff = new Set<Entry>();
  /** The budgets by name. */
  readonly #buckets = new Map<string, Bucket>();
  /** What a budget not seen before starts from (restored from a damaged file), if anything. */
  readonly #others: Bucket | undefined;
  /** Every send time, only with `keepHistory`. */
  readonly #allSends: number[] = [];
  #seq = 0;
  /** The one wake-up timer (budget or pause), and when it fires. */
  #wakeTimer: unknown = undefined;
  #wakeAt = 0;
  #closed = false;
  #unwritable = false;

  /** @throws RangeError when `budget` is not a positive whole number or `windowMs` is not positive */
  constructor(options: SchedulerOptions) {
    const budget = options.budget ?? 55;
    const windowMs = options.windowMs ?? 60_000;
    if (!Number.isInteger(budget) || budget < 1) throw new RangeError('budget must be ≥ 1');
    if (!(windowMs > 0)) throw new RangeError('windowMs must be > 0');
    this.#clock = options.clock;
    this.#budget = budget;
    const reserve = options.idleReserve ?? Math.ceil(budget / 3);
    this.#idleLimit = Math.max(1, budget - Math.max(0, reserve));
    const keep = options.actionReserve ?? Math.ceil(budget / 10);
    this.#borrowLimit = Math.max(this.#idleLimit, budget - Math.max(0, keep));
    this.#windowMs = windowMs;
    this.#countMs = windowMs + Math.max(0, options.edgeMarginMs ?? WINDOW_EDGE_MARGIN_MS);
    this.#random = options.random ?? Math.random;
    this.#maxRetries = Math.max(0, options.maxRetries ?? 4);
    this.#backoff = { baseMs: options.baseBackoffMs ?? 500, capMs: options.maxBackoffMs ?? 30_000 };
    this.#defaultPauseMs = options.defaultPauseMs ?? 5000;
    this.#keepHistory = options.keepHistory ?? false;
    this.#onEvent = options.onEvent;
    this.#memory = options.memory;
    this.#logger = options.logger;
    this.#paceBurst =
      options.paceBurst !== undefined ? Math.max(1, Math.floor(options.paceBurst)) : undefined;
    const restored = options.memory?.restored;
    for (const [name, record] of Object.entries(restored?.budgets ?? {})) {
      this.#buckets.set(name, bucketOf(record));
    }
    this.#others = restored?.others ? bucketOf(restored.others) : undefined;
  }

  /**
   * Runs `send` when its budget allows, in priority order (first come, first served within a
   * priority), and settles with its result.
   *
   * - `retry: true` (idempotent): after a {@link ConnectionError}, {@link TimeoutError} or
   *   {@link ServerError}, sent again after a backoff; after a {@link RateLimitError}, after the
   *   pause. At most `maxRetries` times; then rejects with the last error. Every send uses budget.
   * - `retry: false` (paid): rejects with the original error after any failure, except a
   *   {@link RateLimitError}, which is a definite refusal and is sent again after the pause.
   * - Any other error (401, 402, 422, `too_many_jobs`, …) rejects at once.
   *
   * @param send performs one attempt; receives `opts.signal`
   * @throws CancelledError when `opts.signal` aborts before the request is sent (or between
   *   retries), or when the scheduler is closed first
   */
  run<T>(
    priority: Priority,
    send: (signal?: AbortSignal) => Promise<T>,
    opts: RunOptions = {},
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.#closed) {
        reject(closedError());
        return;
      }
      const signal = opts.signal;
      if (signal?.aborted) {
        reject(cancelledError(signal));
        return;
      }
      const entry: Entry = {
        seq: this.#seq++,
        priority,
        promote: opts.promote,
        budget: opts.budget ?? ONE_BUDGET,
        onRefused: opts.onRefused,
        send,
        retry: opts.retry ?? false,
        signal,
        resolve: resolve as (value: unknown) => void,
        reject,
        state: 'queued',
        attempts: 0,
        resent: false,
      };
      if (signal) {
        entry.onAbort = () => this.#cancel(entry);
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      this.#enqueue(entry);
      this.#pump();
    });
  }

  /** Requests sent in the current window of `budget`, or of every budget together. */
  sentInWindow(budget?: string): number {
    const now = this.#clock.now();
    const buckets = budget === undefined ? [...this.#buckets.values()] : [this.#bucket(budget)];
    return buckets.reduce((n, b) => n + this.#prune(b, now).window.length, 0);
  }

  /**
   * Times of sends, oldest first: all of them with `keepHistory`, else those still in the
   * windows (so a long-running app does not grow it without bound).
   */
  get history(): readonly number[] {
    if (this.#keepHistory) return this.#allSends.slice();
    const now = this.#clock.now();
    return [...this.#buckets.values()]
      .flatMap((b) => this.#prune(b, now).window)
      .sort((a, b) => a - b);
  }

  /** Requests waiting to be sent (queued or backing off). */
  get pending(): number {
    let n = this.#backingOff.size;
    for (const q of this.#queues.values()) n += q.length;
    return n;
  }

  /**
   * When the latest 429 pause of any budget ends, or undefined when none is paused (for
   * "resuming in 7 s").
   */
  get pausedUntil(): number | undefined {
    const now = this.#clock.now();
    let until = 0;
    for (const b of this.#buckets.values()) until = Math.max(until, b.pausedUntil);
    return until > now ? until : undefined;
  }

  /**
   * Stops: rejects every request not yet sent with a {@link CancelledError} and clears all timers.
   * Requests in flight settle on their own but are not retried. Later `run` calls reject.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#clearWake();
    const error = closedError();
    for (const entry of this.#backingOff) {
      this.#clock.clearTimeout(entry.backoffTimer);
      this.#reject(entry, error);
    }
    this.#backingOff.clear();
    for (const q of this.#queues.values()) {
      for (const entry of q.splice(0)) this.#reject(entry, error);
    }
  }

  /** Sends whatever the budgets and pauses allow, then sets the one timer for the rest. */
  #pump(): void {
    if (this.#closed) return;
    const now = this.#clock.now();
    for (const [name, b] of this.#buckets) {
      if (b.pausedUntil !== 0 && b.pausedUntil <= now) {
        b.pausedUntil = 0;
        this.#emit({ type: 'resumed', at: now, budget: name });
      }
    }
    let wake = this.#promoteDue(now);
    /** Budgets in which a request other than an `idle` one still waits once its turn is over. */
    const busy = new Set<string>();
    for (const entry of this.#backingOff) if (entry.priority !== 'idle') busy.add(entry.budget());
    for (const p of PRIORITIES) {
      const q = this.#queues.get(p)!;
      for (let i = 0; i < q.length;) {
        const entry = q[i]!;
        const name = entry.budget();
        const bucket = this.#bucket(name);
        const openAt = this.#openAt(bucket, now, p, busy.has(name));
        if (openAt > now) {
          // Wait for this budget; requests of other budgets may still go.
          wake = Math.min(wake, openAt);
          if (p !== 'idle') busy.add(name);
          i++;
          continue;
        }
        q.splice(i, 1);
        this.#dispatch(entry, name, bucket, now);
      }
    }
    // Wake when a pause ends even with nothing queued, so 'resumed' is reported then.
    for (const b of this.#buckets.values()) {
      if (b.pausedUntil > now) wake = Math.min(wake, b.pausedUntil);
    }
    if (wake === Number.POSITIVE_INFINITY) this.#clearWake();
    else this.#arm(wake);
  }

  /**
   * Moves waiting requests whose promotion is due to their new priority (in order of arrival
   * there); answers when the next promotion of a waiting request is due.
   */
  #promoteDue(now: number): number {
    let next = Number.POSITIVE_INFINITY;
    for (const q of [...this.#queues.values()]) {
      for (const entry of q.slice()) {
        const promote = entry.promote;
        if (!promote) continue;
        if (promote.at > now) {
          next = Math.min(next, promote.at);
          continue;
        }
        q.splice(q.indexOf(entry), 1);
        entry.priority = promote.to;
        entry.promote = undefined;
        this.#enqueue(entry);
      }
    }
    return next;
  }

  /**
   * When the budget lets its next request of `priority` go: now, the end of its pause, or when
   * enough sends have left the window to bring it under the priority's ceiling. An `idle` request
   * may only use the share above `idleReserve` while another request of its budget waits
   * (`busy`), else all but `actionReserve`; it is not held by the pace.
   */
  #openAt(bucket: Bucket, now: number, priority: Priority, busy: boolean): number {
    if (bucket.pausedUntil > now) return bucket.pausedUntil;
    const allowed =
      priority === 'idle'
        ? busy
          ? this.#idleLimit
          : this.#borrowLimit
        : Math.max(1, Math.floor(this.#budget * CEILINGS[priority]));
    const over = this.#prune(bucket, now).window.length - allowed;
    const open = over < 0 ? now : bucket.window[over]! + this.#countMs;
    if (priority === 'user' || priority === 'idle' || this.#paceBurst === undefined) return open;
    const tokens = this.#tokens(bucket, now);
    const paced = tokens >= 1 ? now : now + Math.ceil((1 - tokens) / this.#paceRate);
    return Math.max(open, paced);
  }

  /** Tokens a budget's pace has now: one per `windowMs / budget`, up to `paceBurst`. */
  #tokens(bucket: Bucket, now: number): number {
    const burst = this.#paceBurst!;
    if (bucket.tokens === undefined || bucket.paceAt === undefined) return burst;
    return Math.min(burst, bucket.tokens + (now - bucket.paceAt) * this.#paceRate);
  }

  get #paceRate(): number {
    return this.#budget / this.#windowMs;
  }

  #dispatch(entry: Entry, name: string, bucket: Bucket, now: number): void {
    bucket.window.push(now);
    if (this.#paceBurst !== undefined && entry.priority !== 'idle') {
      // The user's requests are never held by the pace, but they do use it: what follows them
      // waits its turn (a debt of at most one burst).
      bucket.tokens = Math.max(-this.#paceBurst, this.#tokens(bucket, now) - 1);
      bucket.paceAt = now;
    }
    if (this.#keepHistory) this.#allSends.push(now);
    entry.state = 'in-flight';
    entry.attempts += 1;
    this.#emit({
      type: 'sent',
      at: now,
      priority: entry.priority,
      attempt: entry.attempts,
      inWindow: bucket.window.length,
      budget: name,
    });
    if (!this.#memory) {
      this.#send(entry);
      return;
    }
    // Written down before it goes out: a restart, even a crash loop, counts it.
    (bucket.pending ??= []).push(now);
    void this.#remember().then(() => {
      const leaving = !this.#closed && !entry.signal?.aborted;
      this.#left(bucket, now, leaving ? this.#clock.now() : undefined);
      if (leaving) {
        this.#send(entry);
        return;
      }
      this.#done(entry, 'dropped');
      this.#reject(entry, this.#closed ? closedError() : cancelledError(entry.signal!));
    });
  }

  #send(entry: Entry): void {
    let attempt: Promise<unknown>;
    try {
      attempt = entry.send(entry.priority === 'idle' ? undefined : entry.signal);
    } catch (error) {
      // A send that throws synchronously is treated like one that rejects.
      attempt = Promise.reject(error);
    }
    attempt.then(
      (value) => {
        this.#done(entry, 'settled');
        this.#resolve(entry, value);
      },
      (error: unknown) => this.#failed(entry, error),
    );
  }

  /** Reports that a send is over (tests move their clock only once every send is). */
  #done(entry: Entry, outcome: 'settled' | 'dropped'): void {
    this.#emit({ type: 'done', at: this.#clock.now(), priority: entry.priority, outcome });
  }

  /**
   * A send written down at `dispatchedAt` leaves at `leftAt` (undefined: dropped, it stays
   * counted at its dispatch): the window counts it from when it left, as the service does, and
   * the next write says so. A write can take long on a busy disk; counted from its dispatch, a
   * send would leave Kiln's window before the service's.
   */
  #left(bucket: Bucket, dispatchedAt: number, leftAt: number | undefined): void {
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

  /** Writes the budgets; a write that fails is logged once and does not stop the request. */
  #remember(): Promise<void> {
    return this.#memory!.save(() => this.#snapshot()).catch((error: unknown) => {
      if (this.#unwritable) return;
      this.#unwritable = true;
      this.#logger?.warn('the request budget could not be written', { error: String(error) });
    });
  }

  #snapshot(): BudgetSnapshot {
    const now = this.#clock.now();
    const budgets: Record<string, BudgetRecord> = {};
    for (const [name, b] of this.#buckets) {
      const record = this.#recordOf(b, now);
      if (record) budgets[name] = record;
    }
    const others = this.#others && this.#recordOf(this.#others, now);
    return { budgets, ...(others ? { others } : {}) };
  }

  #recordOf(bucket: Bucket, now: number): BudgetRecord | undefined {
    const sends = this.#prune(bucket, now).window.slice();
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

  #failed(entry: Entry, error: unknown): void {
    const paused =
      error instanceof RateLimitError ? this.#pause(entry, error, this.#clock.now()) : undefined;
    const onRefused = entry.onRefused;
    if (!onRefused || !notActedOn(error)) {
      this.#done(entry, 'settled');
      this.#afterFailure(entry, error);
      return;
    }
    // The refusal is on record (a pause on disk) before the caller records "not sent", and the
    // caller's record before the request goes again or its error returns.
    void Promise.resolve(paused)
      .then(() => onRefused(error))
      .catch((hookError: unknown) =>
        this.#logger?.warn('a refused request could not be recorded', {
          error: String(hookError),
        }),
      )
      .then(() => {
        this.#done(entry, 'settled');
        this.#afterFailure(entry, error);
      });
  }

  /** Retries a failed send where that is safe, or rejects it. */
  #afterFailure(entry: Entry, error: unknown): void {
    const now = this.#clock.now();
    const retryable = error instanceof RateLimitError || (entry.retry && isTransient(error));
    if (retryable && entry.signal?.aborted) {
      // Cancelled while in flight, and it would have gone again: it stops here, as cancelled.
      this.#reject(entry, cancelledError(entry.signal));
      return;
    }
    if (entry.retry && !entry.resent && !this.#closed && isReset(error)) {
      // Back in line at its old place, at once; it goes when its budget allows, and counts.
      entry.resent = true;
      this.#emit({
        type: 'retry',
        at: now,
        priority: entry.priority,
        attempt: entry.attempts,
        delayMs: 0,
        error,
      });
      entry.state = 'queued';
      this.#enqueue(entry);
      this.#pump();
      return;
    }
    const retries = entry.attempts - (entry.resent ? 1 : 0);
    if (!retryable || this.#closed || retries > this.#maxRetries) {
      this.#reject(entry, error);
      return;
    }
    if (error instanceof RateLimitError) {
      // Back in line at its old place; the pause holds it until the service is ready.
      this.#emit({
        type: 'retry',
        at: now,
        priority: entry.priority,
        attempt: entry.attempts,
        delayMs: Math.max(0, this.#bucket(entry.budget()).pausedUntil - now),
        error,
      });
      entry.state = 'queued';
      this.#enqueue(entry);
      this.#pump();
      return;
    }
    const delayMs = backoffDelay(retries - 1, this.#backoff, this.#random);
    this.#emit({
      type: 'retry',
      at: now,
      priority: entry.priority,
      attempt: entry.attempts,
      delayMs,
      error,
    });
    entry.state = 'backing-off';
    this.#backingOff.add(entry);
    entry.backoffTimer = this.#clock.setTimeout(() => {
      this.#backingOff.delete(entry);
      entry.backoffTimer = undefined;
      if (entry.state !== 'backing-off') return;
      entry.state = 'queued';
      this.#enqueue(entry);
      this.#pump();
    }, delayMs);
  }

  /**
   * Pauses the budget of the refused request (the service counts per key); resolves once the
   * pause is on disk (at once without a memory, or when a longer pause was already there).
   */
  #pause(entry: Entry, error: RateLimitError, now: number): Promise<void> | undefined {
    const seconds = error.retryAfter;
    const ms =
      seconds !== undefined && Number.isFinite(seconds) && seconds >= 0
        ? Math.max(seconds * 1000, MIN_PAUSE_MS)
        : this.#defaultPauseMs;
    const until = now + ms;
    const name = entry.budget();
    const bucket = this.#bucket(name);
    // Several requests in flight may come back 429; the pause only ever grows.
    if (until <= bucket.pausedUntil) return undefined;
    bucket.pausedUntil = until;
    this.#emit({ type: 'paused', at: now, until, error, budget: name });
    const written = this.#memory ? this.#remember() : undefined;
    this.#pump();
    return written;
  }

  #cancel(entry: Entry): void {
    // In flight, `send` has the signal and decides; settled entries need nothing.
    if (entry.state === 'queued') {
      const q = this.#queues.get(entry.priority)!;
      const i = q.indexOf(entry);
      if (i >= 0) q.splice(i, 1);
    } else if (entry.state === 'backing-off') {
      this.#clock.clearTimeout(entry.backoffTimer);
      this.#backingOff.delete(entry);
    } else {
      return;
    }
    this.#reject(entry, cancelledError(entry.signal!));
  }

  #resolve(entry: Entry, value: unknown): void {
    if (this.#finish(entry)) entry.resolve(value);
  }

  #reject(entry: Entry, error: unknown): void {
    if (this.#finish(entry)) entry.reject(error);
  }

  /** Marks the entry settled; false if it already was (a late abort, a close after a cancel). */
  #finish(entry: Entry): boolean {
    if (entry.state === 'done') return false;
    entry.state = 'done';
    if (entry.onAbort) entry.signal?.removeEventListener('abort', entry.onAbort);
    return true;
  }

  /** Inserts by arrival, so a retried request goes before those that came after it. */
  #enqueue(entry: Entry): void {
    const q = this.#queues.get(entry.priority)!;
    let i = q.length;
    while (i > 0 && q[i - 1]!.seq > entry.seq) i -= 1;
    q.splice(i, 0, entry);
  }

  /** The budget by name; a new one starts from what a damaged file made us assume, if anything. */
  #bucket(name: string): Bucket {
    let bucket = this.#buckets.get(name);
    if (!bucket) {
      bucket = this.#others
        ? { window: this.#others.window.slice(), pausedUntil: this.#others.pausedUntil }
        : { window: [], pausedUntil: 0 };
      this.#buckets.set(name, bucket);
    }
    return bucket;
  }

  /** Drops sends that have left the window `(now - windowMs, now]` and the margin after it. */
  #prune(bucket: Bucket, now: number): Bucket {
    const { window } = bucket;
    while (window.length > 0 && window[0]! <= now - this.#countMs) window.shift();
    return bucket;
  }

  #arm(at: number): void {
    if (this.#wakeTimer !== undefined && this.#wakeAt === at) return;
    this.#clearWake();
    this.#wakeAt = at;
    this.#wakeTimer = this.#clock.setTimeout(() => {
      this.#wakeTimer = undefined;
      this.#pump();
    }, at - this.#clock.now());
  }

  #clearWake(): void {
    if (this.#wakeTimer === undefined) return;
    this.#clock.clearTimeout(this.#wakeTimer);
    this.#wakeTimer = undefined;
  }

  #emit(event: SchedulerEvent): void {
    this.#onEvent?.(event);
  }
}

/** A budget as restored: its sends oldest first, and its pause. */
function bucketOf(record: BudgetRecord): Bucket {
  return {
    window: [...record.sends, ...(record.pending ?? [])].sort((a, b) => a - b),
    pausedUntil: record.pausedUntil ?? 0,
  };
}

/** Failures after which an idempotent request may simply be sent again. */
function isTransient(error: unknown): boolean {
  return (
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof ServerError
  );
}

/** A connection reset before any answer (a kept-alive socket the server had closed). */
function isReset(error: unknown): boolean {
  return error instanceof ConnectionError && error.reset;
}

function cancelledError(signal: AbortSignal): CancelledError {
  return new CancelledError('cancelled', 'Cancelled before it was sent.', {
    cause: signal.reason,
  });
}

function closedError(): CancelledError {
  return new CancelledError('cancelled', 'Kiln stopped before this request was sent.');
}
