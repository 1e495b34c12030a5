/**
 * The window's shortcut keys, from the command registry: a shortcut with Ctrl/⌘ works from
 * anywhere, a text field included (it types nothing there), but for a text field's own editing
 * key (Ctrl/⌘+Z undoes the typing there, see `CommandSpec.textEdit`); a plain key (F, 1, T…) works
 * wherever the focus is not in a text field, a dialog or a widget that uses such keys itself
 * (Home in a grid or tabs, letters in a list's type-ahead), and where nothing handled the key
 * first (the viewer's own stage).
 */
import { useEffect } from 'react';
import { isTextField, keyBelongsToFocus } from '../../ui/keys';
import type { Command } from './use-commands';
import { matchesShortcut, parseShortcut } from '../../ui/shortcut';

/** Widgets that move with Home, End and the page keys themselves. */
const NAVIGATES = '[role="grid"], [role="tablist"], [role="slider"], [role="tree"]';
/** Widgets that jump to an item by its first letters (type-ahead): every plain key is theirs. */
const TYPES_AHEAD = '[role="listbox"], [role="menu"], [role="menubar"]';
const NAV_KEYS = new Set(['home', 'end', 'pageup', 'pagedown']);

/** The command `event` presses, if any. */
export function commandForKey(
  commands: readonly Command[],
  event: Pick<
    KeyboardEvent,
    'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'target' | 'defaultPrevented'
  >,
): Command | undefined {
  if (event.defaultPrevented) return undefined;
  for (const command of commands) {
    for (const accelerator of [command.shortcut, ...(command.alsoShortcuts ?? [])]) {
      if (!accelerator) continue;
      const shortcut = parseShortcut(accelerator);
      if (!matchesShortcut(shortcut, event)) continue;
      if (command.textEdit && isTextField(event.target)) return undefined;
      if (!shortcut.mod) {
        const target = event.target instanceof Element ? event.target : null;
        if (keyBelongsToFocus(target) || target?.closest(TYPES_AHEAD)) return undefined;
        if (NAV_KEYS.has(shortcut.key) && target?.closest(NAVIGATES)) return undefined;
      }
      return command;
    }
  }
  return undefined;
}

/** Listens for the commands' shortcuts. Mount once, in the shell. */
export function useCommandKeys(commands: readonly Command[]): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandForKey(commands, event);
      if (!command?.enabled) return;
      event.preventDefault();
      command.run();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [commands]);
}
