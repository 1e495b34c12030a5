/**
 * The right-click menu of text fields (and of selected text) in the window: Cut, Copy, Paste and
 * Select All, each enabled as Chromium's `editFlags` say (Paste only with something to paste and
 * a field that takes it). The page's own menus (library cards, Activity rows, the viewer) call
 * `preventDefault` on `contextmenu`, and then Electron sends no `context-menu` here. Labels are in
 * the user's language (Electron's own role labels are English only).
 */
import {
  Menu,
  type BrowserWindow,
  type ContextMenuParams,
  type MenuItemConstructorOptions,
} from 'electron';
import type { Say } from '../core/i18n/main-language';
import { ROLE_WORDS } from '../core/i18n/main-words';

/** The items for a right-click with `params`, or none where Kiln shows no native menu. */
export function editMenuTemplate(
  params: Pick<ContextMenuParams, 'isEditable' | 'selectionText' | 'editFlags'>,
  say: Say,
): MenuItemConstructorOptions[] {
  const flags = params.editFlags;
  const item = (role: 'cut' | 'copy' | 'paste' | 'selectAll', enabled: boolean) => ({
    role,
    label: say(ROLE_WORDS[role]),
    enabled,
  });
  if (params.isEditable) {
    return [
      item('cut', flags.canCut),
      item('copy', flags.canCopy),
      item('paste', flags.canPaste),
      { type: 'separator' },
      item('selectAll', flags.canSelectAll),
    ];
  }
  return params.selectionText.trim() ? [item('copy', flags.canCopy)] : [];
}

/** Shows the edit menu on right-clicks in `window`'s page, in `say`'s language of the moment. */
export function installEditContextMenu(window: BrowserWindow, say: Say): void {
  window.webContents.on('context-menu', (_event, params) => {
    const template = editMenuTemplate(params, say);
    if (template.length) Menu.buildFromTemplate(template).popup({ window });
  });
}
