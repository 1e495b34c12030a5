/**
 * Pasting a key: for a new named key, or a new secret for a stored one. The key can be tried
 * first (one free balance call); saving sends it to the main process, which keeps it in the OS
 * keychain and makes it active. A key that just failed its test is saved only once the user says
 * so (it would leave Kiln refused at every call). The field is emptied after saving: the key is
 * never shown again.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { KeyStateView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';

/** Props of {@link KeyForm}. */
export type KeyFormProps = Readonly<{
  /** The stored key to replace; absent: add a new one. */
  replaceId?: string;
  /** Ask for a name (new keys). */
  withName?: boolean;
  /** Called after the key was saved. */
  onSaved?: (state: KeyStateView) => void;
  onCancel?: () => void;
  testId: string;
}>;

/** The name of a new key. */
function NameField(props: {
  id: string;
  value: string;
  onChange: (name: string) => void;
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <label htmlFor={props.id}>
      <Trans>Name</Trans>
      <input
        id={props.id}
        value={props.value}
        maxLength={60}
        placeholder={t`For example: Client A`}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={`${props.testId}-name`}
      />
    </label>
  );
}

/** The question before saving a key that just failed its test. */
function SaveAnyway(props: {
  reason: string;
  testId: string;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { testId, reason } = props;
  return (
    <div className="key-save-confirm" role="alert" data-testid={`${testId}-confirm`}>
      <p>
        <Trans>
          This key failed its test: {reason} Save it anyway? Kiln would use it at once, and the
          service would refuse every call until it works.
        </Trans>
      </p>
      <div className="account-actions">
        <button type="button" onClick={props.onSave} data-testid={`${testId}-save-anyway`}>
          <Trans>Save anyway</Trans>
        </button>
        <button
          type="button"
          className="primary"
          onClick={props.onCancel}
          data-testid={`${testId}-save-cancel`}
        >
          <Trans>Don&apos;t save</Trans>
        </button>
      </div>
    </div>
  );
}

/** A form to add or replace a key. */
export function KeyForm({ replaceId, withName = false, onSaved, onCancel, testId }: KeyFormProps) {
  const saveKey = useKiln((s) => s.saveKey);
  const testKey = useKiln((s) => s.testKey);
  const id = useId();
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  /** The key as it was when its test failed, and why: saving that key asks first. */
  const [failed, setFailed] = useState<{ key: string; reason: string } | undefined>();
  const [asking, setAsking] = useState(false);
  const { t } = useLingui();

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setResult(undefined);
    try {
      await what();
    } catch (error) {
      setResult({ ok: false, text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const onTest = () =>
    void run(async () => {
      const r = await testKey({ key });
      setResult({ ok: r.ok, text: r.message });
      setFailed(r.ok ? undefined : { key, reason: r.message });
    });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // The key that just failed its test is saved with "Save anyway" only.
    if (failed?.key === key) {
      setAsking(true);
      return;
    }
    save();
  };
  const save = () => {
    setAsking(false);
    void run(async () => {
      const state = await saveKey(key, {
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(replaceId ? { id: replaceId } : {}),
      });
      setKey('');
      setName('');
      setFailed(undefined);
      const suffix = state.suffix ?? t`(short key)`;
      setResult({ ok: true, text: t`Saved. Kiln now uses the key ending ${suffix}.` });
      onSaved?.(state);
    });
  };

  return (
    <form
      className="key-form"
      onSubmit={onSubmit}
      data-testid={testId}
      aria-label={replaceId ? t`Replace the key` : t`Add a key`}
    >
      {withName ? (
        <NameField id={`${id}-name`} value={name} onChange={setName} testId={testId} />
      ) : null}
      <label htmlFor={`${id}-key`}>
        {replaceId ? t`New key` : t`API key`}
        <input
          id={`${id}-key`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={key}
          placeholder={t`Paste the key from the platform`}
          onChange={(e) => {
            setKey(e.target.value);
            setAsking(false);
          }}
          data-testid={`${testId}-key`}
        />
      </label>
      <div className="account-actions">
        <button
          type="button"
          disabled={!key.trim() || busy}
          onClick={onTest}
          data-testid={`${testId}-test`}
        >
          <Trans>Test</Trans>
        </button>
        <button
          type="submit"
          className="primary"
          disabled={!key.trim() || busy}
          data-testid={`${testId}-save`}
        >
          {replaceId ? t`Replace` : t`Save key`}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
      {asking && failed ? (
        <SaveAnyway
          reason={failed.reason}
          testId={testId}
          onSave={save}
          onCancel={() => setAsking(false)}
        />
      ) : result ? (
        <p
          className={result.ok ? 'ok-text' : 'field-error'}
          role={result.ok ? 'status' : 'alert'}
          data-testid={`${testId}-result`}
        >
          {result.text}
        </p>
      ) : null}
    </form>
  );
}
