/**
 * Under the Settings window's page: Save and Undo for the typed values of every group, "Saved.",
 * and a refusal that has no field on the page (the connection's, a switch's).
 */
import { Trans } from '@lingui/react/macro';
import type { SettingsForm } from './use-settings-form';

/** The window's actions; `shownFields`: the settings on the page (their refusals show there). */
export function SettingsActions({
  form,
  shownFields,
}: {
  form: SettingsForm;
  shownFields: ReadonlySet<string>;
}) {
  const { error } = form;
  return (
    <div className="settings-footer">
      {error && !shownFields.has(error.field ?? '') ? (
        <p className="field-error" role="alert" data-testid="settings-error">
          {error.message}
        </p>
      ) : null}
      <div className="account-actions">
        <button type="submit" className="primary" data-testid="settings-save">
          <Trans>Save settings</Trans>
        </button>
        <button type="button" onClick={form.undo}>
          <Trans>Undo changes</Trans>
        </button>
        {form.saved ? (
          <span className="ok-text" role="status" data-testid="settings-saved">
            <Trans>Saved.</Trans>
          </span>
        ) : null}
      </div>
    </div>
  );
}
