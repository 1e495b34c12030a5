/**
 * "Use this key with another service address?" asked by the main process in a native dialog: no
 * page can draw, answer or click it, so a page gone wrong cannot move a stored key to an address
 * of its choosing. The core asks through its `confirmKeyOrigin` port.
 */
import { BrowserWindow, dialog, type MessageBoxOptions } from 'electron';
import type { Say } from '../core/i18n/main-language';
import { DIALOG } from '../core/i18n/main-words';
import type { KeyOriginQuestion } from '../core/ports';

/** The button that confirms; the default and the cancel answer keep the key where it was. */
const CONFIRM = 1;

/** Asks the user in their language; true only when they chose to use the key with the new address. */
export async function confirmKeyOrigin(q: KeyOriginQuestion, say: Say): Promise<boolean> {
  const values = { keyName: q.keyName, from: q.from, to: q.to, platform: q.platform };
  const options: MessageBoxOptions = {
    type: 'warning',
    title: say(DIALOG.keyOriginTitle),
    message: say(DIALOG.keyOriginMessage, values),
    detail: say(DIALOG.keyOriginDetail, values),
    buttons: [say(DIALOG.keyOriginKeep, values), say(DIALOG.keyOriginUse, values)],
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
