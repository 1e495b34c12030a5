/**
 * Where results are saved: a full path typed or chosen with the platform's picker (Electron); the
 * settings' export folder by default. A path that is not absolute gets a sentence, not a send.
 */
import { useId, useState } from 'react';
import { useKiln } from '../../store/StoreProvider';

/** Accepts POSIX (`/…`), Windows drive (`C:\…`) and UNC (`\\server\…`) absolute paths. */
export function isAbsolutePath(text: string): boolean {
  return /^(\/|[a-zA-Z]:[\\/]|\\\\[^\\])/.test(text.trim());
}

/** The folder field. `value` is the typed text; the panel validates it with {@link isAbsolutePath}. */
export function FolderField(props: { value: string; onChange: (v: string) => void }) {
  const { value, onChange } = props;
  const canChoose = useKiln((s) => s.info?.canChooseFolder === true);
  const chooseFolder = useKiln((s) => s.chooseFolder);
  const [pickError, setPickError] = useState<string>();
  const id = useId();
  const bad = !isAbsolutePath(value);
  const choose = async () => {
    try {
      const chosen = await chooseFolder();
      if (chosen) onChange(chosen);
      setPickError(undefined);
    } catch (e) {
      setPickError((e as Error).message);
    }
  };
  return (
    <div className="field folder-field">
      <label htmlFor={id}>Save results in</label>
      <div className="folder-row">
        <input
          id={id}
          type="text"
          data-testid="ops-folder"
          value={value}
          spellCheck={false}
          aria-invalid={bad}
          aria-describedby={bad ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {canChoose ? (
          <button type="button" data-testid="ops-choose-folder" onClick={() => void choose()}>
            Choose…
          </button>
        ) : null}
      </div>
      {bad ? (
        <p className="error-text field-error" id={`${id}-error`} data-testid="ops-folder-error">
          Type the folder’s full path, for example /home/you/Models or C:\Users\you\Models.
        </p>
      ) : null}
      {pickError ? <p className="error-text field-error">{pickError}</p> : null}
    </div>
  );
}
