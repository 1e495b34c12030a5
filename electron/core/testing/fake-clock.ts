/**
 * A manual {@link Clock} for tests of code that waits: time moves only when a test calls
 * {@link FakeClock.advance} or {@link FakeClock.runUntilIdle}, and due timers fire in order of
 * their due time (then of their creation), each at its own instant.
 *
 * Between timers the clock lets pending promise callbacks run, so code that awaits a send and then
 * sets the next timer behaves as it would under real time. It uses Node's real `setImmediate` for
 * that, so do not combine it with `vi.useFakeTimers()`.
 *
 * @example
 * ```ts
 * const clock = new FakeClock();
 * const scheduler = new RequestScheduler({ clock });
 * await clock.advance(60_000); // fires every timer due in the next minute, in order
 * ```
 */
import type { Clock } from '../ports';

interface Timer {
  readonly id: number;
  readonly at: number;
  readonly fn: () => void;
}

/** A clock whose time only moves when the test says so. */
export class FakeClock implements Clock {
  #now: number;
  #nextId = 1;
  #created = 0;
  readonly #timers = new Map<number, Timer>();

  /** @param start the initial time in milliseconds (default 0, which keeps test numbers readable) */
  constructor(start = 0) {
    this.#now = start;
  }

  /** The current fake time in milliseconds. */
  now(): number {
    return this.#now;
  }

  /** Registers `fn` to run when the clock reaches now + `ms` (negative delays count as 0). */
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.#nextId++;
    this.#created += 1;
    this.#timers.set(id, { id, at: this.#now + Math.max(0, ms), fn });
    return id;
  }

  /** Cancels a timer; unknown or already-fired handles are ignored, as with the real one. */
  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number') this.#timers.delete(handle);
  }

  /** Timers waiting to fire. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Timers ever set: lets a test tell one wake-up per wait from a polling loop. */
  get created(): number {
    return this.#created;
  }

  /** Lets every promise callback queued so far (and those they queue) run, without moving time. */
  async flush(): Promise<void> {
    // The microtask queue is drained completely before the next macrotask, so one turn suffices.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /**
   * Moves time forward by `ms`, firing each timer that falls due on the way at its own time and
   * letting promise callbacks run after each, so timers set by those callbacks fire too if due.
   */
  async advance(ms: number): Promise<void> {
    const target = this.#now + Math.max(0, ms);
    await this.#fireUntil(target);
    this.#now = target;
    await this.flush();
  }

  /** Advances to the given absolute time (no-op if it is in the past). */
  async advanceTo(time: number): Promise<void> {
    await this.advance(time - this.#now);
  }

  /**
   * Fires timers in order until none is left, moving time to each one's due time.
   * @param maxTimers guard against code that keeps setting timers forever
   * @throws Error when more than `maxTimers` timers fire
   */
  async runUntilIdle(maxTimers = 100_000): Promise<void> {
    await this.#fireUntil(Number.POSITIVE_INFINITY, maxTimers);
    await this.flush();
  }

  async #fireUntil(limit: number, maxTimers = Number.POSITIVE_INFINITY): Promise<void> {
    let fired = 0;
    for (;;) {
      await this.flush();
      const next = this.#next();
      if (!next || next.at > limit) return;
      if (++fired > maxTimers) throw new Error(`FakeClock: more than ${maxTimers} timers fired`);
      this.#timers.delete(next.id);
      this.#now = Math.max(this.#now, next.at);
      next.fn();
    }
  }

  #next(): Timer | undefined {
    let best: Timer | undefined;
    for (const t of this.#timers.values()) {
      // Map iteration follows insertion order, so ties keep creation order.
      if (!best || t.at < best.at) best = t;
    }
    return best;
  }
}
