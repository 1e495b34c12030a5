/**
 * "Show in folder" for a finished model or export: the desktop app opens the file manager on it;
 * the browser host cannot, so it says where the file is.
 */
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { FileRef } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import './desktop.css';

/** Props of {@link ShowInFolderButton}: the result, by job or model id. */
export type ShowInFolderButtonProps = Readonly<{ fileRef: FileRef }>;

/** The button and its answer. */
export function ShowInFolderButton({ fileRef }: ShowInFolderButtonProps) {
  const showInFolder = useKiln((s) => s.showInFolder);
  const [note, setNote] = useState<{ text: string; error: boolean }>();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const answer = await showInFolder(fileRef);
      setNote({ text: answer.message, error: false });
    } catch (error) {
      setNote({ text: (error as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="desktop-folder">
      <button
        type="button"
        className="desktop-folder__button"
        data-testid="show-in-folder"
        disabled={busy}
        onClick={() => void onClick()}
      >
        <Trans>Show in folder</Trans>
      </button>
      {note ? (
        <span
          className={note.error ? 'error-text desktop-folder__note' : 'muted desktop-folder__note'}
          role={note.error ? 'alert' : 'status'}
          data-testid="show-in-folder-note"
        >
          {note.text}
        </span>
      ) : null}
    </span>
  );
}
