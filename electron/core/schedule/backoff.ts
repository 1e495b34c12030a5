/**
 * Delay before retrying a failed request: exponential backoff with "full jitter" (a uniformly
 * random delay between 0 and the exponential bound). Jitter matters because several of Kiln's
 * requests tend to fail together (the connection dropped, the service restarted); without it they
 * would all come back at the same instant and fail together again.
 */

/** Settings of {@link backoffDelay}, in milliseconds. */
export type BackoffTiming = Readonly<{
  /** Upper bound of the first retry's delay; each later retry doubles it. */
  baseMs: number;
  /** No retry waits longer than this, however many came before. */
  capMs: number;
}>;

/**
 * Delay before retry number `retryIndex` (0 for the first retry).
 * @param random a source of numbers in [0, 1), injected so tests get exact delays
 * @returns a whole number of milliseconds in [0, min(capMs, baseMs * 2^retryIndex))
 * @example
 * ```ts
 * backoffDelay(2, { baseMs: 500, capMs: 30_000 }, () => 0.5); // 1000
 * ```
 */
export function backoffDelay(
  retryIndex: number,
  timing: BackoffTiming,
  random: () => number,
): number {
  const bound = Math.min(timing.capMs, timing.baseMs * 2 ** Math.max(0, retryIndex));
  // Clamp the random value: a misbehaving source must not yield a negative or over-cap wait.
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.min(Math.floor(r * bound), timing.capMs);
}
