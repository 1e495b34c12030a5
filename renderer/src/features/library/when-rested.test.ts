import { describe, expect, it, vi } from 'vitest';
import { ViewRest, whenRested, type RestClock } from './when-rested';

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

describe('ViewRest', () => {
  /** Lets the view rest: the quiet spell, then the two still frames. */
  const settle = (step: () => void) => {
    vi.advanceTimersByTime(120);
    step();
    step();
  };

  it('rests once the view is still, and stays resting while it does not move', () => {
    vi.useFakeTimers();
    const { clock, step } = frames();
    const onRest = vi.fn();
    const view = new ViewRest(() => 800, onRest, 120, clock);
    expect(view.resting).toBe(false);
    settle(step);
    expect(onRest).toHaveBeenCalledOnce();
    // A page of rows arriving later finds the view resting: no second wait (issue 27).
    vi.advanceTimersByTime(5000);
    expect(view.resting).toBe(true);
    expect(onRest).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });

  it('stops resting when the view moves, and rests again at its next stop', () => {
    vi.useFakeTimers();
    const { clock, step } = frames();
    const onRest = vi.fn();
    let top = 0;
    const view = new ViewRest(() => top, onRest, 120, clock);
    settle(step);
    top = 4000;
    view.moved();
    expect(view.resting).toBe(false);
    // Still moving: each frame of the drag comes before the spell ends.
    for (let f = 0; f < 5; f++) {
      vi.advanceTimersByTime(16);
      top += 300;
      view.moved();
    }
    expect(onRest).toHaveBeenCalledOnce();
    settle(step);
    expect(onRest).toHaveBeenCalledTimes(2);
    expect(view.resting).toBe(true);
    vi.useRealTimers();
  });

  it('is not resting once the view is elsewhere, even before its scroll event is told', () => {
    vi.useFakeTimers();
    const { clock, step } = frames();
    let top = 0;
    const view = new ViewRest(
      () => top,
      () => undefined,
      120,
      clock,
    );
    settle(step);
    expect(view.resting).toBe(true);
    top = 300;
    expect(view.resting).toBe(false);
    vi.useRealTimers();
  });

  it('a view whose size changes has moved: not resting until it rests at its new size', () => {
    vi.useFakeTimers();
    const { clock, step } = frames();
    const onRest = vi.fn();
    // The library grid's place: its scroll position and its size (a line appearing above it
    // shrinks it by a row, and the cards on screen are others).
    let height = 496;
    const view = new ViewRest(() => `0 272x${height}`, onRest, 120, clock);
    settle(step);
    expect(view.resting).toBe(true);
    height = 446;
    expect(view.resting).toBe(false);
    view.moved();
    settle(step);
    expect(onRest).toHaveBeenCalledTimes(2);
    expect(view.resting).toBe(true);
    vi.useRealTimers();
  });

  it('calls back no more once stopped', () => {
    vi.useFakeTimers();
    const { clock, step } = frames();
    const onRest = vi.fn();
    const view = new ViewRest(() => 0, onRest, 120, clock);
    view.stop();
    settle(step);
    expect(onRest).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
