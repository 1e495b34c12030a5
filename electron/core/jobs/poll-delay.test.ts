/**
 * Poll timing: soon at first, backing off to a cap, faster near the expected end, slower after
 * failures and when many jobs poll at once.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLL_TIMING, estimateRemaining, nextPollDelay, pollOrder } from './poll-delay';

describe('nextPollDelay', () => {
  it('polls soon first, then backs off to the cap', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6].map((attempt) => nextPollDelay({ attempt, failures: 0 }));
    expect(delays[0]).toBe(DEFAULT_POLL_TIMING.first);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(delays.at(-1)).toBe(DEFAULT_POLL_TIMING.cap);
  });

  it('polls faster near the expected end, and backs off again once overdue', () => {
    expect(nextPollDelay({ attempt: 10, failures: 0, remainingMs: 1500 })).toBe(1500);
    expect(nextPollDelay({ attempt: 10, failures: 0, remainingMs: 200 })).toBe(1000);
    expect(nextPollDelay({ attempt: 10, failures: 0, remainingMs: -4000 })).toBe(2000);
    expect(nextPollDelay({ attempt: 10, failures: 0, remainingMs: -60_000 })).toBe(5000);
    expect(nextPollDelay({ attempt: 10, failures: 0, remainingMs: 60_000 })).toBe(5000);
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
    expect(nextPollDelay({ attempt: 1, failures: 0, remainingMs: 3000, ...batch })).toBe(3000);
  });

  it('makes the poll at the expected end a poll, the spaced ones before it background', () => {
    expect(pollOrder(undefined, 0)).toEqual({ priority: 'poll' });
    expect(pollOrder(40_000, 0)).toEqual({ priority: 'background', promoteAt: 39_000 });
    expect(pollOrder(500, 0)).toEqual({ priority: 'poll' });
    expect(pollOrder(-5000, 0)).toEqual({ priority: 'poll' });
  });
});

describe('estimateRemaining', () => {
  it('uses the reported progress first, then earlier durations', () => {
    expect(estimateRemaining({ elapsedMs: 10_000, progress: 25 })).toBe(30_000);
    expect(estimateRemaining({ elapsedMs: 10_000, expectedMs: 12_000 })).toBe(2000);
    expect(estimateRemaining({ elapsedMs: 10_000 })).toBeUndefined();
  });
});
