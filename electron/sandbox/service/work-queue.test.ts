/**
 * The work queue tells the owner of work that never runs (the first-run samples wait on it).
 */
import { describe, expect, it } from 'vitest';
import { WorkQueue } from './work-queue';

describe('WorkQueue', () => {
  it('runs in order, and tells work dropped by close or pushed after it', async () => {
    const queue = new WorkQueue(1);
    const ran: string[] = [];
    const dropped: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    queue.push(async () => {
      ran.push('first');
      await held;
    });
    queue.push(
      async () => void ran.push('second'),
      () => dropped.push('second'),
    );
    await expect.poll(() => ran).toEqual(['first']);
    const closed = queue.close();
    expect(queue.closed).toBe(true);
    expect(dropped).toEqual(['second']);
    queue.push(
      async () => void ran.push('late'),
      () => dropped.push('late'),
    );
    release();
    await closed;
    expect(ran).toEqual(['first']);
    expect(dropped).toEqual(['second', 'late']);
  });
});
