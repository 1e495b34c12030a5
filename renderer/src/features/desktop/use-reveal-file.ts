/**
 * "Show in folder" run from a right-click menu: the same call as {@link ShowInFolderButton}
 * (`files:showInFolder`, the desktop slice), whose answer — the browser host's "find the file
 * at …", or why the file is gone — shows as a notice over the workspace, as a menu has no place
 * of its own to say it. The desktop app's file manager opening is its own answer.
 */
import { useCallback, useMemo } from 'react';
import type { FileRef } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';

/** Shows `ref`'s file in the file manager, or says where it is / why not in a notice. */
export function useRevealFile(): (ref: FileRef) => void {
  const showInFolder = useKiln((s) => s.showInFolder);
  const addAppNotice = useKiln((s) => s.addAppNotice);
  return useCallback(
    (ref: FileRef) => {
      void showInFolder(ref).then(
        (answer) => {
          if (!answer.shown) addAppNotice('info', answer.message);
        },
        (error: Error) => addAppNotice('warning', error.message),
      );
    },
    [showInFolder, addAppNotice],
  );
}

/** What {@link useMenuBasics} gives a menu. */
export type MenuBasics = Readonly<{
  reveal(ref: FileRef): void;
  copy(text: string): Promise<void>;
  /** Says why an item's action failed (a menu has no place of its own to say it). */
  report(message: string): void;
}>;

/**
 * What Activity's row menus share beside their own items: Show in folder ({@link useRevealFile}),
 * copying to the clipboard, and saying in a notice why an item's action failed (a menu has no
 * place of its own to say it).
 */
export function useMenuBasics(): MenuBasics {
  const reveal = useRevealFile();
  const addAppNotice = useKiln((s) => s.addAppNotice);
  return useMemo(
    () => ({
      reveal,
      copy: (text: string) => navigator.clipboard.writeText(text),
      report: (message: string) => addAppNotice('warning', message),
    }),
    [reveal, addAppNotice],
  );
}
