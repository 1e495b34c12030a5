/**
 * Reloads the page when its process crashes or hangs, and leaves the user a notice (the page
 * takes it once it is back). Jobs run in the main process and carry on; the reloaded page lists
 * them again. A page that keeps crashing is not reloaded in a loop: Kiln says so and stays up.
 */
import { dialog, type BrowserWindow } from 'electron';
import type { AppNotices } from '../core/diagnostics/app-notices';
import { HANG_GRACE_MS, RendererRecovery } from '../core/diagnostics/renderer-recovery';
import type { Say } from '../core/i18n/main-language';
import { RECOVERY } from '../core/i18n/main-words';
import type { Clock, Logger } from '../core/ports';

/** Watches `window`'s page. */
export function watchRenderer(
  window: BrowserWindow,
  o: Readonly<{ notices: AppNotices; logger: Logger; clock: Clock; say: Say }>,
): void {
  const recovery = new RendererRecovery();
  let hang: unknown;
  let endedHungPage = false;

  window.webContents.on('render-process-gone', (_event, details) => {
    const reason = endedHungPage ? 'hung' : details.reason;
    endedHungPage = false;
    o.clock.clearTimeout(hang);
    o.logger.error('the window’s page process is gone', { reason, exitCode: details.exitCode });
    const step = recovery.gone(reason, o.clock.now());
    if (step.action === 'ignore' || window.isDestroyed()) return;
    if (step.action === 'give-up') {
      dialog.showErrorBox(o.say(RECOVERY.giveUpTitle), o.say(step.message));
      return;
    }
    o.notices.post('warning', o.say(step.notice));
    window.webContents.reload();
  });

  // Chromium says "unresponsive" after a few seconds of a blocked page; a page that is still
  // blocked after the grace time is ended and reloaded (its process gone → the handler above).
  window.on('unresponsive', () => {
    o.clock.clearTimeout(hang);
    hang = o.clock.setTimeout(() => {
      if (window.isDestroyed()) return;
      o.logger.error('the window stopped responding; reloading it');
      endedHungPage = true;
      window.webContents.forcefullyCrashRenderer();
    }, HANG_GRACE_MS);
  });
  window.on('responsive', () => o.clock.clearTimeout(hang));
}
