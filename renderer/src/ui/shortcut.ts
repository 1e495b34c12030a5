import { t } from '@lingui/core/macro';

/**
 * Shortcuts written as Electron accelerators (`CmdOrCtrl+Shift+P`, shared/commands.ts): matched
 * against a key press, and written out as the platform writes them (`Ctrl+Shift+P`, `⇧⌘P`).
 */

/** A parsed accelerator. */
export interface Shortcut {
  readonly mod: boolean;
  readonly shift: boolean;
  readonly alt: boolean;
  /** The key as `KeyboardEvent.key` gives it, lower-cased (`k`, `/`, `home`). */
  readonly key: string;
}

/** Parses `accelerator` (`CmdOrCtrl+Shift+P`, `F`, `Home`). */
export function parseShortcut(accelerator: string): Shortcut {
  const parts = accelerator.split('+');
  // `CmdOrCtrl++` would be a plus key: the last part is the key, even when empty after a split.
  const key = (parts.at(-1) === '' ? '+' : parts.at(-1)!).toLowerCase();
  const mods = new Set(parts.slice(0, -1));
  return { mod: mods.has('CmdOrCtrl'), shift: mods.has('Shift'), alt: mods.has('Alt'), key };
}

/** The `KeyboardEvent.code` of a key, for layouts where the character differs (`,` → Comma). */
/* eslint-disable lingui/no-unlocalized-strings -- KeyboardEvent codes and ARIA's key names, not words */
const CODES: Readonly<Record<string, string>> = {
  ',': 'Comma',
  '/': 'Slash',
  '.': 'Period',
};

function codeOf(key: string): string | undefined {
  if (/^[a-z]$/.test(key)) return `Key${key.toUpperCase()}`;
  if (/^[0-9]$/.test(key)) return `Digit${key}`;
  return CODES[key];
}
/* eslint-enable lingui/no-unlocalized-strings */

/** True when `event` presses `shortcut` (Ctrl or ⌘ both count as the modifier). */
export function matchesShortcut(
  shortcut: Shortcut,
  event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): boolean {
  if ((event.ctrlKey || event.metaKey) !== shortcut.mod) return false;
  if (event.altKey !== shortcut.alt) return false;
  const key = event.key.toLowerCase();
  const sameKey = key === shortcut.key || (codeOf(shortcut.key) ?? '') === event.code;
  if (!sameKey) return false;
  // Shift counts only with a modifier (`?` is Shift+/ on most keyboards, `T` is Shift+t).
  return !shortcut.mod || event.shiftKey === shortcut.shift;
}

/** True on a Mac, where the modifier is ⌘. */
export function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);
}

/**
 * A named key as the region's keyboards print it (Pos1 for Home on a German one); a key Kiln's
 * shortcuts do not use keeps its English name, capitalised.
 */
function namedKey(key: string): string {
  switch (key) {
    case 'home':
      return t({ message: 'Home', context: 'keyboard key' });
    case 'end':
      return t({ message: 'End', context: 'keyboard key' });
    case 'delete':
      return t({ message: 'Delete', context: 'keyboard key' });
    case 'escape':
      return t({ message: 'Esc', context: 'keyboard key' });
    case 'space':
      return t({ message: 'Space', context: 'keyboard key' });
    default:
      return key[0]!.toUpperCase() + key.slice(1);
  }
}

/** The shortcut as the platform writes it: `Ctrl+Shift+P` or `⇧⌘P`. */
export function formatShortcut(accelerator: string, mac: boolean = isMac()): string {
  const { mod, shift, alt, key } = parseShortcut(accelerator);
  const name = key.length === 1 ? key.toUpperCase() : namedKey(key);
  if (mac) return `${alt ? '⌥' : ''}${shift ? '⇧' : ''}${mod ? '⌘' : ''}${name}`;
  // The modifier keys as they are printed on the region's keyboards (Strg, Maj, Mayús…).
  return [mod ? t`Ctrl` : '', shift ? t`Shift` : '', alt ? t`Alt` : '', name]
    .filter(Boolean)
    .join('+');
}

/** The shortcut as `aria-keyshortcuts` writes it (`Control+K Meta+K`). */
export function ariaShortcut(accelerator: string): string {
  const { mod, shift, alt, key } = parseShortcut(accelerator);
  const name = key.length === 1 ? key.toUpperCase() : namedKey(key);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- ARIA's key names, not words
  const rest = [shift ? 'Shift' : '', alt ? 'Alt' : '', name].filter(Boolean).join('+');
  // eslint-disable-next-line lingui/no-unlocalized-strings -- ARIA's key names, not words
  return mod ? `Control+${rest} Meta+${rest}` : rest;
}
