/** The priorities, headroom and idle reserve of the scheduler, without a clock or a send. */
import { describe, expect, it } from 'vitest';
import {
  allowedInWindow,
  heldByPace,
  idleLimits,
  PriorityQueues,
  usesPace,
  type Priority,
  type Queued,
} from './priorities';

describe('idle limits', () => {
  it('leaves a third of the budget to others, and a tenth to the next click when borrowing', () => {
    expect(idleLimits(55)).toEqual({ idle: 36, borrow: 49 });
  });

  it('always lets one idle request go, and never borrows less than it may use anyway', () => {
    expect(idleLimits(3, 10, 0)).toEqual({ idle: 1, borrow: 3 });
    expect(idleLimits(10, 2, 5)).toEqual({ idle: 8, borrow: 8 });
  });
});

describe('allowed in a window', () => {
  const limits = idleLimits(55);
  it('gives background polls half the window and the rest all of it', () => {
    expect(allowedInWindow('user', 55, limits, true)).toBe(55);
    expect(allowedInWindow('poll', 55, limits, true)).toBe(55);
    expect(allowedInWindow('download', 55, limits, true)).toBe(55);
    expect(allowedInWindow('background', 55, limits, true)).toBe(27);
    expect(allowedInWindow('background', 1, limits, true)).toBe(1);
  });

  it('lets idle work borrow the reserve only while nothing else waits', () => {
    expect(allowedInWindow('idle', 55, limits, true)).toBe(36);
    expect(allowedInWindow('idle', 55, limits, false)).toBe(49);
  });

  it("leaves as many slots again as the user's own sends in the window, and never stops idle work for good", () => {
    expect(allowedInWindow('idle', 55, limits, false, 6)).toBe(43);
    expect(allowedInWindow('idle', 55, limits, true, 6)).toBe(30);
    // Only while the window is empty, however busy the user was.
    expect(allowedInWindow('idle', 55, limits, false, 55)).toBe(1);
    // Other priorities are not affected.
    expect(allowedInWindow('download', 55, limits, false, 6)).toBe(55);
  });
});

describe('the pace', () => {
  it("holds back only downloads and polls far from a job's end, and idle work uses none of it", () => {
    const all: Priority[] = ['user', 'poll', 'download', 'background', 'idle'];
    expect(all.filter(heldByPace)).toEqual(['download', 'background']);
    expect(all.filter(usesPace)).toEqual(['user', 'poll', 'download', 'background']);
  });
});

describe('PriorityQueues', () => {
  const entry = (seq: number, priority: Priority, promote?: Queued['promote']): Queued => ({
    seq,
    priority,
    promote,
  });

  it('keeps each priority in order of arrival, a retried request back at its old place', () => {
    const queues = new PriorityQueues<Queued>();
    const [a, b, c] = [entry(0, 'poll'), entry(1, 'poll'), entry(2, 'poll')];
    queues.add(b);
    queues.add(c);
    queues.add(a);
    expect(queues.of('poll')).toEqual([a, b, c]);
    expect(queues.remove(b)).toBe(true);
    expect(queues.remove(b)).toBe(false);
    expect(queues.size).toBe(2);
    expect(queues.drain()).toEqual([a, c]);
    expect(queues.size).toBe(0);
  });

  it('promotes a waiting request when its time comes, and says when the next one is due', () => {
    const queues = new PriorityQueues<Queued>();
    const early = entry(0, 'background', { at: 100, to: 'poll' });
    const late = entry(1, 'background', { at: 300, to: 'poll' });
    const waiting = entry(2, 'poll');
    for (const e of [early, late, waiting]) queues.add(e);
    expect(queues.promoteDue(50)).toBe(100);
    expect(queues.promoteDue(100)).toBe(300);
    expect(queues.of('poll')).toEqual([early, waiting]);
    expect(early).toMatchObject({ priority: 'poll', promote: undefined });
    expect(queues.of('background')).toEqual([late]);
    expect(queues.promoteDue(300)).toBe(Number.POSITIVE_INFINITY);
  });
});
