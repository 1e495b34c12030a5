/** A budget's rolling window, its pace, its pending sends and what is kept across restarts. */
import { describe, expect, it } from 'vitest';
import { BudgetWindows, WINDOW_EDGE_MARGIN_MS } from './budget-window';

describe('BudgetWindows', () => {
  it('refuses a budget that is not a positive whole number, or an empty window', () => {
    expect(() => new BudgetWindows({ budget: 0, windowMs: 1000 })).toThrow(RangeError);
    expect(() => new BudgetWindows({ budget: 1.5, windowMs: 1000 })).toThrow(RangeError);
    expect(() => new BudgetWindows({ budget: 1, windowMs: 0 })).toThrow(RangeError);
  });

  it('opens when the oldest send is a window and the margin old, not only a window', () => {
    const windows = new BudgetWindows({ budget: 2, windowMs: 60_000 });
    const b = windows.bucket('k');
    windows.take(b, 0, false, false);
    windows.take(b, 10, false, false);
    expect(windows.openAt(b, 20, 2, false)).toBe(60_000 + WINDOW_EDGE_MARGIN_MS);
    expect(windows.openAt(b, 20, 3, false)).toBe(20);
    expect(windows.sentInWindow(60_000 + WINDOW_EDGE_MARGIN_MS, 'k')).toBe(1);
  });

  it('keeps one window per budget: one key does not block another', () => {
    const windows = new BudgetWindows({ budget: 1, windowMs: 1000, edgeMarginMs: 0 });
    windows.take(windows.bucket('a'), 0, false, false);
    expect(windows.openAt(windows.bucket('a'), 0, 1, false)).toBe(1000);
    expect(windows.openAt(windows.bucket('b'), 0, 1, false)).toBe(0);
    expect(windows.sentInWindow(0)).toBe(1);
  });

  it('keeps the pace: a burst, then one send per window / budget', () => {
    const windows = new BudgetWindows({ budget: 10, windowMs: 1000, paceBurst: 2 });
    const b = windows.bucket('k');
    windows.take(b, 0, true, false);
    windows.take(b, 0, true, false);
    // Two tokens spent; one comes back every 100 ms.
    expect(windows.openAt(b, 0, 10, true)).toBe(100);
    expect(windows.openAt(b, 0, 10, false)).toBe(0);
    // A send that does not use the pace takes no token.
    windows.take(b, 100, false, false);
    expect(windows.openAt(b, 100, 10, true)).toBe(100);
  });

  it('counts a written-down send from when it left, and keeps it pending until then', () => {
    const windows = new BudgetWindows({ budget: 5, windowMs: 1000, edgeMarginMs: 0 });
    const b = windows.bucket('k');
    windows.take(b, 0, false, true);
    windows.take(b, 100, false, true);
    expect(windows.snapshot(200)).toEqual({ budgets: { k: { sends: [], pending: [0, 100] } } });
    windows.left(b, 0, 300);
    // Dropped before it left: it stays counted at its dispatch.
    windows.left(b, 100, undefined);
    expect(windows.snapshot(400)).toEqual({ budgets: { k: { sends: [100, 300] } } });
    expect(windows.history(1200)).toEqual([300]);
  });

  it('starts from what the last run wrote, and a budget not listed from the worst case', () => {
    const windows = new BudgetWindows({
      budget: 5,
      windowMs: 1000,
      edgeMarginMs: 0,
      restored: {
        budgets: { k: { sends: [50], pending: [10], pausedUntil: 900 } },
        others: { sends: [5, 6] },
      },
    });
    expect(windows.bucket('k')).toMatchObject({ window: [10, 50], pausedUntil: 900 });
    expect(windows.bucket('new')).toMatchObject({ window: [5, 6], pausedUntil: 0 });
    expect(windows.snapshot(100)).toEqual({
      budgets: { k: { sends: [10, 50], pausedUntil: 900 }, new: { sends: [5, 6] } },
      others: { sends: [5, 6] },
    });
    // Gone from the window and no longer paused: nothing is kept.
    expect(windows.snapshot(1100)).toEqual({ budgets: {} });
  });

  it("keeps the user's sends a window long, however many come without an idle request", () => {
    const windows = new BudgetWindows({ budget: 1000, windowMs: 100, edgeMarginMs: 0 });
    const b = windows.bucket('');
    for (let t = 0; t < 10_000; t += 10) windows.take(b, t, false, false, true);
    expect(b.userSends!.length).toBeLessThanOrEqual(11);
    expect(windows.userSends(b, 10_000)).toEqual([
      9_910, 9_920, 9_930, 9_940, 9_950, 9_960, 9_970, 9_980, 9_990,
    ]);
  });
});
