/**
 * The core's work that writes files: downloads streamed to disk (models, pictures, thumbnails, job
 * results), the files saved from them and the cache indexes written after them. Closing the core
 * stops all of it and waits for it: the one signal every piece runs under is aborted (the request
 * in flight stops, the file stream stops and its partial file is removed), and {@link close}
 * resolves once every piece has ended. From then on nothing of it writes again: work asked for
 * later is refused before it starts. Without this a download could still be writing into the
 * data folder after Kiln "closed" (a quitting app, a test removing its folder: `ENOTEMPTY`).
 */
import { CancelledError } from '../api/errors';

/**
 * Work in flight that the core's close stops and awaits.
 *
 * @example
 * ```ts
 * const inFlight = new InFlight();
 * const file = await inFlight.run((signal) => download(url, { signal }));
 * await inFlight.close(); // every download stopped, its partial file removed
 * ```
 */
export class InFlight {
  readonly #stop = new AbortController();
  /** Each piece running now, as a promise that settles (never rejects) when it ends. */
  readonly #running = new Set<Promise<void>>();

  /** Aborted by {@link close}: requests and file streams pass it on. */
  get signal(): AbortSignal {
    return this.#stop.signal;
  }

  /** True once {@link close} was called. */
  get closed(): boolean {
    return this.#stop.signal.aborted;
  }

  /**
   * Runs `work` as a piece {@link close} waits for, with the signal it stops on.
   * @throws CancelledError at once, without running `work`, once closed
   */
  run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(stoppedError());
    let promise: Promise<T>;
    try {
      promise = work(this.#stop.signal);
    } catch (error) {
      promise = Promise.reject(error);
    }
    const ended = promise.then(
      () => undefined,
      () => undefined,
    );
    this.#running.add(ended);
    void ended.then(() => this.#running.delete(ended));
    return promise;
  }

  /**
   * Stops every piece and resolves once each has ended, its cleanup (the partial file removed)
   * included. Safe to call again: it waits for whatever still runs.
   */
  async close(): Promise<void> {
    if (!this.closed) this.#stop.abort(stoppedError());
    await Promise.all([...this.#running]);
  }
}

function stoppedError(): CancelledError {
  return new CancelledError('cancelled', 'Kiln is closing: the download was stopped.', {
    sent: false,
  });
}

/**
 * Runs `work` (a step that needs no answer: a job's save) in `inFlight`, so the core's close
 * waits for it; once `inFlight` is closed the step is skipped, as in a process that ended.
 * Without an `inFlight` (tests of one part) it just runs.
 */
export function runUnlessClosed(
  inFlight: InFlight | undefined,
  work: () => Promise<void>,
): Promise<void> {
  if (!inFlight) return work();
  if (inFlight.closed) return Promise.resolve();
  return inFlight.run(work);
}
