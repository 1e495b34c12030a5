/**
 * Files the desktop asks Kiln to open (macOS `open-file`, the command line, a second launch,
 * File → Open, Open Recent) can arrive before the core is up: they wait here, in order, and are
 * opened one at a time once it is.
 */

/** A queue of files to open, drained by `open` once it is set. */
export class FileOpening {
  readonly #waiting: string[] = [];
  #open: ((file: string) => Promise<void>) | undefined;
  #chain: Promise<void> = Promise.resolve();

  /** Asks to open `files`; they are opened as soon as Kiln is ready. */
  request(...files: string[]): void {
    this.#waiting.push(...files);
    this.#drain();
  }

  /** Kiln is ready: opens what waited, and from now on every request at once. */
  ready(open: (file: string) => Promise<void>): Promise<void> {
    this.#open = open;
    this.#drain();
    return this.#chain;
  }

  #drain(): void {
    const open = this.#open;
    if (!open) return;
    for (const file of this.#waiting.splice(0)) {
      this.#chain = this.#chain.then(() => open(file)).catch(() => undefined);
    }
  }
}
