/**
 * Kiln's own update in Activity: the download's progress, "ready" with Restart now (or on quit),
 * the release notes, and what went wrong. A chunk of its own, rendered by `UpdateCard` only
 * while there is something to say.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { UpdateView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import { ProgressBar } from '../../ui/ProgressBar';
import { formatNumber } from '../../../../shared/format';

/** The update card at the top of Activity, for an update downloading, ready or failed. */
export default function UpdateCardView({ update }: { readonly update: UpdateView }) {
  const error = useKiln((s) => s.updateError);
  const installUpdate = useKiln((s) => s.installUpdate);
  const checkForUpdates = useKiln((s) => s.checkForUpdates);
  const { t } = useLingui();
  const version = update.version;
  const percent = formatNumber(update.percent ?? 0);
  const notes = update.notes ? (
    <details className="update-notes">
      <summary>
        <Trans>What’s new in {version}</Trans>
      </summary>
      <p data-testid="update-notes">{update.notes}</p>
    </details>
  ) : null;
  return (
    <section
      className="update-card"
      aria-label={t`Kiln update`}
      data-testid="update-card"
      data-update-state={update.state}
    >
      {update.state === 'downloading' ? (
        <>
          <p>
            <Trans>
              Downloading Kiln {version}… <span className="muted">{percent}%</span>
            </Trans>
          </p>
          <ProgressBar label={t`Kiln ${version} download`} percent={update.percent} />
        </>
      ) : update.state === 'ready' ? (
        <>
          <p>
            <Trans>Kiln {version} is ready.</Trans>{' '}
            {update.install === 'now'
              ? (update.message ?? t`Restarting…`)
              : t`It installs when you quit Kiln.`}
          </p>
          <div className="update-actions">
            {update.install === 'now' ? (
              <button type="button" onClick={() => void installUpdate('quit')}>
                <Trans>Install when I quit instead</Trans>
              </button>
            ) : (
              <button
                type="button"
                data-testid="update-restart"
                onClick={() => void installUpdate('now')}
              >
                <Trans>Restart now</Trans>
              </button>
            )}
          </div>
        </>
      ) : (
        <>
          <p role="alert">{update.message}</p>
          <button type="button" onClick={() => void checkForUpdates()}>
            <Trans>Try again</Trans>
          </button>
        </>
      )}
      {notes}
      {error ? <p role="alert">{error}</p> : null}
    </section>
  );
}
