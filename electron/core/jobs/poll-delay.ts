/**
 * How long to wait before the next poll of a task or job: soon at first, then backing off to a
 * cap ("every few seconds", service-api.md §3.1), right at the expected end, longer after failed
 * polls, and never so often that the pollers together eat more than their share of the rate
 * budget (user actions and downloads need the rest). And which poll matters: the one at a job's
 * expected end goes before downloads, the spaced ones before it go last ({@link pollOrder}).
 */
import type { Priority } from '../schedule/request-scheduler';

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
 * - Spacing: `first`, ×`factor` per poll, up to `cap`; after the first poll, never closer than
 *   the pollers' fair share allows when many jobs poll at once (together they stay within
 *   {@link POLL_BUDGET_SHARE} of the budget, so a batch's polls cannot spend the minute at once).
 * - The expected end: when the job should end before the next spaced poll, the poll is made
 *   right then (at least `near` from now); once overdue, it backs off gradually (half the overdue
 *   time). That poll is the one the user waits for ({@link pollOrder}).
 * - After failures: {@link pollDelay}'s error backoff.
 *
 * @example nextPollDelay({ attempt: 5, failures: 0, remainingMs: 1500 }) // 1500, not the 5000 cap
 */
export function nextPollDelay(ctx: PollContext, timing: PollTiming = DEFAULT_POLL_TIMING): number {
  if (ctx.failures > 0) return pollDelay(ctx.attempt, ctx.failures, timing);
  const fair =
    ctx.activePollers && ctx.budgetPerMinute
      ? Math.ceil((ctx.activePollers * 60_000) / (ctx.budgetPerMinute * POLL_BUDGET_SHARE))
      : 0;
  const backoff = Math.min(timing.cap, Math.round(timing.first * timing.factor ** ctx.attempt));
  // The first poll comes soon whatever the share: like the start, one request per job.
  const spacing = ctx.attempt === 0 ? backoff : Math.max(backoff, fair);
  if (ctx.remainingMs === undefined || !Number.isFinite(ctx.remainingMs)) return spacing;
  const atEnd = ctx.remainingMs > 0 ? ctx.remainingMs : -ctx.remainingMs / 2;
  return Math.round(Math.max(timing.near ?? timing.first, Math.min(spacing, atEnd)));
}

/** How one poll is scheduled (`ApiClient.taskStatus`, repeats of a job URL). */
export type PollOrder = Readonly<{
  /** `poll` at the job's expected end (or when Kiln cannot tell it), else `background`. */
  priority: Extract<Priority, 'poll' | 'background'>;
  /** When a `background` poll that still waits becomes a `poll`: the job's expected end. */
  promoteAt?: number;
}>;

/**
 * Which poll matters now. The poll made at a job's expected end (or after it), and the poll of a
 * job whose end Kiln cannot tell, are what the user is waiting for: the job finished, or failed.
 * They are `poll`s, which the scheduler serves before downloads. The spaced polls of a job still
 * far from its end only keep watch (for a failure the service reports early): they are
 * `background`, which the scheduler lets fill only part of the budget (its `CEILINGS`), so a batch
 * that has just started cannot spend the minute that a job at its end needs. A background poll
 * still waiting at the job's expected end becomes a `poll` then.
 *
 * @param endAt when the job is expected to end (clock time), when known
 * @example pollOrder(now + 40_000, now) // { priority: 'background', promoteAt: now + 40_000 }
 */
export function pollOrder(
  endAt: number | undefined,
  now: number,
  timing: PollTiming = DEFAULT_POLL_TIMING,
): PollOrder {
  if (endAt === undefined || !Number.isFinite(endAt)) return { priority: 'poll' };
  const promoteAt = endAt - (timing.near ?? timing.first);
  return promoteAt > now ? { priority: 'background', promoteAt } : { priority: 'poll' };
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
