/**
 * How long to wait before the next poll of a task: soon at first, then backing off to a cap
 * ("every few seconds", service-api.md §3.1), and longer after failed polls.
 */

/** Poll timing settings, in milliseconds. */
export interface PollTiming {
  readonly first: number;
  readonly factor: number;
  readonly cap: number;
  /** Cap of the wait after failed polls (connection errors, 5xx). */
  readonly errorCap: number;
}

/** Defaults that stay well inside 60 requests a minute with 5 tasks running. */
export const DEFAULT_POLL_TIMING: PollTiming = {
  first: 1000,
  factor: 1.5,
  cap: 5000,
  errorCap: 30_000,
};

/** Delay before poll number `attempt` (0-based) after `failures` consecutive failed polls. */
export function pollDelay(
  attempt: number,
  failures: number,
  timing: PollTiming = DEFAULT_POLL_TIMING,
): number {
  if (failures > 0) return Math.min(timing.errorCap, timing.cap * 2 ** (failures - 1));
  return Math.min(timing.cap, Math.round(timing.first * timing.factor ** attempt));
}
