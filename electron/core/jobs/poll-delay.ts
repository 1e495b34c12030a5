/**
 * How long to wait before the next poll of a task or job: soon at first, then backing off to a
 * cap ("every few seconds", service-api.md §3.1), just after the expected end, longer after failed
 * polls, and never so often that the pollers together eat more than their share of the rate
 * budget (user actions and downloads need the rest). And which poll matters: the one at a job's
 * expected end (and a lone job's first) goes before downloads, the spaced ones go last
 * ({@link pollOrder}).
 */
import type { Priority } from '../schedule/request-scheduler';

/** Poll timing settings, in milliseconds. */
export interface PollTiming {
  readonly first: number;
  readonly factor: number;
  readonly cap: number;
  /** Cap of the wait after failed polls (connection errors, 5xx). */
  readonly errorCap: number;
  /**
   * Shortest wait before the poll aimed at the expected end; default `first`. Each such poll in a
   * row that finds the job still running doubles it, up to the spacing (the estimate was early,
   * and a job whose progress stalls near 100 % is not asked several times a second).
   */
  readonly near?: number;
}

/** Defaults that stay well inside 60 requests a minute with 5 tasks running. */
export const DEFAULT_POLL_TIMING: PollTiming = {
  first: 1000,
  factor: 1.5,
  cap: 5000,
  errorCap: 30_000,
  near: 250,
};

/** How long after the expected end the poll aimed at it goes: clocks and answers are not exact. */
export const AFTER_END_MS = 50;

/** Share of the request budget all pollers together may use; the rest is for everything else. */
export const POLL_BUDGET_SHARE = 0.5;

/**
 * The share of a duration guessed from earlier tasks (no progress read yet) by which the job's
 * polls are no longer held back as `background` ({@link checkBy}): tasks vary, and a guess that
 * runs out before anyone asked leaves a task that ended sooner unseen until then.
 */
export const GUESS_CHECKED_AT = 0.8;

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
  /** Polls in a row, up to the one just made, aimed at the expected end that found the job running. */
  endMisses?: number;
}>;

/** The next poll: how long to wait, and whether it is aimed at the job's expected end. */
export type NextPoll = Readonly<{ delayMs: number; atEnd: boolean }>;

/**
 * The next poll.
 *
 * - Spacing: `first`, ×`factor` per poll, up to `cap`; after the first poll, never closer than
 *   the pollers' fair share allows when many jobs poll at once (together they stay within
 *   {@link POLL_BUDGET_SHARE} of the budget, so a batch's polls cannot spend the minute at once).
 * - The expected end: when the job should end before the next spaced poll, the poll is made just
 *   after it ({@link AFTER_END_MS}), however soon: at least `near`, doubled for each such poll in
 *   a row that came too early. That poll is the one the user waits for ({@link pollOrder}): a
 *   poller that only asked every second would see the end half a second late on average.
 * - Overdue (an estimate from earlier durations that has run out): backs off gradually, half the
 *   overdue time, from `first` up to the spacing.
 * - After failures: {@link pollDelay}'s error backoff.
 *
 * @example nextPoll({ attempt: 5, failures: 0, remainingMs: 1500 }) // { delayMs: 1550, atEnd: true }
 */
export function nextPoll(ctx: PollContext, timing: PollTiming = DEFAULT_POLL_TIMING): NextPoll {
  if (ctx.failures > 0)
    return { delayMs: pollDelay(ctx.attempt, ctx.failures, timing), atEnd: false };
  const fair =
    ctx.activePollers && ctx.budgetPerMinute
      ? Math.ceil((ctx.activePollers * 60_000) / (ctx.budgetPerMinute * POLL_BUDGET_SHARE))
      : 0;
  const backoff = Math.min(timing.cap, Math.round(timing.first * timing.factor ** ctx.attempt));
  // The first poll comes soon whatever the share: like the start, one request per job.
  const spacing = ctx.attempt === 0 ? backoff : Math.max(backoff, fair);
  const remaining = ctx.remainingMs;
  if (remaining === undefined || !Number.isFinite(remaining)) {
    return { delayMs: spacing, atEnd: false };
  }
  if (remaining <= 0) {
    const overdue = Math.max(timing.first, Math.min(spacing, -remaining / 2));
    return { delayMs: Math.round(overdue), atEnd: false };
  }
  const atEnd = remaining + AFTER_END_MS;
  if (atEnd >= spacing) return { delayMs: spacing, atEnd: false };
  const soonest = Math.min(spacing, (timing.near ?? timing.first) * 2 ** (ctx.endMisses ?? 0));
  return { delayMs: Math.round(Math.max(soonest, atEnd)), atEnd: true };
}

/** How one poll is scheduled (`ApiClient.taskStatus`, repeats of a job URL). */
export type PollOrder = Readonly<{
  /** `poll` first, at the job's expected end or when Kiln cannot tell it; else `background`. */
  priority: Extract<Priority, 'poll' | 'background'>;
  /** When a `background` poll that still waits becomes a `poll`: the job's expected end. */
  promoteAt?: number;
}>;

/**
 * Which poll matters now. The poll made at a job's expected end (or after it), the poll of a job
 * whose end Kiln cannot tell, and the first poll of a job that polls alone are what the user is
 * waiting for: the one at the end sees the job finished, or failed; the first reads the service's
 * progress, on which every later estimate rests (held back in a window that library browsing has
 * half filled, it would leave a job that ends sooner than such jobs did before unseen until its
 * old expected end). They are `poll`s, which the scheduler serves before downloads. The spaced
 * polls between them only keep watch (for a failure the service reports early): they are
 * `background`, which the scheduler lets fill only part of the budget (its `CEILINGS`), so a batch
 * that has just started cannot spend the minute that a job at its end needs — a batch's first
 * polls included. A background poll still waiting a spaced poll (`first`) before the job's
 * expected end becomes a `poll` then.
 *
 * @param endAt when the job is expected to end (clock time), when known ({@link checkBy})
 * @param firstAlone this is the job's first poll, and no other job polls
 * @example pollOrder(now + 40_000, now, false) // { priority: 'background', promoteAt: now + 39_000 }
 */
export function pollOrder(
  endAt: number | undefined,
  now: number,
  firstAlone: boolean,
  timing: PollTiming = DEFAULT_POLL_TIMING,
): PollOrder {
  if (firstAlone || endAt === undefined || !Number.isFinite(endAt)) return { priority: 'poll' };
  const promoteAt = endAt - timing.first;
  return promoteAt > now ? { priority: 'background', promoteAt } : { priority: 'poll' };
}

/** Expected time left of a task; `guessed` when only from how long earlier tasks took. */
export type Remaining = Readonly<{ ms: number; guessed: boolean }>;

/**
 * Expected time left of a task, up to when it has surely ended: from the service's progress
 * (0–100) when it reports one — at the pace it moved since the last read when there is one (a
 * task whose progress jumped, or that waited before it started, is judged by how fast it moves
 * now), else at its average pace since it was accepted — or from how long such tasks took before.
 * The service rounds its progress down, so the task may be up to one percent further from its
 * end than it says: the estimate includes that step (a poll sent a step early finds the task
 * still running, and the next waits longer, see {@link nextPoll}).
 *
 * @example estimateRemaining({ elapsedMs: 3000, progress: 80, since: { ms: 500, progress: 70 } }) // { ms: 1050, guessed: false }
 */
export function estimateRemaining(
  o: Readonly<{
    elapsedMs: number;
    progress?: number | undefined;
    expectedMs?: number | undefined;
    /** The last read before this one: how long ago, and the progress it said. */
    since?: Readonly<{ ms: number; progress: number }> | undefined;
  }>,
): Remaining | undefined {
  const p = o.progress;
  if (p !== undefined && p > 0 && p < 100) {
    const msPerPercent =
      o.since && o.since.ms > 0 && p > o.since.progress
        ? o.since.ms / (p - o.since.progress)
        : o.elapsedMs / p;
    if (msPerPercent > 0) return { ms: (100 - p + 1) * msPerPercent, guessed: false };
  }
  if (o.expectedMs !== undefined) return { ms: o.expectedMs - o.elapsedMs, guessed: true };
  return undefined;
}

/**
 * The instant {@link pollOrder} takes as the job's end: its expected end, or for a guess from
 * earlier durations, the moment {@link GUESS_CHECKED_AT} of that guess has passed.
 */
export function checkBy(now: number, remaining: Remaining | undefined): number | undefined {
  if (remaining === undefined) return undefined;
  return now + (remaining.guessed ? remaining.ms * GUESS_CHECKED_AT : remaining.ms);
}
