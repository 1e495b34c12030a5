/**
 * "The view has come to rest": what the library grid waits for before it asks for pages and
 * thumbnails, so a drag across 20,000 models spends nothing on the rows it passes. Waited for
 * once per stop ({@link ViewRest}): what the resting view shows may change after (a page of rows
 * arrives) and is fetched at once.
 *
 * A quiet spell alone is not enough: on a busy machine a frame of a drag can come later than the
 * spell, and the rows it happened to show would be fetched. The view rests when it has not moved
 * for `settleMs` and then stays put across two more animation frames (a drag moves it every frame).
 */

/**
 * Where the view is: its scroll position, and its size where that matters (a view whose size
 * changed shows other rows, so it has moved). Compared with `===`.
 */
export type ViewPlace = number | string;

/** How long the view must be still before it counts as resting, in milliseconds. */
export const SETTLE_MS = 120;

/** Animation frames the view must stay put after the quiet spell. */
const STILL_FRAMES = 2;

/** What {@link whenRested} needs of the page; the page's own by default. */
export interface RestClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  requestAnimationFrame(fn: () => void): number;
  cancelAnimationFrame(handle: number): void;
}

const pageClock: RestClock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  requestAnimationFrame: (fn) => requestAnimationFrame(fn),
  cancelAnimationFrame: (handle) => cancelAnimationFrame(handle),
};

/**
 * Calls `rested` once the view whose position `position` reads has rested (see above); if it
 * moves meanwhile, waits for the next rest. Returns a function that stops waiting.
 */
export function whenRested(
  position: () => ViewPlace,
  rested: () => void,
  settleMs = SETTLE_MS,
  clock: RestClock = pageClock,
): () => void {
  let timer: unknown;
  let frame: number | undefined;
  const wait = () => {
    timer = clock.setTimeout(() => {
      timer = undefined;
      const at = position();
      let frames = 0;
      const check = () => {
        frame = undefined;
        if (position() !== at) return wait();
        if (++frames >= STILL_FRAMES) return rested();
        frame = clock.requestAnimationFrame(check);
      };
      frame = clock.requestAnimationFrame(check);
    }, settleMs);
  };
  wait();
  return () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    if (frame !== undefined) clock.cancelAnimationFrame(frame);
  };
}

/**
 * Whether a scrolled view rests, followed across its moves: each move (the view's `scroll`
 * event, {@link moved}) ends the rest and waits for the next ({@link whenRested}); `onRest` is
 * called when it comes. Between a rest and the next move, {@link resting} is true: what the view
 * shows may change meanwhile (a page of rows arrives, the width changes) and is fetched at once.
 * On a busy machine a second wait there (a quiet spell and two frames, after the page's render)
 * took 0.4–0.7 s of the user's 2 s for the thumbnails of the screen they stopped on (issue 27).
 */
export class ViewRest {
  readonly #position: () => ViewPlace;
  readonly #onRest: () => void;
  readonly #settleMs: number;
  readonly #clock: RestClock;
  /** Where the view came to rest last; undefined since it moved. */
  #restedAt: ViewPlace | undefined;
  #stopWaiting: (() => void) | undefined;

  /** Starts waiting for the first rest (a view just shown may still be scrolled into place). */
  constructor(
    position: () => ViewPlace,
    onRest: () => void,
    settleMs = SETTLE_MS,
    clock: RestClock = pageClock,
  ) {
    this.#position = position;
    this.#onRest = onRest;
    this.#settleMs = settleMs;
    this.#clock = clock;
    this.moved();
  }

  /** True while the view rests: it came to rest and is still where it did. */
  get resting(): boolean {
    return this.#restedAt !== undefined && this.#position() === this.#restedAt;
  }

  /** The view moved: the rest is over; the next one is waited for. */
  moved(): void {
    this.#restedAt = undefined;
    this.#stopWaiting?.();
    this.#stopWaiting = whenRested(
      this.#position,
      () => {
        this.#stopWaiting = undefined;
        this.#restedAt = this.#position();
        this.#onRest();
      },
      this.#settleMs,
      this.#clock,
    );
  }

  /** Stops following the view. */
  stop(): void {
    this.#stopWaiting?.();
    this.#stopWaiting = undefined;
  }
}
