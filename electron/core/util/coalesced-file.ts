/**
 * A file rewritten whole after every change, with the writes coalesced: while one write runs,
 * every change that arrives waits for the next write, which carries all of them. Each caller's
 * promise resolves only after a write that began after its call has reached the disk, so "written
 * before the paid call" still holds, but a burst of changes costs two writes, not one per change.
 */
import { writeFileAtomic } from './fs-atomic';

/** A whole-file writer with coalesced, atomic writes. */
export class CoalescedFile {
  readonly #file: string;
  #produce: (() => string) | undefined;
  #queued: Promise<void> | undefined;
  #chain: Promise<void> = Promise.resolve();

  /** @param file the file to keep written */
  constructor(file: string) {
    this.#file = file;
  }

  /**
   * Schedules a write of what `produce` returns when the write starts (the latest call wins).
   * Resolves once that content is on disk.
   */
  write(produce: () => string): Promise<void> {
    this.#produce = produce;
    if (!this.#queued) {
      this.#queued = this.#chain
        .catch(() => undefined)
        .then(() => {
          // From here on, new changes wait for the next write.
          this.#queued = undefined;
          return writeFileAtomic(this.#file, this.#produce!());
        });
      this.#chain = this.#queued;
    }
    return this.#queued;
  }
}
