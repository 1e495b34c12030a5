/**
 * Dragging a finished model or export out of Kiln as a real file, onto the desktop, a folder,
 * Blender or a slicer: the page's `dragstart` sends a job or model id (never a path), the main
 * process looks up the file the core resolved for it (inside the model cache, or where Kiln saved
 * the export) and hands it to the OS drag with `webContents.startDrag`.
 */
import { ipcMain, nativeImage, type IpcMainEvent } from 'electron';
import { DRAG_CHANNEL } from '../../shared/ipc/channels';
import { FileRefSchema } from '../../shared/ipc/inputs';
import type { DesktopFiles } from '../core/desktop/desktop-files';
import type { Logger } from '../core/ports';
import { isTrustedSender } from './ipc';

/** Kiln's icon (resources/icon.svg) at 32 px: what the pointer carries while dragging. */
const DRAG_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAMAAABEpIrGAAACVVBMVEVMaXEWGBwVGBsVFx0XFxcWGB0WFxwWGB0WGB0VGB4WFx0VFx0YGBgWFxwVFxwWGBwZGRkVFx0VGB0VGB4WGB0WGB30x5DzxY/0yJH1yJHzxY7zxo/0xpC3dkK4eEPZhEfXgETRdjy5e0bUe0DWf0O1cz/VfEG2dEHTeD7WfkKzbz26fUf0xo/YgkXXgUUsJyXYgka0cT3Uej+4eUW6fEbZhUhELyW7fUfQczr0x5HSeD3Sdz3Yg0a4eUTTej/vwou8f0m9gUrTeT/VfUGvaDfah0m1cj/ahkm2dECxazmwajnbiUshHh68gEqybTtHOCy9gku+hEy/hk5HOS1FMSbVfULzxI5kRi5OOysaGx6zbzwbGh6SVTGjgVy6ZzXxw4wYGh5BLCNHNysrIiEpIyBHNitaOCa4ekUcHCDPcThELiRBLSS0cT6SdFVFMCVGNiqvbz4YGR7UfEHJcDnQdDpiUD6lbj9zRSvRdTvWfkNENCjXgUTRdTzitoLktYK+gEuiXjPPonS0cD2zcD3ywYvUfECvZjZoVEHUekA8LCRHNyxXOSd9UjLrsXmTWjSsYzbIoHDnp2zTm2RFMCbyxo/puoS8fki7fkjzxI/Cg09nQivej1LEcjuxbTqybDoXGR07NC7gl1q3dUK9gEqzbjvbpW7TeT6+g0yAaUz1yZLLklulhF4fHiH0yI/VfkLerHO9gUvBiVBMPC/Ah1DswIlBNi7IkFjbh0vks3zyw4zxwozvvITruoUiHyGwiGDim19GMieObVDWgETnp27stHxKNCnej1NjExWVAAAAFXRSTlMA8VKCFvPO8v5Uz4EVzYTwFIP0VdDbPiTlAAAACXBIWXMAAAsTAAALEwEAmpwYAAABv0lEQVQ4y2NgYGBg4eMSEsUAQmyCLAxgIMwuigOwc4LlOURxAg6gChZ2UTyAkYeBTxQvYGYQQRXQ10flszGwInMTcu3jYzNQ3MmAzCutlZQQE6trRxZDUrBggoSkhKWYmIx441YsCtasniIJlheTkRbftW8vuoIVW1YC5SUg8uJSUnsOoirYtH4tinzYzsNHURQEb9y2QxIsryMNkj9yTO8AqoLNQctXTYXIi0vt3i+vpxKCosA/KHCDr+8ke5B8y8Tt8roqoWgKAgMWT9dWql86Q6p3tru87qFQ5ckoCroCHKdpK9nKLZq50Bsor7BO2SkPRUGSowNIXtbDzdtV3kBBs9XJ2gxFQaqDuZIxSL7Z1RQoX2RnXYGqIN/cBCivrtoUZWqjoKlmZ1VjkYWioMokHSRvqOVnU12pZmSlaJGZiBrUEWUQeU89FTUjDcWSuDT0yIoML8jRWuLppeLcoaFYXB6NJbpTeubO83JxVtZQjEnGmh5ERTv7XNqUl/VnoyQYlEQ9v7thzqxClGTNwIWaSH180BOtIP5kz00g4/ALMDBw4st6TKDMycmIUz8TJHvzMPOyYsqy8nIDzWcAAI9pl9ZLttfaAAAAAElFTkSuQmCC';

/** Listens for drag starts from the app's own page. */
export function registerDragOut(
  o: Readonly<{
    desktop: Pick<DesktopFiles, 'known' | 'resolve'>;
    appOrigin: string;
    logger: Logger;
  }>,
): void {
  const icon = nativeImage.createFromDataURL(DRAG_ICON);
  ipcMain.on(DRAG_CHANNEL, (event: IpcMainEvent, input: unknown) => {
    if (!isTrustedSender(event, o.appOrigin)) {
      o.logger.warn('drag start from an untrusted sender refused');
      return;
    }
    const ref = FileRefSchema.safeParse(input);
    if (!ref.success) return;
    // The OS drag must begin now, while the mouse is down: use the file the page's drag handle
    // already had resolved (files:dragSource) rather than touching the disk.
    const file = o.desktop.known(ref.data);
    if (file) {
      event.sender.startDrag({ file: file.path, icon });
      return;
    }
    // Not resolved yet: find it for the next attempt.
    void o.desktop.resolve(ref.data).catch(() => undefined);
  });
}
