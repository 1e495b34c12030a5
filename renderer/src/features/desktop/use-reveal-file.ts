/**
 * "Show in folder" run from a right-click menu: the same call as {@link ShowInFolderButton}
 * (`files:showInFolder`, the desktop slice), whose answer — the browser host's "find the file
 * at …", or why the file is gone — shows as a notice over the workspace, as a menu has no place
 * of its own to say it. The desktop app's file manager opening is its own answer.
 */
import { useCallback } from 'react';
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
