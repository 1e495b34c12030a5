/**
 * The native menu, following each platform's conventions: on macOS the app menu carries About,
 * Preferences…, Hide and Quit; on Windows and Linux, File carries Quit, Edit Preferences… and
 * Help About. Developer tools appear only in development builds.
 *
 * The page's commands (shared/commands.ts: panels, camera views, theme, palette, shortcuts) are
 * listed in their menus with their shortcuts; a click asks the page to run one. Their keys stay
 * the page's (`registerAccelerator: false`): a menu accelerator would take a plain key such as
 * F from a text field, and a key handled twice would open and close the palette at once.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';
import {
  COMMAND_IDS,
  COMMANDS,
  commandSpec,
  type CommandGroup,
  type CommandId,
} from '../../shared/commands';

/** File → Open… and File → Open Recent. */
export type FileMenu = Readonly<{
  /** Files opened before, newest first. */
  recent: readonly string[];
  /** Asks for a model file with the OS dialog and opens it. */
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
  /** Runs a command of the page's registry (sent to the page). */
  command?: (id: CommandId) => void;
}>;

/** Commands the menu shows in a place of its own (Preferences…, Edit → Undo). */
const PLACED_ELSEWHERE: ReadonlySet<CommandId> = new Set(['settings.open', 'edit.undo']);

/**
 * Edit → Undo: the page's undo (a cleared selection, a removed photo) in place of Electron's
 * `undo` role, which undid only a text field's typing. Its Ctrl/⌘+Z stays registered: the page
 * sees the key first and handles it outside text fields (the menu then gets nothing); in a text
 * field the page leaves it, Chromium undoes the typing itself, and a key it leaves unhandled (on
 * macOS, where a menu item does the text's undo) reaches this item, whose command the page runs
 * as the field's own undo (`CommandSpec.textEdit`). Without the page's commands, the role.
 */
function undoItem(run: ((id: CommandId) => void) | undefined): MenuItemConstructorOptions {
  if (!run) return { role: 'undo' };
  const { label, shortcut } = commandSpec('edit.undo');
  return { label: label.message, accelerator: shortcut, click: () => run('edit.undo') };
}

/** The page's commands of `group` as menu items, each with its shortcut shown. */
function commandItems(
  group: CommandGroup,
  run: ((id: CommandId) => void) | undefined,
  mac: boolean,
): MenuItemConstructorOptions[] {
  if (!run) return [];
  const items = COMMAND_IDS.filter(
    (id) => commandSpec(id).group === group && !PLACED_ELSEWHERE.has(id),
  ).map((id): MenuItemConstructorOptions => {
    const { label, shortcut } = commandSpec(id);
    // A plain key cannot be shown unregistered on macOS: there the page's keys alone.
    const shown = shortcut && (!mac || shortcut.includes('+'));
    return {
      // English, as the main process's other menus (issue 32 leaves the main process's words).
      label: label.message,
      click: () => run(id),
      ...(shown ? { accelerator: shortcut, registerAccelerator: false } : {}),
    };
  });
  return items.length ? [...items, { type: 'separator' }] : [];
}

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
  command,
}: MenuOptions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const preferencesItems: MenuItemConstructorOptions[] = preferences
    ? [
        { type: 'separator' },
        {
          label: '&Preferences…',
          accelerator: COMMANDS['settings.open'].shortcut,
          click: () => preferences(),
        },
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
      undoItem(command),
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
      ...commandItems('View', command, mac),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const window: MenuItemConstructorOptions = {
    label: '&Window',
    submenu: [
      ...commandItems('Window', command, mac),
      ...((mac
        ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
        : [{ role: 'minimize' }, { role: 'close' }]) as MenuItemConstructorOptions[]),
    ],
  };
  const helpMenu: MenuItemConstructorOptions = {
    label: '&Help',
    role: 'help',
    submenu: [
      ...commandItems('Help', command, mac),
      ...(help
        ? ([
            ...(mac ? [] : [...checkForUpdates, { type: 'separator' }]),
            { label: 'Open &Logs Folder', click: () => help.openLogs() },
            { label: '&Copy Diagnostics', click: () => help.copyDiagnostics() },
          ] as MenuItemConstructorOptions[])
        : []),
      // About on every OS (macOS has it in the app menu).
      ...(mac ? [] : ([{ type: 'separator' }, { role: 'about' }] as MenuItemConstructorOptions[])),
    ],
  };
  const model = commandItems('Model', command, mac).slice(0, -1);
  return [
    ...(mac ? [appMenu] : []),
    file,
    edit,
    view,
    ...(model.length ? [{ label: '&Model', submenu: model }] : []),
    window,
    helpMenu,
  ];
}

/** Installs the menu (again, whenever the recent files change). */
export function installAppMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(options)));
}
