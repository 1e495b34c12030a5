/**
 * "Use this key with another service address?" asked by the main process in a native dialog: no
 * page can draw, answer or click it, so a page gone wrong cannot move a stored key to an address
 * of its choosing. The core asks through its `confirmKeyOrigin` port.
 */
import { BrowserWindow, dialog, type MessageBoxOptions } from 'electron';
import type { KeyOriginQuestion } from '../core/ports';

/** The button that confirms; the default and the cancel answer keep the key where it was. */
const CONFIRM = 1;

/** Asks the user; true only when they chose to use the key with the new address. */
export async function confirmKeyOrigin(q: KeyOriginQuestion): Promise<boolean> {
  const options: MessageBoxOptions = {
    type: 'warning',
    title: 'Use your key with another address?',
    message: `Use “${q.keyName}” with ${q.to}?`,
    detail: `This key was added for ${q.from}. The service address is now ${q.to} (platform ${q.platform}). From now on Kiln sends the key with every request there, and that service can spend your balance. Confirm only if you changed the address yourself and trust it.`,
    buttons: [`Keep it for ${q.from}`, `Use it with ${q.to}`],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
  const parent = BrowserWindow.getFocusedWindow();
  const { response } = parent
    ? await dialog.showMessageBox(parent, options)
    : await dialog.showMessageBox(options);
  return response === CONFIRM;
}
