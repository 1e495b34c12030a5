/**
 * The native menu, following each platform's conventions: on macOS the app menu carries About,
 * Preferences…, Hide and Quit; on Windows and Linux, File carries Quit, Edit Preferences… and
 * Help About. Developer tools appear only in development builds.
 *
 * The page's commands (shared/commands.ts: panels, camera views, theme, palette, shortcuts) are
 * listed in their menus with their shortcuts; a click asks the page to run one. Their keys stay
 * the page's (`registerAccelerator: false`): a menu accelerator would take a plain key such as
 * F from a text field, and a key handled twice would open and close the palette at once.
 *
 * Every label is in the user's language (`say`, electron/core/i18n): Kiln's items, the page's
 * commands and Electron's roles, whose own labels are English only. Accelerators and commands
 * are the same in every language.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';
import {
  COMMAND_IDS,
  COMMANDS,
  commandSpec,
  type CommandGroup,
  type CommandId,
} from '../../shared/commands';
import type { Say, WordValues } from '../core/i18n/main-language';
import { MENU, QUIT_WORDS, ROLE_WORDS } from '../core/i18n/main-words';
import type { Words } from '../../shared/words';

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
  /** The menu's words in the user's language (`MainLanguage.say`). */
  say: Say;
}>;

/** An Electron role the menus use, with a label of its own. */
type Role = keyof typeof ROLE_WORDS | 'quit';

/**
 * Writes the menus' labels: `say`'s words, where macOS (which has no mnemonics) drops a
 * "(&F)"-style mnemonic that Chinese and Japanese Windows/Linux apps add after their word.
 */
function labeller(say: Say, platform: NodeJS.Platform, appName: string) {
  const mac = platform === 'darwin';
  const label = (words: Words, values?: WordValues) => {
    const text = say(words, { appName, ...values });
    return mac ? text.replace(/\s*\(&\w\)/g, '') : text;
  };
  const quit = QUIT_WORDS[platform === 'darwin' || platform === 'win32' ? platform : 'other'];
  /** A role's item with its label in the user's language (its accelerator stays the role's). */
  const role = (
    name: Role,
    extra: MenuItemConstructorOptions = {},
  ): MenuItemConstructorOptions => ({
    role: name,
    label: label(name === 'quit' ? quit : ROLE_WORDS[name]),
    ...extra,
  });
  return { label, role };
}

/** Commands the menu shows in a place of its own (Preferences…, Edit → Undo and Redo). */
const PLACED_ELSEWHERE: ReadonlySet<CommandId> = new Set([
  'settings.open',
  'edit.undo',
  'edit.redo',
]);

/**
 * Edit → Undo and Redo: the page's (a cleared selection, a removed photo, and doing it again) in
 * place of Electron's `undo`/`redo` roles, which acted only on a text field's typing. Their keys
 * stay registered: the page sees a key first and handles it outside text fields (the menu then
 * gets nothing); in a text field the page leaves it, Chromium undoes or redoes the typing itself,
 * and a key it leaves unhandled (on macOS, where a menu item does the text's undo) reaches this
 * item, whose command the page runs as the field's own (`CommandSpec.textEdit`). Without the
 * page's commands, the role.
 */
function editItem(
  id: 'edit.undo' | 'edit.redo',
  run: ((id: CommandId) => void) | undefined,
  { label, role }: ReturnType<typeof labeller>,
): MenuItemConstructorOptions {
  if (!run) return role(id === 'edit.undo' ? 'undo' : 'redo');
  const spec = commandSpec(id);
  return { label: label(spec.label), accelerator: spec.shortcut, click: () => run(id) };
}

/** The page's commands of `group` as menu items, each with its shortcut shown. */
function commandItems(
  group: CommandGroup,
  run: ((id: CommandId) => void) | undefined,
  mac: boolean,
  label: (words: Words) => string,
): MenuItemConstructorOptions[] {
  if (!run) return [];
  const items = COMMAND_IDS.filter(
    (id) => commandSpec(id).group === group && !PLACED_ELSEWHERE.has(id),
  ).map((id): MenuItemConstructorOptions => {
    const { label: words, shortcut } = commandSpec(id);
    // A plain key cannot be shown unregistered on macOS: there the page's keys alone.
    const shown = shortcut && (!mac || shortcut.includes('+'));
    return {
      label: label(words),
      click: () => run(id),
      ...(shown ? { accelerator: shortcut, registerAccelerator: false } : {}),
    };
  });
  return items.length ? [...items, { type: 'separator' }] : [];
}

/** File → Open… and Open Recent, with "Clear Recent" (disabled entries when the list is empty). */
function openItems(files: FileMenu, label: (words: Words) => string): MenuItemConstructorOptions[] {
  const recent: MenuItemConstructorOptions[] = files.recent.length
    ? files.recent.map((file) => ({ label: file, click: () => files.openRecent(file) }))
    : [{ label: label(MENU.noRecent), enabled: false }];
  return [
    { label: label(MENU.open), accelerator: 'CmdOrCtrl+O', click: () => files.open() },
    {
      label: label(MENU.openRecent),
      submenu: [
        ...recent,
        { type: 'separator' },
        {
          label: label(MENU.clearRecent),
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
  say,
}: MenuOptions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const words = labeller(say, platform, appName);
  const { label, role } = words;
  const commands = (group: CommandGroup) => commandItems(group, command, mac, label);
  const preferencesItems: MenuItemConstructorOptions[] = preferences
    ? [
        { type: 'separator' },
        {
          label: label(MENU.preferences),
          accelerator: COMMANDS['settings.open'].shortcut,
          click: () => preferences(),
        },
      ]
    : [];
  // macOS apps put "Check for Updates…" in the app menu; Windows and Linux apps in Help.
  const checkForUpdates: MenuItemConstructorOptions[] = help
    ? [{ label: label(MENU.checkForUpdates), click: () => help.checkForUpdates() }]
    : [];
  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      role('about'),
      ...checkForUpdates,
      ...preferencesItems,
      { type: 'separator' },
      role('services'),
      { type: 'separator' },
      role('hide'),
      role('hideOthers'),
      role('unhide'),
      { type: 'separator' },
      role('quit'),
    ],
  };
  const file: MenuItemConstructorOptions = {
    label: label(MENU.file),
    submenu: [
      ...(files ? openItems(files, label) : []),
      ...(mac ? [role('close')] : [role('close'), { type: 'separator' as const }, role('quit')]),
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: label(MENU.edit),
    submenu: [
      editItem('edit.undo', command, words),
      editItem('edit.redo', command, words),
      { type: 'separator' },
      role('cut'),
      role('copy'),
      role('paste'),
      role('selectAll'),
      ...(mac ? [] : preferencesItems),
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: label(MENU.view),
    submenu: [
      ...(dev ? [role('reload'), role('toggleDevTools'), { type: 'separator' as const }] : []),
      ...commands('View'),
      role('resetZoom'),
      role('zoomIn'),
      role('zoomOut'),
      { type: 'separator' },
      role('togglefullscreen'),
    ],
  };
  const window: MenuItemConstructorOptions = {
    label: label(MENU.window),
    submenu: [
      ...commands('Window'),
      ...(mac
        ? [role('minimize'), role('zoom'), { type: 'separator' as const }, role('front')]
        : [role('minimize'), role('close')]),
    ],
  };
  const helpMenu: MenuItemConstructorOptions = {
    label: label(MENU.help),
    role: 'help',
    submenu: [
      ...commands('Help'),
      ...(help
        ? ([
            ...(mac ? [] : [...checkForUpdates, { type: 'separator' }]),
            { label: label(MENU.openLogs), click: () => help.openLogs() },
            { label: label(MENU.copyDiagnostics), click: () => help.copyDiagnostics() },
          ] as MenuItemConstructorOptions[])
        : []),
      // About on every OS (macOS has it in the app menu).
      ...(mac ? [] : [{ type: 'separator' as const }, role('about')]),
    ],
  };
  const model = commands('Model').slice(0, -1);
  return [
    ...(mac ? [appMenu] : []),
    file,
    edit,
    view,
    ...(model.length ? [{ label: label(MENU.model), submenu: model }] : []),
    window,
    helpMenu,
  ];
}

/** Installs the menu (again, whenever the recent files change). */
export function installAppMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(options)));
}
