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
 * - **Pace** (option `paceBurst`). Downloads and polls of jobs far from their end keep the budget's
 *   pace (one per `windowMs / budget` on average, in bursts of at most `paceBurst`): without it, a
 *   batch's polls and downloads could fill the whole window in seconds, and then nothing at all, not
 *   even the poll that would show a job failed, could be sent until the window rolled on a minute
 *   later. The user's requests and a poll at a job's end are not held (that poll, behind a batch's
 *   downloads, waited seconds for a token), but take their token: what follows waits its turn.
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
 *
 * The parts, each with its own tests: the windows, pace and what is kept across restarts
 * (`budget-window.ts`), the 429 pause (`pause.ts`), the priorities, headroom and idle reserve
 * (`priorities.ts`). This class composes them with the queue, the sends and the retries.
 */
import type { Clock, Logger } from '../ports';
import { CancelledError, notActedOn, RateLimitError, type ApiError } from '../api/errors';
import { nextStep } from './retry-policy';
import type { RunOptions, SchedulerEvent, SchedulerOptions } from './scheduler-options';
import { BudgetWindows, type Bucket, type BudgetMemory } from './budget-window';
import { endDuePauses, extendPause, latestPauseEnd, nextPauseEnd, pauseLength } from './pause';
import {
  allowedInWindow,
  goesBefore,
  heldByPace,
  idleLimits,
  PRIORITIES,
  PriorityQueues,
  RaisablePriority,
  usesPace,
  type IdleLimits,
  type Priority,
} from './priorities';

export {
  WINDOW_EDGE_MARGIN_MS,
  type BudgetMemory,
  type BudgetRecord,
  type BudgetSnapshot,
} from './budget-window';
export { CEILINGS, PRIORITIES, RaisablePriority, type Priority } from './priorities';
export type { RunOptions, SchedulerEvent, SchedulerOptions } from './scheduler-options';

type State = 'queued' | 'in-flight' | 'backing-off' | 'done';

interface Entry {
  readonly seq: number;
  priority: Priority;
  /** When and where it moves while it waits ({@link RunOptions.promote}). */
  promote: Readonly<{ at: number; to: Priority }> | undefined;
  readonly budget: () => string;
  readonly onDispatch: (() => Promise<void>) | undefined;
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
  /** Stops following the caller's {@link RaisablePriority}. */
  stopRaise?: () => void;
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
  /** Every budget's window and pace. */
  readonly #budgets: BudgetWindows;
  /** How much of a window `idle` requests may fill. */
  readonly #idle: IdleLimits;
  readonly #random: () => number;
  readonly #maxRetries: number;
  readonly #backoff: Readonly<{ baseMs: number; capMs: number }>;
  readonly #defaultPauseMs: number;
  readonly #keepHistory: boolean;
  readonly #onEvent: ((event: SchedulerEvent) => void) | undefined;
  readonly #memory: BudgetMemory | undefined;
  readonly #logger: Logger | undefined;

  /** Waiting requests per priority, each list in order of arrival (`seq`). */
  readonly #queues = new PriorityQueues<Entry>();
  /** Requests waiting out a backoff; kept so `close` can reject them. */
  readonly #backingOff = new Set<Entry>();
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
    this.#budgets = new BudgetWindows({
      budget: options.budget ?? 55,
      windowMs: options.windowMs ?? 60_000,
      ...(options.edgeMarginMs !== undefined ? { edgeMarginMs: options.edgeMarginMs } : {}),
      ...(options.paceBurst !== undefined ? { paceBurst: options.paceBurst } : {}),
      ...(options.memory ? { restored: options.memory.restored } : {}),
    });
    this.#clock = options.clock;
    this.#idle = idleLimits(this.#budgets.size, options.idleReserve, options.actionReserve);
    this.#random = options.random ?? Math.random;
    this.#maxRetries = Math.max(0, options.maxRetries ?? 4);
    this.#backoff = { baseMs: options.baseBackoffMs ?? 500, capMs: options.maxBackoffMs ?? 30_000 };
    this.#defaultPauseMs = options.defaultPauseMs ?? 5000;
    this.#keepHistory = options.keepHistory ?? false;
    this.#onEvent = options.onEvent;
    this.#memory = options.memory;
    this.#logger = options.logger;
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
    priority: Priority | RaisablePriority,
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
        priority: typeof priority === 'string' ? priority : priority.current,
        promote: opts.promote,
        budget: opts.budget ?? ONE_BUDGET,
        onDispatch: opts.onDispatch,
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
      if (typeof priority !== 'string') {
        entry.stopRaise = priority.onRaise((to) => this.#raise(entry, to));
      }
      this.#queues.add(entry);
      this.#pump();
    });
  }

  /** Requests sent in the current window of `budget`, or of every budget together. */
  sentInWindow(budget?: string): number {
    return this.#budgets.sentInWindow(this.#clock.now(), budget);
  }

  /**
   * Times of sends, oldest first: all of them with `keepHistory`, else those still in the
   * windows (so a long-running app does not grow it without bound).
   */
  get history(): readonly number[] {
    if (this.#keepHistory) return this.#allSends.slice();
    return this.#budgets.history(this.#clock.now());
  }

  /** Requests waiting to be sent (queued or backing off). */
  get pending(): number {
    return this.#backingOff.size + this.#queues.size;
  }

  /**
   * When the latest 429 pause of any budget ends, or undefined when none is paused (for
   * "resuming in 7 s").
   */
  get pausedUntil(): number | undefined {
    return latestPauseEnd(this.#budgets.all(), this.#clock.now());
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
    for (const entry of this.#queues.drain()) this.#reject(entry, error);
  }

  /** Sends whatever the budgets and pauses allow, then sets the one timer for the rest. */
  #pump(): void {
    if (this.#closed) return;
    const now = this.#clock.now();
    for (const name of endDuePauses(this.#budgets.entries(), now)) {
      this.#emit({ type: 'resumed', at: now, budget: name });
    }
    let wake = this.#queues.promoteDue(now);
    /** Budgets in which a request other than an `idle` one still waits once its turn is over. */
    const busy = new Set<string>();
    for (const entry of this.#backingOff) if (entry.priority !== 'idle') busy.add(entry.budget());
    for (const p of PRIORITIES) {
      const q = this.#queues.of(p);
      for (let i = 0; i < q.length;) {
        const entry = q[i]!;
        const name = entry.budget();
        const bucket = this.#budgets.bucket(name);
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
    wake = Math.min(wake, nextPauseEnd(this.#budgets.all(), now));
    if (wake === Number.POSITIVE_INFINITY) this.#clearWake();
    else this.#arm(wake);
  }

  /**
   * When the budget lets its next request of `priority` go: now, the end of its pause, or when
   * enough sends have left the window to bring it under the priority's ceiling. An `idle` request
   * may only use the share above `idleReserve` while another request of its budget waits
   * (`busy`), else all but `actionReserve`, each less the user's own sends in the window; it is
   * not held by the pace.
   */
  #openAt(bucket: Bucket, now: number, priority: Priority, busy: boolean): number {
    if (bucket.pausedUntil > now) return bucket.pausedUntil;
    const user = priority === 'idle' ? this.#budgets.userSends(bucket, now) : [];
    const allowed = allowedInWindow(priority, this.#budgets.size, this.#idle, busy, user.length);
    const open = this.#budgets.openAt(bucket, now, allowed, heldByPace(priority));
    // The user's oldest send leaving the window frees a slot of the idle share too.
    return user.length > 0 ? Math.min(open, this.#budgets.leavesAt(user[0]!)) : open;
  }

  #dispatch(entry: Entry, name: string, bucket: Bucket, now: number): void {
    // Written down before it goes out (with a memory): a restart, even a crash loop, counts it.
    const inWindow = this.#budgets.take(
      bucket,
      now,
      usesPace(entry.priority),
      !!this.#memory,
      entry.priority === 'user',
    );
    if (this.#keepHistory) this.#allSends.push(now);
    entry.state = 'in-flight';
    entry.attempts += 1;
    this.#emit({
      type: 'sent',
      at: now,
      priority: entry.priority,
      attempt: entry.attempts,
      inWindow,
      budget: name,
    });
    if (!this.#memory) {
      this.#send(entry);
      return;
    }
    void this.#remember().then(() => {
      const leaving = !this.#closed && !entry.signal?.aborted;
      this.#budgets.left(bucket, now, leaving ? this.#clock.now() : undefined);
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
      const signal = entry.priority === 'idle' ? undefined : entry.signal;
      const { onDispatch, send } = entry;
      attempt = onDispatch ? onDispatch().then(() => send(signal)) : send(signal);
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

  /** Writes the budgets; a write that fails is logged once and does not stop the request. */
  #remember(): Promise<void> {
    return this.#memory!.save(() => this.#budgets.snapshot(this.#clock.now())).catch(
      (error: unknown) => {
        if (this.#unwritable) return;
        this.#unwritable = true;
        this.#logger?.warn('the request budget could not be written', { error: String(error) });
      },
    );
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

  /** Retries a failed send where that is safe, or rejects it (see `retry-policy.ts`). */
  #afterFailure(entry: Entry, error: unknown): void {
    const step = nextStep(
      {
        retry: entry.retry,
        attempts: entry.attempts,
        resent: entry.resent,
        aborted: !!entry.signal?.aborted,
      },
      error,
      {
        maxRetries: this.#maxRetries,
        backoff: this.#backoff,
        random: this.#random,
        closed: this.#closed,
      },
    );
    const now = this.#clock.now();
    switch (step.kind) {
      case 'cancelled':
        this.#reject(entry, cancelledError(entry.signal!));
        return;
      case 'give-up':
        this.#reject(entry, error);
        return;
      case 'resend-now':
        // Back in line at its old place, at once; it goes when its budget allows, and counts.
        entry.resent = true;
        this.#requeue(entry, 0, error);
        return;
      case 'after-pause':
        // Back in line at its old place; the pause holds it until the service is ready.
        this.#requeue(
          entry,
          Math.max(0, this.#budgets.bucket(entry.budget()).pausedUntil - now),
          error,
        );
        return;
      case 'after-backoff':
        this.#backOff(entry, step.delayMs, error);
    }
  }

  /** Puts a failed request back in line at its old place; it waits `delayMs` there (reported). */
  #requeue(entry: Entry, delayMs: number, error: unknown): void {
    this.#emitRetry(entry, delayMs, error);
    entry.state = 'queued';
    this.#queues.add(entry);
    this.#pump();
  }

  /** Puts a failed request back in line after `delayMs`. */
  #backOff(entry: Entry, delayMs: number, error: unknown): void {
    this.#emitRetry(entry, delayMs, error);
    entry.state = 'backing-off';
    this.#backingOff.add(entry);
    entry.backoffTimer = this.#clock.setTimeout(() => {
      this.#backingOff.delete(entry);
      entry.backoffTimer = undefined;
      if (entry.state !== 'backing-off') return;
      entry.state = 'queued';
      this.#queues.add(entry);
      this.#pump();
    }, delayMs);
  }

  #emitRetry(entry: Entry, delayMs: number, error: unknown): void {
    const at = this.#clock.now();
    this.#emit({
      type: 'retry',
      at,
      priority: entry.priority,
      attempt: entry.attempts,
      delayMs,
      error,
    });
  }

  /**
   * Pauses the budget of the refused request (the service counts per key); resolves once the
   * pause is on disk (at once without a memory, or when a longer pause was already there).
   */
  #pause(entry: Entry, error: RateLimitError, now: number): Promise<void> | undefined {
    const until = now + pauseLength(error, this.#defaultPauseMs);
    const name = entry.budget();
    // Several requests in flight may come back 429; the pause only ever grows.
    if (!extendPause(this.#budgets.bucket(name), until)) return undefined;
    this.#emit({ type: 'paused', at: now, until, error, budget: name });
    const written = this.#memory ? this.#remember() : undefined;
    this.#pump();
    return written;
  }

  /** Moves a request whose caller raised its priority; a retry later goes at the new one too. */
  #raise(entry: Entry, to: Priority): void {
    if (entry.promote && !goesBefore(entry.promote.to, to)) entry.promote = undefined;
    if (entry.state !== 'queued') {
      entry.priority = to;
      return;
    }
    this.#queues.remove(entry);
    entry.priority = to;
    this.#queues.add(entry);
    this.#pump();
  }

  #cancel(entry: Entry): void {
    // In flight, `send` has the signal and decides; settled entries need nothing.
    if (entry.state === 'queued') {
      this.#queues.remove(entry);
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
    entry.stopRaise?.();
    return true;
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

function cancelledError(signal: AbortSignal): CancelledError {
  return new CancelledError('cancelled', 'Cancelled before it was sent.', {
    cause: signal.reason,
  });
}

function closedError(): CancelledError {
  return new CancelledError('cancelled', 'Kiln stopped before this request was sent.');
}
