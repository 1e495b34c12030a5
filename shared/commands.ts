/**
 * Every command of Kiln, declared once (design.md §9): its id, the words the user reads, the menu
 * it belongs to and its shortcut. The renderer's command registry binds each id to what it does
 * and when it can (`renderer/src/app/commands/`), and the command palette, the shortcut sheet
 * and the tooltips all read this table; the shortcuts are Electron accelerators
 * (`CmdOrCtrl+K`), so the app menu can carry the same ones.
 */

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
  readonly label: string;
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
}

/** Every command, in the order the palette and the shortcut sheet list them. */
export const COMMANDS = {
  'palette.open': {
    label: 'Show all commands',
    group: 'Help',
    shortcut: 'CmdOrCtrl+K',
    alsoShortcuts: ['CmdOrCtrl+Shift+P'],
    keywords: ['command palette', 'search'],
  },
  'shortcuts.show': {
    label: 'Keyboard shortcuts',
    group: 'Help',
    shortcut: 'CmdOrCtrl+/',
    keywords: ['keys', 'help'],
  },
  'settings.open': {
    label: 'Settings…',
    group: 'Edit',
    shortcut: 'CmdOrCtrl+,',
    keywords: ['preferences', 'options'],
  },
  'account.billing': { label: 'Account and billing', group: 'Window', keywords: ['balance'] },
  'account.keys': { label: 'API keys', group: 'Window', keywords: ['key', 'live'] },
  'panels.create': { label: 'Show Create', group: 'View', keywords: ['generate', 'photo'] },
  'panels.library': { label: 'Show Library', group: 'View', keywords: ['models'] },
  'panels.workspace': {
    label: 'Library workspace',
    group: 'View',
    keywords: ['grid', 'browse', 'library'],
  },
  'panels.tools': { label: 'Show Tools', group: 'View', keywords: ['export', 'remesh'] },
  'panels.activity': { label: 'Show Activity', group: 'View', keywords: ['jobs', 'progress'] },
  'panels.toggleLeft': {
    label: 'Show or hide the left panel',
    group: 'View',
    shortcut: 'CmdOrCtrl+B',
    keywords: ['sidebar', 'collapse', 'create', 'library'],
  },
  'panels.toggleRight': {
    label: 'Show or hide the right panel',
    group: 'View',
    shortcut: 'CmdOrCtrl+Alt+B',
    keywords: ['sidebar', 'collapse', 'tools', 'activity'],
  },
  'view.fit': { label: 'Fit the model to the view', group: 'View', shortcut: 'F' },
  'view.reset': { label: 'Reset the view', group: 'View', shortcut: 'Home' },
  'view.front': { label: 'Front view', group: 'View', shortcut: '1' },
  'view.side': { label: 'Side view', group: 'View', shortcut: '3' },
  'view.top': { label: 'Top view', group: 'View', shortcut: '7' },
  'view.threeQuarter': { label: 'Three-quarter view', group: 'View', shortcut: '5' },
  'view.turntable': {
    label: 'Turntable on or off',
    group: 'View',
    shortcut: 'T',
    keywords: ['spin', 'rotate'],
  },
  'theme.system': { label: 'Theme: follow the system', group: 'View', keywords: ['appearance'] },
  'theme.light': { label: 'Theme: light', group: 'View', keywords: ['appearance'] },
  'theme.dark': { label: 'Theme: dark', group: 'View', keywords: ['appearance'] },
} as const satisfies Record<string, CommandSpec>;

/** A command's id. */
export type CommandId = keyof typeof COMMANDS;

/** Every command's id, in declaration order. */
export const COMMAND_IDS = Object.keys(COMMANDS) as CommandId[];

/** The declaration of `id`. */
export function commandSpec(id: CommandId): CommandSpec {
  return COMMANDS[id];
}
