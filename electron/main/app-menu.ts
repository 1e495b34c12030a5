/**
 * The native menu, following each platform's conventions: on macOS the app menu carries About,
 * Hide and Quit; on Windows and Linux, File carries Quit. Developer tools appear only in
 * development builds.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';

/** Options of {@link menuTemplate}. */
export type MenuOptions = Readonly<{ platform: NodeJS.Platform; appName: string; dev: boolean }>;

/** The menu as data (tested without Electron). */
export function menuTemplate({
  platform,
  appName,
  dev,
}: MenuOptions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: mac
      ? [{ role: 'close' }]
      : [{ role: 'close' }, { type: 'separator' }, { role: 'quit' }],
  };
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      ...(dev
        ? ([
            { role: 'reload' },
            { role: 'toggleDevTools' },
            { type: 'separator' },
          ] as MenuItemConstructorOptions[])
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const window: MenuItemConstructorOptions = {
    label: '&Window',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };
  return [...(mac ? [appMenu] : []), file, edit, view, window];
}

/** Installs the menu. */
export function installAppMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(options)));
}
