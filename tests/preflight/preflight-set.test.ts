import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';

describe('the photo preflight on its labelled test set', () => {
  it('flags at least 90 % of degraded photos with the right reason and at most 10 % of good ones', async () => {
    const scores = await evaluate();
    const missed = scores.outcomes.filter(
      (o) => o.sample.expect.length && !o.sample.expect.some((k) => o.got.includes(k)),
    );
    const { degradedCaught: caught, goodFlagged: good } = scores;
    expect(caught.of).toBeGreaterThanOrEqual(80);
    expect(
      caught.hit / caught.of,
      `missed: ${missed.map((o) => o.sample.name).join(', ')}`,
    ).toBeGreaterThanOrEqual(0.9);
    expect(good.hit / good.of).toBeLessThanOrEqual(0.1);
    // Every warning the set exercises is found more often than not, and is right more often than not.
    for (const w of scores.perWarning) {
      if (w.tp + w.fn === 0) continue;
      expect(w.tp / (w.tp + w.fn), `${w.kind} recall`).toBeGreaterThan(0.5);
      expect(w.tp / (w.tp + w.fp), `${w.kind} precision`).toBeGreaterThan(0.5);
    }
  }, 240_000);
});
