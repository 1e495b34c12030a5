/**
 * Work that waits for an idle moment of the page and for a good time: tried at idle, and again
 * at a later idle moment for as long as it answers "not now".
 */

/** How the page waits (the browser's idle callbacks and timers; fakes in tests). */
export interface IdleWaits {
  /** Calls `run` when the page is idle, or after `timeoutMs` at the latest. Returns a cancel. */
  idle(run: () => void, timeoutMs: number): () => void;
  /** Calls `run` after `ms`. Returns a cancel. */
  after(run: () => void, ms: number): () => void;
}

/** The browser's waits; without `requestIdleCallback` (Safari), a short timer stands in. */
export const browserWaits: IdleWaits = {
  idle(run, timeoutMs) {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(run, { timeout: timeoutMs });
      return () => cancelIdleCallback(handle);
    }
    return browserWaits.after(run, Math.min(timeoutMs, 200));
  },
  after(run, ms) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/** Options of {@link attemptWhenIdle}. */
export interface IdleAttemptOptions {
  /** Wait this long between an attempt that answered "not now" and the next idle wait. */
  readonly retryMs?: number;
  /** The longest wait for an idle moment before trying anyway. */
  readonly idleTimeoutMs?: number;
  readonly waits?: IdleWaits;
}

/**
 * Calls `attempt` at the page's next idle moment. While it returns false (not now), calls it
 * again at an idle moment `retryMs` later. Returns a function that cancels what is pending.
 *
 * @example
 * ```ts
 * const cancel = attemptWhenIdle(() => !busy() && (start(), true));
 * ```
 */
export function attemptWhenIdle(
  attempt: () => boolean,
  { retryMs = 250, idleTimeoutMs = 2000, waits = browserWaits }: IdleAttemptOptions = {},
): () => void {
  let cancel = waits.idle(function run() {
    if (attempt()) return;
    cancel = waits.after(() => (cancel = waits.idle(run, idleTimeoutMs)), retryMs);
  }, idleTimeoutMs);
  return () => cancel();
}
