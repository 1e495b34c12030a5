/**
 * The update settings (Account → Settings): the quiet check at start, "Check now" with its
 * answer, and, where Kiln cannot update itself (the browser host), how it updates instead.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useKiln } from '../../store/StoreProvider';

/** Update settings. */
export function UpdateSettings() {
  const update = useKiln((s) => s.update);
  const checkAtStart = useKiln((s) => s.settings?.checkUpdatesAtStart ?? true);
  const updateSettings = useKiln((s) => s.updateSettings);
  const loadUpdate = useKiln((s) => s.loadUpdate);
  const checkForUpdates = useKiln((s) => s.checkForUpdates);
  const { t } = useLingui();
  useEffect(() => void loadUpdate(), [loadUpdate]);
  if (!update) return null;
  if (update.state === 'unsupported') {
    const why = update.message;
    return (
      <p className="muted" data-testid="update-unsupported">
        <Trans>Updates: {why}</Trans>
      </p>
    );
  }
  const version = update.version;
  const answer =
    update.state === 'checking'
      ? t`Checking…`
      : update.state === 'ready'
        ? t`Kiln ${version} is ready (see Activity).`
        : update.state === 'downloading'
          ? t`Kiln ${version} is downloading.`
          : update.message;
  return (
    <fieldset className="update-settings">
      <legend>
        <Trans>Updates</Trans>
      </legend>
      <label>
        <input
          type="checkbox"
          checked={checkAtStart}
          data-testid="update-check-at-start"
          onChange={(e) => void updateSettings({ checkUpdatesAtStart: e.target.checked })}
        />{' '}
        <Trans>Check for updates when Kiln starts</Trans>
      </label>
      <button type="button" onClick={() => void checkForUpdates()}>
        <Trans>Check now</Trans>
      </button>
      {answer ? (
        <p className="muted" role="status">
          {answer}
        </p>
      ) : null}
    </fieldset>
  );
}
