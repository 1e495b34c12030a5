/**
 * What the main process does when the page's process crashes or hangs: reload it and tell the
 * user (jobs run in the main process, so nothing is lost and the reloaded page picks them up) —
 * unless it keeps happening, when reloading would only loop: then Kiln stops and says so.
 */

/** A crash or hang of the page, and what to do. */
export type RecoveryStep =
  | Readonly<{ action: 'reload'; notice: string }>
  | Readonly<{ action: 'give-up'; message: string }>
  | Readonly<{ action: 'ignore' }>;

/** At most this many reloads within {@link RELOAD_WINDOW_MS}. */
export const MAX_RELOADS = 3;
/** The window of {@link MAX_RELOADS}. */
export const RELOAD_WINDOW_MS = 60_000;
/** How long a page may not respond before Kiln reloads it (Chromium reports after ~30 s of its own). */
export const HANG_GRACE_MS = 10_000;

const JOBS_CARRY_ON = 'Your jobs carried on in the background; nothing was lost.';

/** Decides each reload, remembering the recent ones. */
export class RendererRecovery {
  readonly #reloads: number[] = [];

  /**
   * The page's process is gone (Electron's `render-process-gone` reason), or `hung` when Kiln
   * itself ended a page that stopped responding.
   */
  gone(reason: string, now: number): RecoveryStep {
    if (reason === 'clean-exit') return { action: 'ignore' };
    while (this.#reloads.length && now - this.#reloads[0]! > RELOAD_WINDOW_MS)
      this.#reloads.shift();
    if (this.#reloads.length >= MAX_RELOADS) {
      return {
        action: 'give-up',
        message: `Kiln's window stopped ${MAX_RELOADS + 1} times within a minute, so Kiln will not reload it again. Your jobs are saved and resume at the next start. Help → Open Logs Folder has the details for a support request.`,
      };
    }
    this.#reloads.push(now);
    const what =
      reason === 'hung'
        ? 'stopped responding'
        : reason === 'oom'
          ? 'ran out of memory'
          : 'stopped unexpectedly';
    return { action: 'reload', notice: `Kiln's window ${what} and was reloaded. ${JOBS_CARRY_ON}` };
  }
}
