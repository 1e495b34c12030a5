/**
 * Settings: which service Kiln talks to (the sandbox, or the live service at its address), the
 * platform's address, request and polling budgets, the export folder, the cache size, spending
 * thresholds and length units. Saving sends only what changed; a refused value shows the core's
 * sentence next to its field and nothing else is lost.
 */
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Words } from '../../../../shared/words';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { SettingsPatch, SettingsView } from '../../../../shared/ipc/contract';
import { PAGE_SETTINGS } from '../../../../shared/settings';
import { useKiln } from '../../store/StoreProvider';
import { UpdateSettings } from '../activity/UpdateSettings';
import { SandboxBuildFailures } from './SandboxBuildFailures';

/** A setting the page shows (shared/settings.ts declares which, with label and hint). */
type Field = (typeof PAGE_SETTINGS)[number]['key'];

type Spec = Readonly<{
  field: Field;
  /** The setting's words (the shared catalog's messages), shown with `i18n._`. */
  label: Words;
  hint: Words;
  kind: 'text' | 'int' | 'usd' | 'choice';
  choices: ReadonlyArray<Readonly<{ value: string; label: Words }>>;
}>;

/** The page's fields: the declared settings it shows, in their order. */
const SPECS: readonly Spec[] = PAGE_SETTINGS.map(({ key, label, hint, kind, choices }) => ({
  field: key,
  label,
  hint,
  // Addresses and folders are typed as text; a switch shows elsewhere, never here.
  kind: kind === 'int' || kind === 'usd' || kind === 'choice' ? kind : 'text',
  choices,
}));

type Draft = Record<Field, string>;

function draftOf(s: SettingsView): Draft {
  const out = {} as Draft;
  for (const { field } of SPECS) {
    const v = s[field];
    out[field] = v === undefined ? '' : String(v);
  }
  return out;
}

/** The change from `saved` to `draft`, or a local refusal for a field. */
function patchOf(
  draft: Draft,
  saved: Draft,
): { patch: SettingsPatch } | { field: Field; message: string } {
  const patch: Record<string, unknown> = {};
  for (const { field, kind } of SPECS) {
    const value = draft[field].trim();
    if (value === saved[field]) continue;
    if (kind === 'int') {
      if (!/^\d+$/.test(value)) return { field, message: t`Enter a whole number.` };
      patch[field] = Number(value);
    } else if (kind === 'usd') {
      patch[field] = value === '' ? null : value;
    } else if (field === 'exportDir' && value === '') {
      patch[field] = null;
    } else {
      patch[field] = value;
    }
  }
  return { patch: patch as SettingsPatch };
}

/** The connection in use: the built-in sandbox, or the live service with the last key. */
function ConnectionFields({ onError }: { onError: (message: string) => void }) {
  const keyState = useKiln((s) => s.keyState);
  const activateKey = useKiln((s) => s.activateKey);
  const openAccount = useKiln((s) => s.openAccount);
  const id = useId();
  const lastKey = keyState?.keys?.find((k) => !k.missing);
  const activeKey = keyState?.keys?.find((k) => k.active);
  const liveKeyName = (activeKey ?? lastKey)?.name;
  const keyName = activeKey?.name;
  const keyOrigin = activeKey?.origin;
  const origin = keyState?.origin;
  return (
    <fieldset className="settings-connection" data-testid="settings-connection">
      <legend>
        <Trans>Connection</Trans>
      </legend>
      <label>
        <input
          type="radio"
          name={`${id}-mode`}
          checked={keyState?.mode === 'sandbox'}
          onChange={() =>
            void activateKey(null).catch((e: unknown) => onError((e as Error).message))
          }
          data-testid="mode-sandbox"
        />
        <Trans>Built-in sandbox (demo: nothing is charged, a library of its own)</Trans>
      </label>
      <label>
        <input
          type="radio"
          name={`${id}-mode`}
          checked={keyState?.mode === 'live'}
          disabled={!lastKey}
          onChange={() =>
            lastKey &&
            void activateKey(lastKey.id).catch((e: unknown) => onError((e as Error).message))
          }
          data-testid="mode-live"
        />
        {lastKey ? (
          <Trans>Live service at the address below with “{liveKeyName}”</Trans>
        ) : (
          <Trans>Live service at the address below (add a key first, under Keys)</Trans>
        )}
      </label>
      {keyOrigin && origin && keyOrigin !== origin ? (
        <p className="field-error" role="status" data-testid="settings-key-origin">
          <Trans>
            “{keyName}” was added for {keyOrigin}: Kiln will not send it to {origin}.
          </Trans>{' '}
          <button type="button" onClick={() => openAccount('keys')}>
            <Trans>Confirm or paste it again under Keys</Trans>
          </button>
        </p>
      ) : null}
    </fieldset>
  );
}

/** Whether models dragged out of the library are the compatible GLB. */
function DragOutSetting({ onError }: { onError: (message: string) => void }) {
  const settings = useKiln((s) => s.settings);
  const updateSettings = useKiln((s) => s.updateSettings);
  return (
    <fieldset className="update-settings">
      <legend>
        <Trans>Dragging models out</Trans>
      </legend>
      <label>
        <input
          type="checkbox"
          checked={settings?.dragOutCompatible ?? false}
          data-testid="setting-dragOutCompatible"
          onChange={(e) =>
            void updateSettings({ dragOutCompatible: e.target.checked }).catch((err: unknown) =>
              onError((err as Error).message),
            )
          }
        />{' '}
        <Trans>
          Drag library models out as a compatible GLB (PNG/JPEG textures, read by every importer)
        </Trans>
      </label>
      <span className="muted">
        <Trans>
          Made on this computer when a model opens, and kept in the model cache beside it.
        </Trans>
      </span>
    </fieldset>
  );
}

/** The settings tab. */
export function SettingsSection() {
  const settings = useKiln((s) => s.settings);
  const updateSettings = useKiln((s) => s.updateSettings);
  const keyState = useKiln((s) => s.keyState);
  const id = useId();
  const [draft, setDraft] = useState<Draft | undefined>(settings ? draftOf(settings) : undefined);
  const [error, setError] = useState<{ field?: string; message: string } | undefined>();
  const [saved, setSaved] = useState(false);
  const { i18n } = useLingui();
  useEffect(() => {
    if (settings && !draft) setDraft(draftOf(settings));
  }, [settings, draft]);
  if (!settings || !draft) {
    return (
      <p className="muted account-section">
        <Trans>Reading the settings…</Trans>
      </p>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const result = patchOf(draft, draftOf(settings));
    if ('field' in result) return setError(result);
    setError(undefined);
    void updateSettings(result.patch).then(
      (next) => {
        setDraft(draftOf(next));
        setSaved(true);
      },
      (err: unknown) =>
        setError({ field: (err as { field?: string }).field, message: (err as Error).message }),
    );
  };

  return (
    <form
      className="account-section settings-form"
      onSubmit={onSubmit}
      data-testid="account-settings"
      noValidate
    >
      <ConnectionFields onError={(message) => setError({ message })} />
      {keyState?.mode === 'sandbox' ? <SandboxBuildFailures /> : null}
      {SPECS.map(({ field, label, hint, kind, choices }) => {
        const inputId = `${id}-${field}`;
        const refused = error?.field === field;
        const common = {
          id: inputId,
          'aria-describedby': `${inputId}-hint${refused ? ` ${inputId}-error` : ''}`,
          'aria-invalid': refused || undefined,
          'data-testid': `setting-${field}`,
          value: draft[field],
          onChange: (e: { target: { value: string } }) => {
            setSaved(false);
            setDraft({ ...draft, [field]: e.target.value });
          },
        };
        return (
          <div className="settings-field" key={field}>
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
              <input
                {...common}
                inputMode={kind === 'text' ? undefined : 'decimal'}
                spellCheck={false}
              />
            )}
            <span className="muted" id={`${inputId}-hint`}>
              {i18n._(hint)}
            </span>
            {refused ? (
              <span
                className="field-error"
                id={`${inputId}-error`}
                role="alert"
                data-testid={`setting-error-${field}`}
              >
                {error.message}
              </span>
            ) : null}
          </div>
        );
      })}
      <DragOutSetting onError={(message) => setError({ message })} />
      <UpdateSettings />
      {error && !SPECS.some((s) => s.field === error.field) ? (
        <p className="field-error" role="alert" data-testid="settings-error">
          {error.message}
        </p>
      ) : null}
      <div className="account-actions">
        <button type="submit" className="primary" data-testid="settings-save">
          <Trans>Save settings</Trans>
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(draftOf(settings));
            setError(undefined);
          }}
        >
          <Trans>Undo changes</Trans>
        </button>
        {saved ? (
          <span className="ok-text" role="status" data-testid="settings-saved">
            <Trans>Saved.</Trans>
          </span>
        ) : null}
      </div>
    </form>
  );
}
