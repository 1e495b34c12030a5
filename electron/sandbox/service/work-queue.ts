/**
 * A small FIFO of CPU-heavy work (generations, builds), run a few at a time so a burst of starts
 * cannot swamp the machine the sandbox shares with the app and its tests.
 */

/** Runs queued async work with bounded concurrency. */
export class WorkQueue {
  readonly #concurrency: number;
  readonly #pending: Array<{ work: () => Promise<void>; dropped?: () => void }> = [];
  #running = 0;
  #closed = false;
  #idleWaiters: Array<() => void> = [];

  constructor(concurrency = 1) {
    this.#concurrency = Math.max(1, concurrency);
  }

  /** Number of items queued or running. */
  get size(): number {
    return this.#pending.length + this.#running;
  }

  /** True once {@link close} was called: new work is dropped. */
  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Queues `work`; errors are the work's own business (it must catch them). `dropped` is called
   * instead when the work never runs (the queue is closed, or closes before its turn).
   */
  push(work: () => Promise<void>, dropped?: () => void): void {
    if (this.#closed) {
      dropped?.();
      return;
    }
    this.#pending.push({ work, ...(dropped ? { dropped } : {}) });
    this.#pump();
  }

  /** Resolves when nothing is queued or running. */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Drops queued work and waits for the running work to finish. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const item of this.#pending.splice(0)) item.dropped?.();
    await this.idle();
  }

  #pump(): void {
    while (this.#running < this.#concurrency && this.#pending.length > 0) {
      const { work } = this.#pending.shift()!;
      this.#running++;
      // Defer to a macrotask so the request that queued the work is answered first.
      setImmediate(() => {
        work()
          .catch((error: unknown) => console.error('sandbox: background work failed', error))
          .finally(() => {
            this.#running--;
            this.#pump();
            if (this.size === 0) {
              const waiters = this.#idleWaiters;
              this.#idleWaiters = [];
              for (const resolve of waiters) resolve();
            }
          });
      });
    }
  }
}
