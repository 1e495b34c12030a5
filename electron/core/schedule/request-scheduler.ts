/**
 * The request scheduler: every request to the service goes through it, so Kiln as a whole stays
 * under the service's rate limit (60 requests a minute per key, service-api.md §8) instead of
 * each poller and download guessing on its own.
 *
 * - **Budget.** A rolling window: at any instant, the sends in `(now - windowMs, now]` number at
 *   most `budget` (default 55, a little under 60, so a clock skew or a request of another process
 *   does not tip us over). When the budget is spent, one timer wakes the scheduler exactly when the
 *   oldest send leaves the window.
 * - **Priorities.** When a slot frees, a user action goes before a download, which goes before a
 *   poll; first come, first served within a priority. A retried request keeps its place in line.
 * - **Idle share.** `idle` requests (library thumbnails) go last, and only while the window has
 *   more than `idleReserve` free slots: they use what the budget leaves unused and never take the
 *   slots a user action or a poll arriving next would need. Cancelled while queued (the cards
 *   scrolled away), they are never sent.
 * - **429 `rate_limited`.** The service's word beats our count: a {@link RateLimitError} from any
 *   request pauses the whole scheduler for `retryAfter` seconds, and the refused request is sent
 *   again after the pause (the service did not act on it, so this is safe even for paid calls).
 * - **Retries.** Idempotent requests (`retry: true`) are retried after a connection failure, a
 *   timeout or a 5xx, with exponential backoff and full jitter. Paid calls (`retry: false`) never
 *   are: such a failure leaves open whether the service charged, and only the user may decide to
 *   try again (the failures `isAmbiguous` names).
 * - 429 `too_many_jobs` ({@link ConcurrencyLimitError}) is not a rate matter: it is passed to the
 *   caller as is, which knows when one of its jobs ends.
 */
import type { Clock } from '../ports';
import {
  CancelledError,
  ConnectionError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from '../api/errors';
import { backoffDelay } from './backoff';

/**
 * Who is waiting: user actions go before downloads, downloads before polls, polls before `idle`
 * work (sent only from the budget's unused share, see `idleReserve`).
 */
export type Priority = 'user' | 'download' | 'poll' | 'idle';

/** Priorities from first served to last. */
export const PRIORITIES: readonly Priority[] = ['user', 'download', 'poll', 'idle'];

/** What the scheduler did, for logs, diagnostics and tests. Times are the clock's milliseconds. */
export type SchedulerEvent =
  | {
      readonly type: 'sent';
      readonly at: number;
      readonly priority: Priority;
      /** 1 for the first send of a request, 2 for its first retry, … */
      readonly attempt: number;
      /** Sends in the current window, this one included. */
      readonly inWindow: number;
    }
  | {
      readonly type: 'paused';
      readonly at: number;
      /** Nothing is sent before this time. */
      readonly until: number;
      /** The 429 that caused the pause. */
      readonly error: RateLimitError;
    }
  | { readonly type: 'resumed'; readonly at: number }
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
  /** Length of the rolling window; default 60 000 ms. */
  windowMs?: number;
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
}>;

/** Options of one {@link RequestScheduler.run} call. */
export type RunOptions = Readonly<{
  /**
   * True for idempotent requests (GETs, polls, downloads): retried after a connection failure,
   * timeout or 5xx. False (the default) for paid calls: never retried after such a failure.
   */
  retry?: boolean;
  /** Cancels the request while it waits; also passed to `send`. */
  signal?: AbortSignal;
}>;

/**
 * Even a 429 with `retry_after: 0` pauses this long: our count and the service's disagree, and
 * sending again in the same instant would only earn another 429 and use up a retry.
 */
const MIN_PAUSE_MS = 1000;

type State = 'queued' | 'in-flight' | 'backing-off' | 'done';

interface Entry {
  readonly seq: number;
  readonly priority: Priority;
  readonly send: (signal?: AbortSignal) => Promise<unknown>;
  readonly retry: boolean;
  readonly signal: AbortSignal | undefined;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  state: State;
  /** Sends so far. */
  attempts: number;
  backoffTimer?: unknown;
  onAbort?: () => void;
}

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
  readonly #windowMs: number;
  readonly #random: () => number;
  readonly #maxRetries: number;
  readonly #backoff: Readonly<{ baseMs: number; capMs: number }>;
  readonly #defaultPauseMs: number;
  readonly #keepHistory: boolean;
  readonly #onEvent: ((event: SchedulerEvent) => void) | undefined;

  /** Waiting requests per priority, each list in order of arrival (`seq`). */
  readonly #queues = new Map<Priority, Entry[]>(PRIORITIES.map((p) => [p, []]));
  /** Requests waiting out a backoff; kept so `close` can reject them. */
  readonly #backingOff = new Set<Entry>();
  /** Send times still inside the window, oldest first; never longer than `budget`. */
  readonly #window: number[] = [];
  /** Every send time, only with `keepHistory`. */
  readonly #allSends: number[] = [];
  #seq = 0;
  /** Nothing is sent before this time; 0 when not paused. */
  #pausedUntil = 0;
  /** The one wake-up timer (budget or pause), and when it fires. */
  #wakeTimer: unknown = undefined;
  #wakeAt = 0;
  #closed = false;

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
    this.#windowMs = windowMs;
    this.#random = options.random ?? Math.random;
    this.#maxRetries = Math.max(0, options.maxRetries ?? 4);
    this.#backoff = { baseMs: options.baseBackoffMs ?? 500, capMs: options.maxBackoffMs ?? 30_000 };
    this.#defaultPauseMs = options.defaultPauseMs ?? 5000;
    this.#keepHistory = options.keepHistory ?? false;
    this.#onEvent = options.onEvent;
  }

  /**
   * Runs `send` when the budget allows, in priority order (first come, first served within a
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
        send,
        retry: opts.retry ?? false,
        signal,
        resolve: resolve as (value: unknown) => void,
        reject,
        state: 'queued',
        attempts: 0,
      };
      if (signal) {
        entry.onAbort = () => this.#cancel(entry);
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      this.#enqueue(entry);
      this.#pump();
    });
  }

  /** Requests sent in the current window (for the diagnostics UI and tests). */
  sentInWindow(): number {
    this.#prune(this.#clock.now());
    return this.#window.length;
  }

  /**
   * Times of sends, oldest first: all of them with `keepHistory`, else those still in the window
   * (so a long-running app does not grow it without bound).
   */
  get history(): readonly number[] {
    if (this.#keepHistory) return this.#allSends.slice();
    this.#prune(this.#clock.now());
    return this.#window.slice();
  }

  /** Requests waiting to be sent (queued or backing off). */
  get pending(): number {
    let n = this.#backingOff.size;
    for (const q of this.#queues.values()) n += q.length;
    return n;
  }

  /** When the current 429 pause ends, or undefined when not paused (for "resuming in 7 s"). */
  get pausedUntil(): number | undefined {
    return this.#pausedUntil > this.#clock.now() ? this.#pausedUntil : undefined;
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

  /** Sends whatever the budget and the pause allow, then sets the one timer for the rest. */
  #pump(): void {
    if (this.#closed) return;
    const now = this.#clock.now();
    if (this.#pausedUntil !== 0) {
      if (now < this.#pausedUntil) {
        // Wake even with an empty queue, so 'resumed' is reported when the pause ends.
        this.#arm(this.#pausedUntil);
        return;
      }
      this.#pausedUntil = 0;
      this.#emit({ type: 'resumed', at: now });
    }
    this.#prune(now);
    for (;;) {
      const entry = this.#dequeue();
      if (!entry) {
        this.#clearWake();
        return;
      }
      // Every other queue is empty when an idle request comes up: it may only use the share.
      const limit = entry.priority === 'idle' ? this.#idleLimit : this.#budget;
      if (this.#window.length >= limit) {
        // Put it back in front and wake exactly when enough sends have left the window.
        this.#queues.get(entry.priority)!.unshift(entry);
        this.#arm(this.#window[this.#window.length - limit]! + this.#windowMs);
        return;
      }
      this.#dispatch(entry, now);
    }
  }

  #dispatch(entry: Entry, now: number): void {
    this.#window.push(now);
    if (this.#keepHistory) this.#allSends.push(now);
    entry.state = 'in-flight';
    entry.attempts += 1;
    this.#emit({
      type: 'sent',
      at: now,
      priority: entry.priority,
      attempt: entry.attempts,
      inWindow: this.#window.length,
    });
    let attempt: Promise<unknown>;
    try {
      attempt = entry.send(entry.signal);
    } catch (error) {
      // A send that throws synchronously is treated like one that rejects.
      attempt = Promise.reject(error);
    }
    attempt.then(
      (value) => this.#resolve(entry, value),
      (error: unknown) => this.#failed(entry, error),
    );
  }

  #failed(entry: Entry, error: unknown): void {
    const now = this.#clock.now();
    if (error instanceof RateLimitError) this.#pause(error, now);
    const retryable = error instanceof RateLimitError || (entry.retry && isTransient(error));
    if (!retryable || this.#closed || entry.signal?.aborted || entry.attempts > this.#maxRetries) {
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
        delayMs: Math.max(0, this.#pausedUntil - now),
        error,
      });
      entry.state = 'queued';
      this.#enqueue(entry);
      this.#pump();
      return;
    }
    const delayMs = backoffDelay(entry.attempts - 1, this.#backoff, this.#random);
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

  #pause(error: RateLimitError, now: number): void {
    const seconds = error.retryAfter;
    const ms =
      seconds !== undefined && Number.isFinite(seconds) && seconds >= 0
        ? Math.max(seconds * 1000, MIN_PAUSE_MS)
        : this.#defaultPauseMs;
    const until = now + ms;
    // Several requests in flight may come back 429; the pause only ever grows.
    if (until <= this.#pausedUntil) return;
    this.#pausedUntil = until;
    this.#emit({ type: 'paused', at: now, until, error });
    this.#pump();
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

  #dequeue(): Entry | undefined {
    for (const p of PRIORITIES) {
      const entry = this.#queues.get(p)!.shift();
      if (entry) return entry;
    }
    return undefined;
  }

  /** Drops sends that have left the window `(now - windowMs, now]`. */
  #prune(now: number): void {
    while (this.#window.length > 0 && this.#window[0]! <= now - this.#windowMs)
      this.#window.shift();
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

/** Failures after which an idempotent request may simply be sent again. */
function isTransient(error: unknown): boolean {
  return (
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof ServerError
  );
}

function cancelledError(signal: AbortSignal): CancelledError {
  return new CancelledError('cancelled', 'Cancelled before it was sent.', {
    cause: signal.reason,
  });
}

function closedError(): CancelledError {
  return new CancelledError('cancelled', 'Kiln stopped before this request was sent.');
}
