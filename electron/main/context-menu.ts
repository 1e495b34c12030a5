/**
 * The right-click menu of text fields (and of selected text) in the window: Cut, Copy, Paste and
 * Select All, each enabled as Chromium's `editFlags` say (Paste only with something to paste and
 * a field that takes it). The page's own menus (library cards, Activity rows, the viewer) call
 * `preventDefault` on `contextmenu`, and then Electron sends no `context-menu` here.
 */
import {
  Menu,
  type BrowserWindow,
  type ContextMenuParams,
  type MenuItemConstructorOptions,
} from 'electron';

/** The items for a right-click with `params`, or none where Kiln shows no native menu. */
export function editMenuTemplate(
  params: Pick<ContextMenuParams, 'isEditable' | 'selectionText' | 'editFlags'>,
): MenuItemConstructorOptions[] {
  const flags = params.editFlags;
  if (params.isEditable) {
    return [
      { role: 'cut', enabled: flags.canCut },
      { role: 'copy', enabled: flags.canCopy },
      { role: 'paste', enabled: flags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', enabled: flags.canSelectAll },
    ];
  }
  return params.selectionText.trim() ? [{ role: 'copy', enabled: flags.canCopy }] : [];
}

/** Shows the edit menu on right-clicks in `window`'s page. */
export function installEditContextMenu(window: BrowserWindow): void {
  window.webContents.on('context-menu', (_event, params) => {
    const template = editMenuTemplate(params);
    if (template.length) Menu.buildFromTemplate(template).popup({ window });
  });
}
