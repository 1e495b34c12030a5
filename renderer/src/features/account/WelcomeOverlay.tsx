/**
 * The first-run welcome: shown once, on the first start. A new user can try the sandbox at once
 * (nothing is charged) or paste a key to use the live service. Either choice is remembered in the
 * settings, so it never shows again.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { idleChunk } from '../../ui/idle-chunk';
import type { KeyFormProps } from './KeyForm';
import { PlatformLink } from './PlatformLink';
import './account.css';

/** The key form, shown only after "paste a key": a chunk of its own, fetched at idle (bench B7). */
const KeyForm = idleChunk<KeyFormProps>(
  () => import('./KeyForm').then((m) => ({ default: m.KeyForm })),
  null,
);

/** The welcome dialog, while the settings say it was not seen. */
export function WelcomeOverlay() {
  const seen = useKiln((s) => s.settings?.welcomeSeen ?? true);
  const ready = useKiln((s) => s.appState === 'ready');
  const updateSettings = useKiln((s) => s.updateSettings);
  const [pasting, setPasting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const { t } = useLingui();
  if (seen || !ready) return null;
  const done = () =>
    void updateSettings({ welcomeSeen: true }).catch((e: unknown) =>
      setError((e as Error).message),
    );
  return (
    <div className="welcome-backdrop">
      <div
        className="welcome"
        role="dialog"
        aria-modal="true"
        aria-labelledby="welcome-title"
        data-testid="welcome"
      >
        <h2 id="welcome-title">
          <Trans>Welcome to Kiln</Trans>
        </h2>
        <p>
          <Trans>
            Kiln turns photos and text into textured 3D models with a cloud service. You can start
            right away in the <strong>sandbox</strong>: a built-in copy of the service with its own
            demo balance and library, where nothing costs real money.
          </Trans>
        </p>
        <p>
          <Trans>
            To make real models, paste an API key from the service&apos;s platform. Paid calls then
            spend your prepaid balance; Kiln shows every price before you spend it.
          </Trans>
        </p>
        {pasting ? (
          <KeyForm
            withName
            testId="welcome-key-form"
            onSaved={done}
            onCancel={() => setPasting(false)}
          />
        ) : (
          <div className="account-actions">
            <button
              type="button"
              className="primary"
              autoFocus
              onClick={done}
              data-testid="welcome-sandbox"
            >
              <Trans>Try the sandbox</Trans>
            </button>
            <button type="button" onClick={() => setPasting(true)} data-testid="welcome-paste-key">
              <Trans>Paste an API key</Trans>
            </button>
            <PlatformLink label={t`Get a key on the platform`} testId="welcome-platform" />
          </div>
        )}
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
