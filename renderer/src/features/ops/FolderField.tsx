/**
 * Where results are saved: a full path typed or chosen with the platform's picker (Electron). It
 * is the settings' export folder: a folder typed here is kept there as soon as the field is left
 * (or Enter pressed, or a folder chosen), so it stays when the Tools tab is left, another model or
 * version opens, or Kiln restarts. A path that is not absolute gets a sentence, not a send; one the
 * core refuses (a file in the way) gets the core's sentence, and results are not sent elsewhere
 * silently meanwhile.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useKiln } from '../../store/StoreProvider';

/** Accepts POSIX (`/…`), Windows drive (`C:\…`) and UNC (`\\server\…`) absolute paths. */
export function isAbsolutePath(text: string): boolean {
  return /^(\/|[a-zA-Z]:[\\/]|\\\\[^\\])/.test(text.trim());
}

/** The results folder as the field edits it. */
export interface ResultsFolder {
  /** What the field shows: the text being typed, else the saved folder. */
  readonly text: string;
  /** The folder results go to now; undefined while the text cannot be used (nothing is sent). */
  readonly folder: string | undefined;
  /** Why the typed text cannot be used, in a sentence. */
  readonly error: string | undefined;
  readonly edit: (text: string) => void;
  /** Keeps `text` (default: the typed one) as the export folder when it is a full path. */
  readonly commit: (text?: string) => Promise<void>;
}

const NOT_ABSOLUTE = msg`Type the folder’s full path, for example /home/you/Models or C:\\Users\\you\\Models.`;

/** The results folder: the settings' export folder, edited in place. */
export function useResultsFolder(): ResultsFolder {
  const saved = useKiln((s) => s.settings?.exportDir);
  const updateSettings = useKiln((s) => s.updateSettings);
  const { i18n } = useLingui();
  const [draft, setDraft] = useState<string>();
  const [refused, setRefused] = useState<{ text: string; message: string }>();
  const text = draft ?? saved ?? '';
  const error = !isAbsolutePath(text)
    ? i18n._(NOT_ABSOLUTE)
    : refused?.text === text
      ? refused.message
      : undefined;
  return {
    text,
    folder: error ? undefined : text.trim(),
    error,
    edit: (next) => setDraft(next),
    commit: async (value = text) => {
      const folder = value.trim();
      if (!isAbsolutePath(folder)) return;
      if (folder === saved) {
        setDraft(undefined);
        return;
      }
      try {
        await updateSettings({ exportDir: folder });
        setDraft(undefined);
        setRefused(undefined);
      } catch (e) {
        setDraft(value);
        setRefused({ text: value, message: (e as Error).message });
      }
    },
  };
}

/** The folder field. */
export function FolderField({ folder }: { folder: ResultsFolder }) {
  const canChoose = useKiln((s) => s.info?.canChooseFolder === true);
  const chooseFolder = useKiln((s) => s.chooseFolder);
  const [pickError, setPickError] = useState<string>();
  const id = useId();
  const choose = async () => {
    try {
      const chosen = await chooseFolder();
      if (chosen) await folder.commit(chosen);
      setPickError(undefined);
    } catch (e) {
      setPickError((e as Error).message);
    }
  };
  return (
    <div className="field folder-field">
      <label htmlFor={id}>
        <Trans>Save results in</Trans>
      </label>
      <div className="folder-row">
        <input
          id={id}
          type="text"
          data-testid="ops-folder"
          value={folder.text}
          spellCheck={false}
          aria-invalid={folder.error !== undefined}
          aria-describedby={folder.error ? `${id}-error` : undefined}
          onChange={(e) => folder.edit(e.target.value)}
          onBlur={() => void folder.commit()}
          onKeyDown={(e) => {
            // Keeps the folder; inside a form (the batch form) it must not submit it.
            if (e.key === 'Enter') {
              e.preventDefault();
              void folder.commit();
            }
          }}
        />
        {canChoose ? (
          <button type="button" data-testid="ops-choose-folder" onClick={() => void choose()}>
            <Trans>Choose…</Trans>
          </button>
        ) : null}
      </div>
      {folder.error ? (
        <p className="error-text field-error" id={`${id}-error`} data-testid="ops-folder-error">
          {folder.error}
        </p>
      ) : null}
      {pickError ? <p className="error-text field-error">{pickError}</p> : null}
    </div>
  );
}
