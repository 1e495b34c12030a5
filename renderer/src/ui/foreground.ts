/**
 * Work the user did not ask for (fetching the chunks of panels not yet opened, starting the
 * Draco and meshopt decoders) waits until the viewer is quiet: it has started, and no model is
 * on its way to the screen. On a 2-core machine with a software GPU, a chunk compiled or a
 * decoder's WebAssembly instantiated while a model parses and uploads is time taken from that
 * model's first frame (benches B1 and B2, issue 29).
 *
 * The library's prefetch follows the same rule through the store's `viewerState`; this module
 * is that rule for code that has no store (module-level chunks, the viewer's own warm-up).
 *
 * The artist may turn it all off (Settings › Advanced, `prepareInBackground`): a laptop on
 * battery or a machine drawing through a software GPU spends a few seconds of CPU on it at each
 * start. Then each part starts when first needed (a panel's chunk when it opens, the decoders
 * with the first model that uses them, the lit pipelines with the first model's frame).
 */

/** How a quiet moment is waited for (the browser's idle callback; a fake in tests). */
export type IdleWait = (run: () => void) => void;

/** The longest the browser may stay busy, once the viewer is quiet, before the work runs. */
const IDLE_TIMEOUT_MS = 2000;

const browserIdle: IdleWait = (run) => {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 200);
};

/** The viewer's word on whether background work must wait, and the work waiting for it. */
export class Foreground {
  // Busy until the viewer first says otherwise: at start, showing it is the page's first job.
  #busy = true;
  // Until the settings say (they come with the window's first answers), nothing is prepared.
  #prepare: boolean | null;
  #scheduled = false;
  readonly #waiting = new Set<() => void>();
  readonly #idle: IdleWait;

  /**
   * @param prepare whether background work may run; `null`: not known yet, so it waits for
   *   {@link Foreground.allow} (the page's foreground waits for the setting).
   */
  constructor(idle: IdleWait = browserIdle, prepare: boolean | null = true) {
    this.#idle = idle;
    this.#prepare = prepare;
  }

  /**
   * The artist's `prepareInBackground` setting: off, work waiting here stays waiting (and runs
   * if it is turned on again while the page is open).
   */
  allow(prepare: boolean): void {
    this.#prepare = prepare;
    if (prepare && !this.#busy) this.#schedule();
  }

  /** True while background work waits (the viewer is starting, or a model is on its way). */
  get busy(): boolean {
    return this.#busy;
  }

  /** The viewer says whether it is busy; called whenever its state changes. */
  report(busy: boolean): void {
    this.#busy = busy;
    if (!busy) this.#schedule();
  }

  /**
   * Runs `work` once, at an idle moment of the page while the viewer is quiet. Nothing polls:
   * an idle moment that finds the viewer busy again waits for its next quiet report. Returns a
   * function that cancels `work` if it has not run.
   */
  whenQuiet(work: () => void): () => void {
    this.#waiting.add(work);
    if (!this.#busy) this.#schedule();
    return () => this.#waiting.delete(work);
  }

  #schedule(): void {
    if (this.#scheduled || this.#waiting.size === 0 || !this.#prepare) return;
    this.#scheduled = true;
    this.#idle(() => {
      this.#scheduled = false;
      if (this.#busy || !this.#prepare) return;
      const works = [...this.#waiting];
      this.#waiting.clear();
      for (const work of works) work();
    });
  }
}

/**
 * The page's one foreground: the viewer reports to it, background work waits on it, and the
 * app shell tells it the artist's setting (App.tsx).
 */
export const foreground = new Foreground(browserIdle, null);

/**
 * Runs `work` once the viewer is quiet, at an idle moment (see {@link Foreground.whenQuiet}).
 *
 * @example
 * ```ts
 * whenViewerQuiet(() => void import('./HeavyPanel'));
 * ```
 */
export function whenViewerQuiet(work: () => void): () => void {
  return foreground.whenQuiet(work);
}
