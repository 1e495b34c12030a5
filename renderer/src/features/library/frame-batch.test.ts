import { describe, expect, it, vi } from 'vitest';
import { frameBatch } from './frame-batch';
import type { RestClock } from './when-rested';

/** Timers under vitest's fake clock, and animation frames the test runs when it says. */
function frames() {
  let queue = new Map<number, () => void>();
  let next = 0;
  const clock: RestClock = {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    requestAnimationFrame: (fn) => {
      queue.set(++next, fn);
      return next;
    },
    cancelAnimationFrame: (h) => queue.delete(h),
  };
  const paint = () => {
    const run = queue;
    queue = new Map();
    for (const fn of run.values()) fn();
  };
  return { clock, paint };
}

describe('frameBatch', () => {
  it('runs once at the next frame for every request before it', () => {
    vi.useFakeTimers();
    const { clock, paint } = frames();
    const flush = vi.fn();
    const request = frameBatch(flush, 100, clock);
    request();
    request();
    request();
    expect(flush).not.toHaveBeenCalled();
    paint();
    expect(flush).toHaveBeenCalledOnce();
    // The timer of that batch is gone with it.
    vi.advanceTimersByTime(200);
    expect(flush).toHaveBeenCalledOnce();
    request();
    paint();
    expect(flush).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('runs after the longest wait when no frame comes (a hidden page), once', () => {
    vi.useFakeTimers();
    const { clock, paint } = frames();
    const flush = vi.fn();
    const request = frameBatch(flush, 100, clock);
    request();
    vi.advanceTimersByTime(99);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledOnce();
    paint();
    expect(flush).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
});
