/**
 * Kiln's own update in Activity: the download's progress, "ready" with Restart now (or on quit),
 * the release notes, and what went wrong. Shows nothing while there is nothing to say.
 */
import { useEffect } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { ProgressBar } from '../../ui/ProgressBar';

/** The update card at the top of Activity. */
export function UpdateCard() {
  const update = useKiln((s) => s.update);
  const error = useKiln((s) => s.updateError);
  const loadUpdate = useKiln((s) => s.loadUpdate);
  const installUpdate = useKiln((s) => s.installUpdate);
  const checkForUpdates = useKiln((s) => s.checkForUpdates);
  useEffect(() => void loadUpdate(), [loadUpdate]);
  if (!update || !['downloading', 'ready', 'error'].includes(update.state)) return null;
  const notes = update.notes ? (
    <details className="update-notes">
      <summary>What’s new in {update.version}</summary>
      <p data-testid="update-notes">{update.notes}</p>
    </details>
  ) : null;
  return (
    <section
      className="update-card"
      aria-label="Kiln update"
      data-testid="update-card"
      data-update-state={update.state}
    >
      {update.state === 'downloading' ? (
        <>
          <p>
            Downloading Kiln {update.version}… <span className="muted">{update.percent ?? 0}%</span>
          </p>
          <ProgressBar label={`Kiln ${update.version} download`} percent={update.percent} />
        </>
      ) : update.state === 'ready' ? (
        <>
          <p>
            Kiln {update.version} is ready.{' '}
            {update.install === 'now'
              ? (update.message ?? 'Restarting…')
              : 'It installs when you quit Kiln.'}
          </p>
          <div className="update-actions">
            {update.install === 'now' ? (
              <button type="button" onClick={() => void installUpdate('quit')}>
                Install when I quit instead
              </button>
            ) : (
              <button
                type="button"
                data-testid="update-restart"
                onClick={() => void installUpdate('now')}
              >
                Restart now
              </button>
            )}
          </div>
        </>
      ) : (
        <>
          <p role="alert">{update.message}</p>
          <button type="button" onClick={() => void checkForUpdates()}>
            Try again
          </button>
        </>
      )}
      {notes}
      {error ? <p role="alert">{error}</p> : null}
    </section>
  );
}
