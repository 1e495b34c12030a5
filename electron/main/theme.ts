/**
 * Electron's theme follows the Appearance setting (`theme`, shared/settings.ts): `system` lets
 * the OS decide, `light`/`dark` pin one. `nativeTheme.themeSource` is what the page's
 * `prefers-color-scheme`, the native menus, dialogs and title bar all read, so one assignment
 * keeps every one of them in the same theme as the page.
 */
import { nativeTheme } from 'electron';
import { THEMES, type Theme } from '../../shared/settings';

/** Sets Electron's theme from a stored `theme` value (anything else: follow the system). */
export function applyThemeSetting(theme: unknown): void {
  nativeTheme.themeSource = THEMES.includes(theme as Theme) ? (theme as Theme) : 'system';
}

/** The window's colour before the page paints, in the theme Electron shows. */
export function windowBackground(): string {
  // The tokens' --kiln-bg (renderer/src/ui/tokens.css), dark and light.
  return nativeTheme.shouldUseDarkColors ? '#121418' : '#eef0f3';
}
