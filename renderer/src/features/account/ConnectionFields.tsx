/**
 * Settings › Account & service: the connection in use, the built-in sandbox or the live service
 * at the service address with the last key (the key list's state, not a stored setting).
 */
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { useKiln } from '../../store/StoreProvider';

/** The connection in use: the built-in sandbox, or the live service with the last key. */
export function ConnectionFields({ onError }: { onError: (message: string) => void }) {
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
