/** The one pending timer of each job (its next poll, retry or backoff), on the injected clock. */
import type { Clock } from '../ports';

/** Job id → the job's pending timer; a new one replaces the old. */
export class JobTimers {
  readonly #clock: Clock;
  readonly #pending = new Map<string, unknown>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Runs `fn` after `delayMs`, replacing whatever the job had pending. */
  after(id: string, delayMs: number, fn: () => void): void {
    this.clear(id);
    const timer = this.#clock.setTimeout(() => {
      this.#pending.delete(id);
      fn();
    }, delayMs);
    this.#pending.set(id, timer);
  }

  /** True while the job has a timer pending. */
  has(id: string): boolean {
    return this.#pending.has(id);
  }

  /** Drops the job's pending timer, if any. */
  clear(id: string): void {
    const timer = this.#pending.get(id);
    if (timer !== undefined) this.#clock.clearTimeout(timer);
    this.#pending.delete(id);
  }

  /** Drops every pending timer (the runner is closing). */
  clearAll(): void {
    for (const timer of this.#pending.values()) this.#clock.clearTimeout(timer);
    this.#pending.clear();
  }
}
