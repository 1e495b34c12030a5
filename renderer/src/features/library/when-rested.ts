/**
 * "The view has come to rest": what the library grid waits for before it asks for pages and
 * thumbnails, so a drag across 20,000 models spends nothing on the rows it passes.
 *
 * A quiet spell alone is not enough: on a busy machine a frame of a drag can come later than the
 * spell, and the rows it happened to show would be fetched. The view rests when it has not moved
 * for `settleMs` and then stays put across two more animation frames (a drag moves it every frame).
 */

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
  position: () => number,
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
