/**
 * The native menu, following each platform's conventions: on macOS the app menu carries About,
 * Preferences…, Hide and Quit; on Windows and Linux, File carries Quit and Edit Preferences…. Developer tools appear only in
 * development builds.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';

/** File → Open… and File → Open Recent. */
export type FileMenu = Readonly<{
  /** Files opened before, newest first. */
  recent: readonly string[];
  /** Asks for a .glb/.gltf with the OS dialog and opens it. */
  open(): void;
  openRecent(file: string): void;
  clearRecent(): void;
}>;

/** Help → Check for Updates…, Open Logs Folder, Copy Diagnostics. */
export type HelpMenu = Readonly<{
  checkForUpdates(): void;
  openLogs(): void;
  copyDiagnostics(): void;
}>;

/** Options of {@link menuTemplate}. */
export type MenuOptions = Readonly<{
  platform: NodeJS.Platform;
  appName: string;
  dev: boolean;
  files?: FileMenu;
  help?: HelpMenu;
  /** Preferences… (Ctrl/⌘+,): the app menu on macOS, Edit elsewhere. */
  preferences?: () => void;
}>;

/** File → Open… and Open Recent, with "Clear Recent" (disabled entries when the list is empty). */
function openItems(files: FileMenu): MenuItemConstructorOptions[] {
  const recent: MenuItemConstructorOptions[] = files.recent.length
    ? files.recent.map((file) => ({ label: file, click: () => files.openRecent(file) }))
    : [{ label: 'No recent files', enabled: false }];
  return [
    { label: '&Open…', accelerator: 'CmdOrCtrl+O', click: () => files.open() },
    {
      label: 'Open &Recent',
      submenu: [
        ...recent,
        { type: 'separator' },
        {
          label: '&Clear Recent',
          enabled: files.recent.length > 0,
          click: () => files.clearRecent(),
        },
      ],
    },
    { type: 'separator' },
  ];
}

/** The menu as data (tested without Electron). */
export function menuTemplate({
  platform,
  appName,
  dev,
  files,
  help,
  preferences,
}: MenuOptions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const preferencesItems: MenuItemConstructorOptions[] = preferences
    ? [
        { type: 'separator' },
        { label: '&Preferences…', accelerator: 'CmdOrCtrl+,', click: () => preferences() },
      ]
    : [];
  // macOS apps put "Check for Updates…" in the app menu; Windows and Linux apps in Help.
  const checkForUpdates: MenuItemConstructorOptions[] = help
    ? [{ label: 'Check for &Updates…', click: () => help.checkForUpdates() }]
    : [];
  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { role: 'about' },
      ...checkForUpdates,
      ...preferencesItems,
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
    submenu: [
      ...(files ? openItems(files) : []),
      ...(mac
        ? ([{ role: 'close' }] as MenuItemConstructorOptions[])
        : ([
            { role: 'close' },
            { type: 'separator' },
            { role: 'quit' },
          ] as MenuItemConstructorOptions[])),
    ],
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
      ...(mac ? [] : preferencesItems),
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
  const helpMenu: MenuItemConstructorOptions = {
    label: '&Help',
    role: 'help',
    submenu: [
      ...(help
        ? ([
            ...(mac ? [] : [...checkForUpdates, { type: 'separator' }]),
            { label: 'Open &Logs Folder', click: () => help.openLogs() },
            { label: '&Copy Diagnostics', click: () => help.copyDiagnostics() },
          ] as MenuItemConstructorOptions[])
        : []),
    ],
  };
  return [...(mac ? [appMenu] : []), file, edit, view, window, helpMenu];
}

/** Installs the menu (again, whenever the recent files change). */
export function installAppMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(options)));
}
