/**
 * Poll timing: soon at first, backing off to a cap, faster near the expected end, slower after
 * failures and when many jobs poll at once.
 */
import { describe, expect, it } from 'vitest';
import {
  AFTER_END_MS,
  checkBy,
  DEFAULT_POLL_TIMING,
  estimateRemaining,
  nextPoll,
  pollOrder,
  type PollContext,
} from './poll-delay';

const nextPollDelay = (ctx: PollContext): number => nextPoll(ctx).delayMs;

describe('nextPollDelay', () => {
  it('polls soon first, then backs off to the cap', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6].map((attempt) => nextPollDelay({ attempt, failures: 0 }));
    expect(delays[0]).toBe(DEFAULT_POLL_TIMING.first);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(delays.at(-1)).toBe(DEFAULT_POLL_TIMING.cap);
  });

  it('polls just after the expected end, and backs off again once overdue', () => {
    expect(nextPoll({ attempt: 10, failures: 0, remainingMs: 1500 })).toEqual({
      delayMs: 1500 + AFTER_END_MS,
      atEnd: true,
    });
    // However soon the end: a poller that asked every second would see it late.
    expect(nextPollDelay({ attempt: 10, failures: 0, remainingMs: 400 })).toBe(400 + AFTER_END_MS);
    expect(nextPollDelay({ attempt: 10, failures: 0, remainingMs: 20 })).toBe(
      DEFAULT_POLL_TIMING.near,
    );
    expect(nextPollDelay({ attempt: 10, failures: 0, remainingMs: -4000 })).toBe(2000);
    expect(nextPollDelay({ attempt: 10, failures: 0, remainingMs: -60_000 })).toBe(5000);
    expect(nextPoll({ attempt: 10, failures: 0, remainingMs: 60_000 })).toEqual({
      delayMs: 5000,
      atEnd: false,
    });
  });

  it('waits twice as long each time a poll at the end came too early, up to the spacing', () => {
    // A job whose progress stalls at 99 % would otherwise be asked several times a second.
    const stalled = { attempt: 10, failures: 0, remainingMs: 100 } as const;
    const delays = [0, 1, 2, 3, 4, 5, 6].map((endMisses) =>
      nextPollDelay({ ...stalled, endMisses }),
    );
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
  });

  it('waits longer after failed polls', () => {
    expect(nextPollDelay({ attempt: 3, failures: 1 })).toBe(5000);
    expect(nextPollDelay({ attempt: 3, failures: 3 })).toBe(20_000);
    expect(nextPollDelay({ attempt: 3, failures: 9 })).toBe(30_000);
  });

  it('keeps many pollers within half the rate budget', () => {
    // 20 jobs polling with 55 requests a minute: each polls at most every ~44 s once backed off.
    const delay = nextPollDelay({
      attempt: 20,
      failures: 0,
      activePollers: 20,
      budgetPerMinute: 55,
    });
    expect(delay).toBeGreaterThanOrEqual(Math.ceil((20 * 60_000) / (55 * 0.5)));
    expect((20 * 60_000) / delay).toBeLessThanOrEqual(55 * 0.5);
  });
});

describe('a batch and the poll the user waits for', () => {
  const batch = { activePollers: 5, budgetPerMinute: 55 } as const;

  it('spaces a batch’s polls by the pollers’ share after the first, but polls at the expected end', () => {
    // The first poll comes soon, like the start: one request per job.
    expect(nextPollDelay({ attempt: 0, failures: 0, ...batch })).toBe(1000);
    // Then five jobs share half of 55 a minute: each at most every ~11 s while far from its end…
    const fair = Math.ceil((5 * 60_000) / (55 * 0.5));
    expect(nextPollDelay({ attempt: 1, failures: 0, remainingMs: 40_000, ...batch })).toBe(fair);
    // …and right at its expected end, however short that is.
    expect(nextPollDelay({ attempt: 1, failures: 0, remainingMs: 3000, ...batch })).toBe(
      3000 + AFTER_END_MS,
    );
  });

  it('makes the poll at the expected end a poll, the spaced ones before it background', () => {
    expect(pollOrder(undefined, 0, false)).toEqual({ priority: 'poll' });
    expect(pollOrder(40_000, 0, false)).toEqual({ priority: 'background', promoteAt: 39_000 });
    expect(pollOrder(500, 0, false)).toEqual({ priority: 'poll' });
    expect(pollOrder(-5000, 0, false)).toEqual({ priority: 'poll' });
    // A lone job's first poll reads the progress every later estimate rests on.
    expect(pollOrder(40_000, 0, true)).toEqual({ priority: 'poll' });
  });
});

describe('estimateRemaining', () => {
  it('uses the reported progress first, then earlier durations', () => {
    // A quarter done in 10 s: 30 s more, and one percent (0.4 s) as the progress is rounded down.
    expect(estimateRemaining({ elapsedMs: 10_000, progress: 25 })).toEqual({
      ms: 30_400,
      guessed: false,
    });
    // At the pace since the last read: this task's progress jumped (or it waited before starting).
    const since = { ms: 500, progress: 70 };
    expect(estimateRemaining({ elapsedMs: 3000, progress: 80, since })?.ms).toBe(1050);
    // A stalled progress says nothing of the pace: the average since the start is all there is.
    expect(
      estimateRemaining({ elapsedMs: 4000, progress: 80, since: { ms: 500, progress: 80 } })?.ms,
    ).toBe(1050);
    expect(estimateRemaining({ elapsedMs: 10_000, expectedMs: 12_000 })).toEqual({
      ms: 2000,
      guessed: true,
    });
    expect(estimateRemaining({ elapsedMs: 10_000 })).toBeUndefined();
  });

  it('checks a guess from earlier durations before it runs out, a progress at the end', () => {
    expect(checkBy(1000, { ms: 10_000, guessed: false })).toBe(11_000);
    expect(checkBy(1000, { ms: 10_000, guessed: true })).toBe(9000);
    expect(checkBy(1000, undefined)).toBeUndefined();
  });
});
