/**
 * The settings' shortcut, Ctrl+, (⌘, on a Mac) as in every desktop app: it opens the account
 * page on Settings from anywhere, text fields included (the key types nothing there). In the
 * desktop app the menu's Preferences… item has the same accelerator and sends the same request.
 */
import { useEffect } from 'react';
import { useKiln } from '../../store/StoreProvider';

/** The shortcut as the platform writes it. */
export const SETTINGS_SHORTCUT =
  typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⌘,' : 'Ctrl+,';

/** True for Ctrl+, or ⌘, (no Shift, no Alt). */
export function isSettingsShortcut(
  event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): boolean {
  return (
    (event.key === ',' || event.code === 'Comma') &&
    (event.ctrlKey || event.metaKey) &&
    !event.shiftKey &&
    !event.altKey
  );
}

/** Listens for the settings' shortcut. Mount once, in the shell. */
export function useSettingsShortcut(): void {
  const openAccount = useKiln((s) => s.openAccount);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSettingsShortcut(event)) return;
      event.preventDefault();
      openAccount('settings');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [openAccount]);
}
