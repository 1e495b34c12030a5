/**
 * The update settings (Account → Settings): the quiet check at start, "Check now" with its
 * answer, and, where Kiln cannot update itself (the browser host), how it updates instead.
 */
import { useEffect } from 'react';
import { useKiln } from '../../store/StoreProvider';

/** Update settings. */
export function UpdateSettings() {
  const update = useKiln((s) => s.update);
  const checkAtStart = useKiln((s) => s.settings?.checkUpdatesAtStart ?? true);
  const updateSettings = useKiln((s) => s.updateSettings);
  const loadUpdate = useKiln((s) => s.loadUpdate);
  const checkForUpdates = useKiln((s) => s.checkForUpdates);
  useEffect(() => void loadUpdate(), [loadUpdate]);
  if (!update) return null;
  if (update.state === 'unsupported') {
    return (
      <p className="muted" data-testid="update-unsupported">
        Updates: {update.message}
      </p>
    );
  }
  const answer =
    update.state === 'checking'
      ? 'Checking…'
      : update.state === 'downloading' || update.state === 'ready'
        ? `Kiln ${update.version} is ${update.state === 'ready' ? 'ready (see Activity)' : 'downloading'}.`
        : update.message;
  return (
    <fieldset className="update-settings">
      <legend>Updates</legend>
      <label>
        <input
          type="checkbox"
          checked={checkAtStart}
          data-testid="update-check-at-start"
          onChange={(e) => void updateSettings({ checkUpdatesAtStart: e.target.checked })}
        />{' '}
        Check for updates when Kiln starts
      </label>
      <button type="button" onClick={() => void checkForUpdates()}>
        Check now
      </button>
      {answer ? (
        <p className="muted" role="status">
          {answer}
        </p>
      ) : null}
    </fieldset>
  );
}
