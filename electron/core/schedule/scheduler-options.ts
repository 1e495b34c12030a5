/**
 * The request scheduler's vocabulary: what it reports ({@link SchedulerEvent}), how it is set
 * up ({@link SchedulerOptions}) and how one request asks to be sent ({@link RunOptions}). Kept
 * apart from the class so the parts and the callers can name them without the machinery.
 */
import type { ApiError, RateLimitError } from '../api/errors';
import type { Clock, Logger } from '../ports';
import type { BudgetMemory } from './budget-window';
import type { Priority } from './priorities';

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

/** Options of `RequestScheduler`. */
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
   * How long past the window's edge a send still counts; default `WINDOW_EDGE_MARGIN_MS` (`budget-window.ts`).
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
  /** Keep the time of every send in `RequestScheduler.history`, not only the current window's. For tests. */
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

/** Options of one `RequestScheduler.run` call. */
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
   * Awaited right before each send leaves (once its budget has written it down): where a paid
   * call records that it may reach the service. A hook that throws fails the send as `send`
   * would.
   *
   * The scheduler is the one layer that fires both hooks of the paid-call protocol, this and
   * {@link onRefused}: it alone knows when a send leaves, when a refusal's pause is on record,
   * and when the request goes again. What they record is `paid-call.ts`'s; the client only
   * passes them on.
   */
  onDispatch?: () => Promise<void>;
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
