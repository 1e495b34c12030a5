/**
 * What a finished job offers: where its file was saved (with a copy button), and opening its
 * result in the viewer (a new version, or a saved GLB shown for a look).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { JobView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import { DragOut } from '../desktop/DragOut';
import { ShowInFolderButton } from '../desktop/ShowInFolderButton';
import { openLabel } from './job-labels';

/** Saved path and the open button of a done job (nothing otherwise). */
export function ResultActions({ job }: { job: JobView }) {
  const openResult = useKiln((s) => s.openResult);
  const [error, setError] = useState<string>();
  const [copied, setCopied] = useState(false);
  const { t } = useLingui();
  if (job.state !== 'done') return null;
  const label = openLabel(job);
  const savedPath = job.savedPath;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(job.savedPath ?? '');
      setCopied(true);
    } catch {
      setError(t`The clipboard is not available: select the path and copy it.`);
    }
  };
  return (
    <div className="result-actions">
      {job.savedPath ? (
        <p className="saved-path">
          <Trans>
            Saved to{' '}
            <code data-testid="saved-path" title={savedPath}>
              {savedPath}
            </code>
          </Trans>{' '}
          <button type="button" className="link-button" onClick={() => void copy()}>
            {copied ? t`Copied` : t`Copy path`}
          </button>
        </p>
      ) : null}
      {job.savedPath ? (
        <div className="saved-file-actions">
          <DragOut fileRef={{ jobId: job.id }} />
          <ShowInFolderButton fileRef={{ jobId: job.id }} />
        </div>
      ) : null}
      {label ? (
        <button
          type="button"
          data-testid="job-open"
          onClick={() => void openResult(job).catch((e: Error) => setError(e.message))}
        >
          {label}
        </button>
      ) : null}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
