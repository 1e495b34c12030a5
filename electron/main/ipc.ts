/**
 * Registers one `ipcMain.handle` per contract channel, each going through `dispatch` after
 * checking that the sender is the app's own main frame.
 */
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS } from '../../shared/ipc/channels';
import { dispatch, type Handlers } from '../../shared/ipc/dispatch';
import type { Logger } from '../core/ports';

/** True when the call comes from the main frame of a page on the app's own origin. */
export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'senderFrame' | 'sender'>,
  appOrigin: string,
): boolean {
  const frame = event.senderFrame;
  if (!frame || frame !== event.sender.mainFrame) return false;
  try {
    return new URL(frame.url).origin === new URL(appOrigin).origin;
  } catch {
    return false;
  }
}

/** Wires every channel to its handler. */
export function registerIpc(handlers: Handlers, appOrigin: string, logger: Logger): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event, input: unknown) => {
      if (!isTrustedSender(event, appOrigin)) {
        logger.warn('IPC call from an untrusted sender refused', { channel });
        return { ok: false, error: { code: 'forbidden', message: 'Refused.' } };
      }
      return dispatch(handlers, channel, input, (m, e) => logger.error(m, { error: String(e) }));
    });
  }
}
