/**
 * Says whether Kiln talks to the built-in sandbox (nothing is charged) or the live service, and
 * with which named key. It follows `keys.updated`, so it changes the moment a key is added,
 * switched or removed.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useKiln } from '../store/StoreProvider';

/** The mode badge of the header; a click opens the keys. */
export function ModeBadge() {
  const mode = useKiln((s) => s.keyState?.mode ?? s.info?.mode);
  const keyName = useKiln((s) => s.keyState?.keys?.find((k) => k.active)?.name);
  const openAccount = useKiln((s) => s.openAccount);
  const { t } = useLingui();
  if (!mode) return null;
  const sandbox = mode === 'sandbox';
  return (
    <button
      type="button"
      className={`badge ${sandbox ? 'badge-sandbox' : 'badge-live'}`}
      data-testid="mode-badge"
      data-mode={mode}
      title={
        sandbox
          ? t`No API key is active: Kiln runs against its built-in cloud sandbox. Click to add a key.`
          : t`Kiln uses the live service and your balance. Click to manage keys.`
      }
      onClick={() => openAccount('keys')}
    >
      {sandbox ? (
        <Trans>Sandbox — nothing is charged</Trans>
      ) : keyName ? (
        <Trans>Live · {keyName}</Trans>
      ) : (
        <Trans>Live</Trans>
      )}
    </button>
  );
}
