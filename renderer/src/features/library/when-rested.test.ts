import { describe, expect, it, vi } from 'vitest';
import { whenRested, type RestClock } from './when-rested';

/** Timers under vitest's fake clock, and animation frames the test steps one by one. */
function frames() {
  let queue: Array<() => void> = [];
  const clock: RestClock = {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    requestAnimationFrame: (fn) => queue.push(fn),
    cancelAnimationFrame: () => (queue = []),
  };
  const step = () => {
    const run = queue;
    queue = [];
    for (const fn of run) fn();
  };
  return { clock, step };
}

describe('whenRested', () => {
  it('calls back once the view was still for the spell and two frames more', () => {
    vi.useFakeTimers();
    const { clock, step } = frames();
    const rested = vi.fn();
    whenRested(() => 500, rested, 120, clock);
    vi.advanceTimersByTime(120);
    step();
    expect(rested).not.toHaveBeenCalled();
    step();
    expect(rested).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });

  it('does not call back for a drag whose frames come later than the spell (a busy machine)', () => {
    vi.useFakeTimers();
    const { clock, step } = frames();
    const rested = vi.fn();
    let top = 0;
    whenRested(() => top, rested, 120, clock);
    // Each frame of the drag comes 200 ms after the last and moves the view.
    for (let f = 0; f < 10; f++) {
      vi.advanceTimersByTime(200);
      top += 300;
      step();
    }
    expect(rested).not.toHaveBeenCalled();
    // The drag stops: the next quiet spell and frames call back.
    vi.advanceTimersByTime(120);
    step();
    step();
    expect(rested).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });

  it('stops waiting when told', () => {
    vi.useFakeTimers();
    const { clock, step } = frames();
    const rested = vi.fn();
    const stop = whenRested(() => 0, rested, 120, clock);
    stop();
    vi.advanceTimersByTime(1000);
    step();
    step();
    expect(rested).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
