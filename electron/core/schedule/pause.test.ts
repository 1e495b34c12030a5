/** The 429 pause of a budget. */
import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../api/errors';
import {
  endDuePauses,
  extendPause,
  latestPauseEnd,
  MIN_PAUSE_MS,
  nextPauseEnd,
  pauseLength,
  type Pausable,
} from './pause';

const refusal = (retryAfter?: number) =>
  new RateLimitError('rate_limited', 'Too many requests.', {
    status: 429,
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  });

describe('pause length', () => {
  it("takes the service's retry_after, never less than the minimum", () => {
    expect(pauseLength(refusal(7), 5000)).toBe(7000);
    expect(pauseLength(refusal(0), 5000)).toBe(MIN_PAUSE_MS);
  });

  it('falls back to the default when the service does not say, or says nonsense', () => {
    expect(pauseLength(refusal(), 5000)).toBe(5000);
    expect(pauseLength(refusal(-1), 5000)).toBe(5000);
    expect(pauseLength(refusal(Number.NaN), 5000)).toBe(5000);
  });
});

describe('a pause over time', () => {
  it('only ever grows while several refusals come back', () => {
    const budget: Pausable = { pausedUntil: 0 };
    expect(extendPause(budget, 5000)).toBe(true);
    expect(extendPause(budget, 3000)).toBe(false);
    expect(extendPause(budget, 5000)).toBe(false);
    expect(budget.pausedUntil).toBe(5000);
  });

  it('ends when its time comes, and says which budgets resumed', () => {
    const a: Pausable = { pausedUntil: 1000 };
    const b: Pausable = { pausedUntil: 3000 };
    const c: Pausable = { pausedUntil: 0 };
    const all: [string, Pausable][] = [
      ['a', a],
      ['b', b],
      ['c', c],
    ];
    expect(nextPauseEnd([a, b, c], 0)).toBe(1000);
    expect(latestPauseEnd([a, b, c], 0)).toBe(3000);
    expect(endDuePauses(all, 999)).toEqual([]);
    expect(endDuePauses(all, 1000)).toEqual(['a']);
    expect(a.pausedUntil).toBe(0);
    expect(nextPauseEnd([a, b, c], 1000)).toBe(3000);
    expect(endDuePauses(all, 5000)).toEqual(['b']);
    expect(latestPauseEnd([a, b, c], 5000)).toBeUndefined();
    expect(nextPauseEnd([a, b, c], 5000)).toBe(Number.POSITIVE_INFINITY);
  });
});
