/**
 * Poll timing: soon at first, backing off to a cap, faster near the expected end, slower after
 * failures and when many jobs poll at once.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLL_TIMING, estimateRemaining, nextPollDelay } from './poll-delay';

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

describe('estimateRemaining', () => {
  it('uses the reported progress first, then earlier durations', () => {
    expect(estimateRemaining({ elapsedMs: 10_000, progress: 25 })).toBe(30_000);
    expect(estimateRemaining({ elapsedMs: 10_000, expectedMs: 12_000 })).toBe(2000);
    expect(estimateRemaining({ elapsedMs: 10_000 })).toBeUndefined();
  });
});
