/**
 * Every command of Kiln, declared once (design.md §9): its id, the words the user reads, the menu
 * it belongs to and its shortcut. The renderer's command registry binds each id to what it does
 * and when it can (`renderer/src/app/commands/`), and the command palette, the shortcut sheet
 * and the tooltips all read this table; the shortcuts are Electron accelerators
 * (`CmdOrCtrl+K`), so the app menu can carry the same ones.
 */

import type { Words } from './words';

/** The app menu a command belongs to (and the palette's group). */
export type CommandGroup = 'File' | 'Edit' | 'View' | 'Model' | 'Window' | 'Help';

/** The menus in the order the app menu, the palette and the shortcut sheet show them. */
export const COMMAND_GROUPS: readonly CommandGroup[] = [
  'File',
  'Edit',
  'View',
  'Model',
  'Window',
  'Help',
];

/** The declaration of one command. */
export interface CommandSpec {
  /**
   * The words the user reads, as a message of the `shared` catalog: its English `message` (the app
   * menu of the main process) and its `id` for the renderer's `i18n._` in the artist's language.
   * Plain objects marked for Lingui's extractor (`/*i18n*\/`): no macro here, as the main
   * process's code imports this module too.
   */
  readonly label: Words;
  readonly group: CommandGroup;
  /**
   * Its keys as an Electron accelerator: `CmdOrCtrl` (⌘ on a Mac, Ctrl elsewhere), `Shift`,
   * `Alt`, then one key. A key without a modifier works wherever the focus is not in a text field.
   */
  readonly shortcut?: string;
  /** More keys that do the same (the palette's Ctrl+Shift+P, VS Code's). */
  readonly alsoShortcuts?: readonly string[];
  /** Other words the palette finds it by. */
  readonly keywords?: readonly string[];
  /**
   * The editing command (`document.execCommand`'s name) a focused text field runs in its place:
   * its keys are left to the field (Ctrl/⌘+Z undoes the typing there), and the app menu's item,
   * chosen while a text field has the focus, runs the field's own command.
   */
  readonly textEdit?: 'undo' | 'redo';
}

/** Every command, in the order the palette and the shortcut sheet list them. */
export const COMMANDS = {
  'palette.open': {
    label: /*i18n*/ { id: 'command.palette.open', message: 'Show all commands' },
    group: 'Help',
    shortcut: 'CmdOrCtrl+K',
    alsoShortcuts: ['CmdOrCtrl+Shift+P'],
    keywords: ['command palette', 'search'],
  },
  'shortcuts.show': {
    label: /*i18n*/ { id: 'command.shortcuts.show', message: 'Keyboard shortcuts' },
    group: 'Help',
    shortcut: 'CmdOrCtrl+/',
    keywords: ['keys', 'help'],
  },
  'edit.undo': {
    label: /*i18n*/ { id: 'command.edit.undo', message: 'Undo' },
    group: 'Edit',
    shortcut: 'CmdOrCtrl+Z',
    textEdit: 'undo',
    keywords: ['restore', 'back'],
  },
  'edit.redo': {
    label: /*i18n*/ { id: 'command.edit.redo', message: 'Redo' },
    group: 'Edit',
    shortcut: 'CmdOrCtrl+Shift+Z',
    // Windows' and Linux's other key for it.
    alsoShortcuts: ['CmdOrCtrl+Y'],
    textEdit: 'redo',
    keywords: ['again', 'repeat'],
  },
  'settings.open': {
    label: /*i18n*/ { id: 'command.settings.open', message: 'Settings…' },
    group: 'Edit',
    shortcut: 'CmdOrCtrl+,',
    keywords: ['preferences', 'options'],
  },
  'account.billing': {
    label: /*i18n*/ { id: 'command.account.billing', message: 'Account and billing' },
    group: 'Window',
    keywords: ['balance'],
  },
  'account.keys': {
    label: /*i18n*/ { id: 'command.account.keys', message: 'API keys' },
    group: 'Window',
    keywords: ['key', 'live'],
  },
  'panels.create': {
    label: /*i18n*/ { id: 'command.panels.create', message: 'Show Create' },
    group: 'View',
    keywords: ['generate', 'photo'],
  },
  'panels.library': {
    label: /*i18n*/ { id: 'command.panels.library', message: 'Show Library' },
    group: 'View',
    keywords: ['models'],
  },
  'panels.workspace': {
    label: /*i18n*/ { id: 'command.panels.workspace', message: 'Library workspace' },
    group: 'View',
    keywords: ['grid', 'browse', 'library'],
  },
  'panels.tools': {
    label: /*i18n*/ { id: 'command.panels.tools', message: 'Show Tools' },
    group: 'View',
    keywords: ['export', 'remesh'],
  },
  'panels.activity': {
    label: /*i18n*/ { id: 'command.panels.activity', message: 'Show Activity' },
    group: 'View',
    keywords: ['jobs', 'progress'],
  },
  'panels.toggleLeft': {
    label: /*i18n*/ { id: 'command.panels.toggleLeft', message: 'Show or hide the left panel' },
    group: 'View',
    shortcut: 'CmdOrCtrl+B',
    keywords: ['sidebar', 'collapse', 'create', 'library'],
  },
  'panels.toggleRight': {
    label: /*i18n*/ { id: 'command.panels.toggleRight', message: 'Show or hide the right panel' },
    group: 'View',
    shortcut: 'CmdOrCtrl+Alt+B',
    keywords: ['sidebar', 'collapse', 'tools', 'activity'],
  },
  'view.fit': {
    label: /*i18n*/ { id: 'command.view.fit', message: 'Fit the model to the view' },
    group: 'View',
    shortcut: 'F',
  },
  'view.reset': {
    label: /*i18n*/ { id: 'command.view.reset', message: 'Reset the view' },
    group: 'View',
    shortcut: 'Home',
  },
  'view.front': {
    label: /*i18n*/ { id: 'command.view.front', message: 'Front view' },
    group: 'View',
    shortcut: '1',
  },
  'view.side': {
    label: /*i18n*/ { id: 'command.view.side', message: 'Side view' },
    group: 'View',
    shortcut: '3',
  },
  'view.top': {
    label: /*i18n*/ { id: 'command.view.top', message: 'Top view' },
    group: 'View',
    shortcut: '7',
  },
  'view.threeQuarter': {
    label: /*i18n*/ { id: 'command.view.threeQuarter', message: 'Three-quarter view' },
    group: 'View',
    shortcut: '5',
  },
  'view.turntable': {
    label: /*i18n*/ { id: 'command.view.turntable', message: 'Turntable on or off' },
    group: 'View',
    shortcut: 'T',
    keywords: ['spin', 'rotate'],
  },
  'theme.system': {
    label: /*i18n*/ { id: 'command.theme.system', message: 'Theme: follow the system' },
    group: 'View',
    keywords: ['appearance'],
  },
  'theme.light': {
    label: /*i18n*/ { id: 'command.theme.light', message: 'Theme: light' },
    group: 'View',
    keywords: ['appearance'],
  },
  'theme.dark': {
    label: /*i18n*/ { id: 'command.theme.dark', message: 'Theme: dark' },
    group: 'View',
    keywords: ['appearance'],
  },
} as const satisfies Record<string, CommandSpec>;

/** A command's id. */
export type CommandId = keyof typeof COMMANDS;

/** Every command's id, in declaration order. */
export const COMMAND_IDS = Object.keys(COMMANDS) as CommandId[];

/** The declaration of `id`. */
export function commandSpec(id: CommandId): CommandSpec {
  return COMMANDS[id];
}
