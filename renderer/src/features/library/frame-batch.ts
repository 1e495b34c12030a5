/**
 * One store update per frame for what arrives in a burst: the library's thumbnails come back one
 * bridge message each, and an update per message re-rendered the whole grid each time. On a busy
 * machine six of those took 0.1–0.6 s of the user's 2 s before the pictures could be painted
 * (issue 27). Gathered, they cost one render, right before the frame that paints them.
 */
import type { RestClock } from './when-rested';

/** The longest a batch waits for a frame (a hidden page paints none). */
export const MAX_BATCH_WAIT_MS = 100;

const pageClock: RestClock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  // Outside a page (unit tests in Node) there are no frames: the timer alone flushes.
  requestAnimationFrame: (fn) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fn) : -1,
  cancelAnimationFrame: (handle) => {
    if (handle >= 0 && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(handle);
  },
};

/**
 * Returns `request`: each call asks for `flush` to run once, at the next animation frame or
 * after `maxWaitMs`, whichever comes first; calls until then share that one run.
 */
export function frameBatch(
  flush: () => void,
  maxWaitMs = MAX_BATCH_WAIT_MS,
  clock: RestClock = pageClock,
): () => void {
  let frame: number | undefined;
  let timer: unknown;
  const run = () => {
    if (frame !== undefined) clock.cancelAnimationFrame(frame);
    if (timer !== undefined) clock.clearTimeout(timer);
    frame = undefined;
    timer = undefined;
    flush();
  };
  return () => {
    if (timer !== undefined) return;
    timer = clock.setTimeout(run, maxWaitMs);
    frame = clock.requestAnimationFrame(run);
  };
}
