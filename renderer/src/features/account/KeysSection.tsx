/**
 * The keys: every named key with its masked suffix and where it is kept, the active one marked.
 * Each can be tried (a free balance call), made active, replaced or removed; a refused key says
 * so and offers to replace it. With no key active Kiln uses the sandbox. A key belongs to the
 * service address it was added for: after the address changed, its row says so and offers to
 * paste it again, or (in the desktop app) to confirm it in a dialog of the app itself.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { KeyEntryView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import { KeyForm } from './KeyForm';
import { PlatformLink } from './PlatformLink';

/** Where a key's secret is kept, in words. */
const STORAGE_WORDS: Record<KeyEntryView['storage'], MessageDescriptor> = {
  keychain: msg`in the system keychain`,
  session: msg`for this session only`,
  none: msg`secret missing`,
};

/** The question before a key is removed. */
function RemoveConfirm(props: { name: string; onRemove: () => void; onKeep: () => void }) {
  const { t } = useLingui();
  const { name } = props;
  return (
    <p role="alertdialog" aria-label={t`Remove the key`} className="key-confirm">
      <Trans>
        Remove “{name}” from Kiln and the keychain? The key stays valid on the platform until you
        revoke it there.
      </Trans>{' '}
      <button
        type="button"
        className="danger"
        onClick={props.onRemove}
        data-testid="key-remove-confirm"
      >
        <Trans>Remove</Trans>
      </button>{' '}
      <button type="button" onClick={props.onKeep}>
        <Trans>Keep</Trans>
      </button>
    </p>
  );
}

/**
 * A key added for another service address: Kiln will not send it here. `onConfirm` where a
 * native dialog can confirm it for this address (the desktop app).
 */
function OriginNotice(props: {
  keyOrigin: string | undefined;
  origin: string | undefined;
  onConfirm: (() => void) | undefined;
  onPasteAgain: () => void;
}) {
  const confirmable = props.onConfirm !== undefined;
  const { keyOrigin, origin } = props;
  return (
    <p className="field-error" role="status" data-testid="key-origin-notice">
      {confirmable ? (
        <Trans>
          This key was added for <span className="mono">{keyOrigin}</span>. Kiln will not send it to{' '}
          <span className="mono">{origin}</span>: confirm it for this address, or paste it again.
        </Trans>
      ) : (
        <Trans>
          This key was added for <span className="mono">{keyOrigin}</span>. Kiln will not send it to{' '}
          <span className="mono">{origin}</span>: paste it again to use it there.
        </Trans>
      )}{' '}
      {confirmable ? (
        <button type="button" onClick={props.onConfirm} data-testid="key-confirm-origin">
          <Trans>Confirm for this address…</Trans>
        </button>
      ) : null}{' '}
      <button type="button" onClick={props.onPasteAgain} data-testid="key-paste-again">
        <Trans>Paste it again</Trans>
      </button>
    </p>
  );
}

/** What a key's test or confirmation said; a refused key offers to replace it. */
function KeyResult({
  result,
  offerReplace,
  onReplace,
}: {
  result: { ok: boolean; code?: string; text: string };
  offerReplace: boolean;
  onReplace: () => void;
}) {
  return (
    <p
      className={result.ok ? 'ok-text' : 'field-error'}
      role={result.ok ? 'status' : 'alert'}
      data-testid="key-test-result"
    >
      {result.text}
      {!result.ok && result.code === 'invalid_api_key' && offerReplace ? (
        <>
          {' '}
          <button type="button" onClick={onReplace} data-testid="key-offer-replace">
            <Trans>Replace this key</Trans>
          </button>
        </>
      ) : null}
    </p>
  );
}

/** One stored key with its actions. */
function KeyRow({
  entry,
  origin,
  confirmable,
}: {
  entry: KeyEntryView;
  /** The service address now set. */
  origin: string | undefined;
  /** A native dialog can confirm the key for it (the desktop app). */
  confirmable: boolean;
}) {
  const testKey = useKiln((s) => s.testKey);
  const confirmKeyOrigin = useKiln((s) => s.confirmKeyOrigin);
  const elsewhere = Boolean(entry.origin && origin && entry.origin !== origin);
  const removeKey = useKiln((s) => s.removeKey);
  const activateKey = useKiln((s) => s.activateKey);
  const [replacing, setReplacing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; code?: string; text: string } | undefined>();
  const { t, i18n } = useLingui();
  const act = (what: () => Promise<unknown>) =>
    void what().catch((e: unknown) => setResult({ ok: false, text: (e as Error).message }));

  return (
    <li
      className={`key-row${entry.active ? ' is-active' : ''}`}
      data-testid="key-row"
      data-key-name={entry.name}
      data-active={entry.active}
    >
      <div className="key-line">
        <strong>{entry.name}</strong> <span className="mono">{entry.suffix ?? ''}</span>{' '}
        <span className="muted">{i18n._(STORAGE_WORDS[entry.storage])}</span>
        {entry.active ? (
          <span className="badge badge-live">
            <Trans>Active</Trans>
          </span>
        ) : null}
        <span className="key-buttons">
          {!entry.active && !entry.missing ? (
            <button
              type="button"
              onClick={() => act(() => activateKey(entry.id))}
              data-testid="key-use"
            >
              <Trans>Use this key</Trans>
            </button>
          ) : null}
          <button
            type="button"
            disabled={entry.missing}
            onClick={() =>
              act(async () => {
                setResult(undefined);
                const r = await testKey({ id: entry.id });
                setResult({ ok: r.ok, ...(r.code ? { code: r.code } : {}), text: r.message });
              })
            }
            data-testid="key-test"
          >
            <Trans>Test</Trans>
          </button>
          <button type="button" onClick={() => setReplacing(true)} data-testid="key-replace">
            <Trans>Replace</Trans>
          </button>
          <button
            type="button"
            className="danger"
            onClick={() => setConfirmRemove(true)}
            data-testid="key-remove"
          >
            <Trans>Remove</Trans>
          </button>
        </span>
      </div>
      {confirmRemove ? (
        <RemoveConfirm
          name={entry.name}
          onRemove={() => act(() => removeKey(entry.id))}
          onKeep={() => setConfirmRemove(false)}
        />
      ) : null}
      {elsewhere && !entry.missing ? (
        <OriginNotice
          keyOrigin={entry.origin}
          origin={origin}
          onConfirm={
            confirmable
              ? () =>
                  act(async () => {
                    setResult(undefined);
                    await confirmKeyOrigin(entry.id);
                    const address = origin ?? t`this address`;
                    setResult({ ok: true, text: t`Confirmed for ${address}.` });
                  })
              : undefined
          }
          onPasteAgain={() => setReplacing(true)}
        />
      ) : null}
      {entry.missing ? (
        <p className="field-error">
          <Trans>Kiln no longer has this key&apos;s secret. Replace it to use it again.</Trans>
        </p>
      ) : null}
      {result ? (
        <KeyResult result={result} offerReplace={!replacing} onReplace={() => setReplacing(true)} />
      ) : null}
      {replacing ? (
        <KeyForm
          replaceId={entry.id}
          testId="replace-key-form"
          onSaved={() => {
            setReplacing(false);
            setResult({ ok: true, text: t`Replaced. The new key is active.` });
          }}
          onCancel={() => setReplacing(false)}
        />
      ) : null}
    </li>
  );
}

/** The keys tab. */
export function KeysSection() {
  const keyState = useKiln((s) => s.keyState);
  const activateKey = useKiln((s) => s.activateKey);
  const [error, setError] = useState<string | undefined>();
  const keys = keyState?.keys ?? [];
  const { t } = useLingui();
  return (
    <div className="account-section" data-testid="account-keys">
      <p className="muted">
        <Trans>
          Keys are created on the platform and shown there once. Kiln keeps each one in your system
          keychain and never shows it again: only its last characters. The active key is used for
          every request; with none active Kiln runs against its sandbox.
        </Trans>{' '}
        <PlatformLink label={t`Create a key on the platform`} testId="keys-platform" />
      </p>
      {keyState?.reason ? (
        <p className="field-error" data-testid="key-storage-reason">
          {keyState.reason}
        </p>
      ) : null}
      {keys.length ? (
        <ul className="key-list" aria-label={t`Stored keys`}>
          {keys.map((k) => (
            <KeyRow
              key={k.id}
              entry={k}
              origin={keyState?.origin}
              confirmable={keyState?.confirmable ?? false}
            />
          ))}
        </ul>
      ) : (
        <p data-testid="no-keys">
          <Trans>No key yet: Kiln is using the sandbox.</Trans>
        </p>
      )}
      <div className="account-actions">
        <button
          type="button"
          disabled={keyState?.mode === 'sandbox'}
          onClick={() =>
            void activateKey(null).then(
              () => setError(undefined),
              (e: unknown) => setError((e as Error).message),
            )
          }
          data-testid="use-sandbox"
        >
          <Trans>Use the sandbox</Trans>
        </button>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <h3>
        <Trans>Add a key</Trans>
      </h3>
      <KeyForm withName testId="add-key-form" />
    </div>
  );
}
