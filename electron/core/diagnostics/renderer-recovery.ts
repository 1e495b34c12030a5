/**
 * What the main process does when the page's process crashes or hangs: reload it and tell the
 * user (jobs run in the main process, so nothing is lost and the reloaded page picks them up) —
 * unless it keeps happening, when reloading would only loop: then Kiln stops and says so. The
 * words are messages (main-words.ts) the main process shows in the user's language.
 */
import type { Words } from '../../../shared/words';
import { RECOVERY } from '../i18n/main-words';

/** A crash or hang of the page, and what to do. */
export type RecoveryStep =
  | Readonly<{ action: 'reload'; notice: Words }>
  | Readonly<{ action: 'give-up'; message: Words }>
  | Readonly<{ action: 'ignore' }>;

/** At most this many reloads within {@link RELOAD_WINDOW_MS}. */
export const MAX_RELOADS = 3;
/** The window of {@link MAX_RELOADS}. */
export const RELOAD_WINDOW_MS = 60_000;
/** How long a page may not respond before Kiln reloads it (Chromium reports after ~30 s of its own). */
export const HANG_GRACE_MS = 10_000;

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
        message: { ...RECOVERY.giveUp, values: { count: MAX_RELOADS + 1 } },
      };
    }
    this.#reloads.push(now);
    const notice =
      reason === 'hung'
        ? RECOVERY.hung
        : reason === 'oom'
          ? RECOVERY.outOfMemory
          : RECOVERY.crashed;
    return { action: 'reload', notice };
  }
}
