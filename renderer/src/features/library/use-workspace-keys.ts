import { useEffect } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { keyBelongsToFocus } from '../../ui/keys';

/** The library workspace's shortcut, as the platform writes it. */
export const WORKSPACE_SHORTCUT =
  typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⇧⌘L' : 'Ctrl+Shift+L';

/** True for the workspace's shortcut: Ctrl+Shift+L (⇧⌘L on a Mac). */
export function isWorkspaceShortcut(event: KeyboardEvent): boolean {
  return (
    event.code === 'KeyL' && event.shiftKey && !event.altKey && (event.ctrlKey || event.metaKey)
  );
}

/**
 * The window's keys for the library workspace: its shortcut opens or closes it from anywhere,
 * and Escape returns to the viewer (unless a text field or a dialog has the key). Listened to
 * before the page's own handlers (capture), and marked used, so Escape that leaves the
 * workspace does not also end a comparison in the viewer behind it. Mount once, in the shell.
 */
export function useWorkspaceKeys(): void {
  const workspace = useKiln((s) => s.workspace);
  const setWorkspace = useKiln((s) => s.setWorkspace);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isWorkspaceShortcut(event)) {
        event.preventDefault();
        setWorkspace(!workspace);
      } else if (
        workspace &&
        event.key === 'Escape' &&
        !event.defaultPrevented &&
        !keyBelongsToFocus(event.target)
      ) {
        event.preventDefault();
        setWorkspace(false);
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [workspace, setWorkspace]);
}
