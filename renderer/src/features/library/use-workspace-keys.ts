import { useEffect } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { keyBelongsToFocus } from '../../ui/keys';
import { selectedCount } from './selection-state';

const accelerator = 'CmdOrCtrl+Shift+L';
/** The library workspace's shortcut as an accelerator (`formatShortcut` writes it for people). */
export const WORKSPACE_SHORTCUT = accelerator;

/** True for the workspace's shortcut: Ctrl+Shift+L (⇧⌘L on a Mac). */
export function isWorkspaceShortcut(event: KeyboardEvent): boolean {
  return (
    event.code === 'KeyL' && event.shiftKey && !event.altKey && (event.ctrlKey || event.metaKey)
  );
}

/** True for Ctrl+A (⌘A on a Mac). */
function isSelectAll(event: KeyboardEvent): boolean {
  return (
    event.code === 'KeyA' && !event.shiftKey && !event.altKey && (event.ctrlKey || event.metaKey)
  );
}

/**
 * The window's keys for the library workspace: its shortcut opens or closes it from anywhere,
 * and Escape returns to the viewer (unless a text field or a dialog has the key). In the
 * workspace, or with the focus in the library strip, Ctrl/⌘+A selects every model of the search
 * and Escape first clears a selection, as in a file manager. Listened to before the page's own
 * handlers (capture), and marked used, so Escape that leaves the workspace does not also end a
 * comparison in the viewer behind it. Mount once, in the shell.
 */
export function useWorkspaceKeys(): void {
  const workspace = useKiln((s) => s.workspace);
  const setWorkspace = useKiln((s) => s.setWorkspace);
  const selected = useKiln((s) => selectedCount(s.libSelection) > 0);
  const selectAll = useKiln((s) => s.selectAllLibrary);
  const clearSelection = useKiln((s) => s.clearLibrarySelection);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const inLibrary =
        workspace ||
        (event.target instanceof Element &&
          event.target.closest('[data-testid="library"]') !== null);
      const forLibrary = inLibrary && !keyBelongsToFocus(event.target);
      if (isWorkspaceShortcut(event)) {
        event.preventDefault();
        setWorkspace(!workspace);
      } else if (forLibrary && isSelectAll(event)) {
        event.preventDefault();
        selectAll();
      } else if (forLibrary && selected && event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        clearSelection();
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
  }, [workspace, setWorkspace, selected, selectAll, clearSelection]);
}
