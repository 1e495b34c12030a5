/**
 * One declared setting on the Settings window (shared/settings.ts gives its kind, words and
 * choices): a text field, a list of choices, or a switch applied at once; its hint under it, and
 * the core's sentence when a value is refused.
 */
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { PageSetting } from '../../../../shared/settings';

/** The row of `setting`: its draft `value` (a switch: its saved state) and its refusal if any. */
export function SettingRow(props: {
  setting: PageSetting;
  value: string;
  checked: boolean;
  refusal: string | undefined;
  onText: (value: string) => void;
  onFlag: (checked: boolean) => void;
}) {
  const { setting, value, checked, refusal, onText, onFlag } = props;
  const { key, kind, label, hint, choices } = setting;
  const { i18n } = useLingui();
  const inputId = `${useId()}-${key}`;
  const describedBy = `${inputId}-hint${refusal !== undefined ? ` ${inputId}-error` : ''}`;
  const hintLine = (
    <span className="muted" id={`${inputId}-hint`}>
      {i18n._(hint)}
    </span>
  );
  if (kind === 'flag') {
    return (
      <div className="settings-field is-flag" data-setting={key}>
        <label htmlFor={inputId}>
          <input
            id={inputId}
            type="checkbox"
            checked={checked}
            aria-describedby={describedBy}
            data-testid={`setting-${key}`}
            onChange={(e) => onFlag(e.target.checked)}
          />{' '}
          {i18n._(label)}
        </label>
        {hintLine}
      </div>
    );
  }
  const common = {
    id: inputId,
    'aria-describedby': describedBy,
    'aria-invalid': refusal !== undefined || undefined,
    'data-testid': `setting-${key}`,
    value,
    onChange: (e: { target: { value: string } }) => onText(e.target.value),
  };
  return (
    <div className="settings-field" data-setting={key}>
      <label htmlFor={inputId}>{i18n._(label)}</label>
      {kind === 'choice' ? (
        <select {...common}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {i18n._(choice.label)}
            </option>
          ))}
        </select>
      ) : (
        // Addresses and folders are typed as text; amounts and counts as numbers.
        <input
          {...common}
          inputMode={kind === 'int' || kind === 'usd' ? 'decimal' : undefined}
          spellCheck={false}
        />
      )}
      {hintLine}
      {refusal !== undefined ? (
        <span
          className="field-error"
          id={`${inputId}-error`}
          role="alert"
          data-testid={`setting-error-${key}`}
        >
          {refusal}
        </span>
      ) : null}
    </div>
  );
}
