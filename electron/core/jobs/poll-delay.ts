/**
 * How long to wait before the next poll of a task or job: soon at first, then backing off to a
 * cap ("every few seconds", service-api.md §3.1), faster again near the expected end, longer after
 * failed polls, and never so often that the pollers together eat more than their share of the
 * rate budget (user actions and downloads need the rest).
 */

/** Poll timing settings, in milliseconds. */
export interface PollTiming {
  readonly first: number;
  readonly factor: number;
  readonly cap: number;
  /** Cap of the wait after failed polls (connection errors, 5xx). */
  readonly errorCap: number;
  /** Shortest wait near the expected end; default `first`. */
  readonly near?: number;
}

/** Defaults that stay well inside 60 requests a minute with 5 tasks running. */
export const DEFAULT_POLL_TIMING: PollTiming = {
  first: 1000,
  factor: 1.5,
  cap: 5000,
  errorCap: 30_000,
  near: 1000,
};

/** Share of the request budget all pollers together may use; the rest is for everything else. */
export const POLL_BUDGET_SHARE = 0.5;

/** Delay before poll number `attempt` (0-based) after `failures` consecutive failed polls. */
export function pollDelay(
  attempt: number,
  failures: number,
  timing: PollTiming = DEFAULT_POLL_TIMING,
): number {
  if (failures > 0) return Math.min(timing.errorCap, timing.cap * 2 ** (failures - 1));
  return Math.min(timing.cap, Math.round(timing.first * timing.factor ** attempt));
}

/** What the next poll's delay depends on. */
export type PollContext = Readonly<{
  attempt: number;
  failures: number;
  /** Expected time left (negative when overdue), when known. */
  remainingMs?: number | undefined;
  /** Jobs polling now, this one included. */
  activePollers?: number;
  /** Requests a minute the scheduler allows. */
  budgetPerMinute?: number;
}>;

/**
 * The delay before the next poll.
 *
 * - Backoff: `first`, ×`factor` per poll, up to `cap` (the cap grows when many jobs poll at once,
 *   so that together they stay within {@link POLL_BUDGET_SHARE} of the budget).
 * - Near the end: when the expected time left is shorter than the backoff, wait just that long
 *   (at least `near`); once overdue, back off again gradually (half the overdue time).
 * - After failures: {@link pollDelay}'s error backoff.
 *
 * @example nextPollDelay({ attempt: 5, failures: 0, remainingMs: 1500 }) // 1500, not the 5000 cap
 */
export function nextPollDelay(ctx: PollContext, timing: PollTiming = DEFAULT_POLL_TIMING): number {
  if (ctx.failures > 0) return pollDelay(ctx.attempt, ctx.failures, timing);
  const fairCap =
    ctx.activePollers && ctx.budgetPerMinute
      ? Math.ceil((ctx.activePollers * 60_000) / (ctx.budgetPerMinute * POLL_BUDGET_SHARE))
      : 0;
  const cap = Math.max(timing.cap, fairCap);
  const backoff = Math.min(cap, Math.round(timing.first * timing.factor ** ctx.attempt));
  if (ctx.remainingMs === undefined || !Number.isFinite(ctx.remainingMs)) return backoff;
  const near = Math.max(timing.near ?? timing.first, fairCap ? Math.min(fairCap, cap) / 4 : 0);
  const wanted = ctx.remainingMs > 0 ? ctx.remainingMs : -ctx.remainingMs / 2;
  return Math.round(Math.min(backoff, Math.max(near, wanted)));
}

/**
 * Expected time left of a task: from the service's progress (0–100) when it reports one,
 * else from how long such tasks took before.
 */
export function estimateRemaining(
  o: Readonly<{
    elapsedMs: number;
    progress?: number | undefined;
    expectedMs?: number | undefined;
  }>,
): number | undefined {
  if (o.progress !== undefined && o.progress > 0 && o.progress < 100 && o.elapsedMs > 0) {
    return (o.elapsedMs * (100 - o.progress)) / o.progress;
  }
  if (o.expectedMs !== undefined) return o.expectedMs - o.elapsedMs;
  return undefined;
}
