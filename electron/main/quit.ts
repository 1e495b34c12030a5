/**
 * Quitting waits for the core. Electron ends the process right after `will-quit`, while the
 * core's close is asynchronous (every download in flight is stopped and awaited, its partial file
 * removed): the first `will-quit` is held with `event.preventDefault()` (which Electron documents
 * as keeping the app from terminating), the core closes, and the app quits again; that second
 * `will-quit` goes through. A failing close is logged and does not keep Kiln from quitting, and
 * neither does a hung one: after {@link QUIT_WAIT_MS} Kiln quits anyway (a download that would not
 * stop must never leave a window-less process the user cannot end).
 */
import type { App } from 'electron';
import type { Logger } from '../core/ports';

/** The longest a quit waits for the core's close. */
export const QUIT_WAIT_MS = 5_000;

/**
 * Holds the app's quit until `close` has finished, then quits.
 *
 * @example
 * ```ts
 * quitAfterClose(app, async () => { await services.close(); }, logger);
 * ```
 */
export function quitAfterClose(
  app: Pick<App, 'on' | 'quit'>,
  close: () => Promise<void>,
  logger: Logger,
): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  app.on('will-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hung = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        logger.warn('closing Kiln took too long: quitting anyway', { waitedMs: QUIT_WAIT_MS });
        resolve();
      }, QUIT_WAIT_MS);
    });
    void Promise.race([close(), hung])
      .catch((error: unknown) => logger.error('closing Kiln failed', { error: String(error) }))
      .finally(() => {
        clearTimeout(timer);
        state = 'closed';
        logger.info('Kiln quit');
        app.quit();
      });
  });
}
