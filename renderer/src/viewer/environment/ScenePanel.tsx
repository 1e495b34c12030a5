import { Trans, useLingui } from '@lingui/react/macro';
import { formatFixed } from '../../../../shared/format';
import type { JSX } from 'react';
import { ENVIRONMENTS, type EnvironmentId } from './environments';
import { BACKGROUNDS, type BackgroundMode, type ViewerSettings } from '../viewer-settings';

/** Props of {@link ScenePanel}. */
export interface ScenePanelProps {
  readonly settings: ViewerSettings;
  readonly onSettings: (patch: Partial<ViewerSettings>) => void;
  /** A sentence when the chosen environment could not be loaded. */
  readonly environmentError: string | null;
}

/** Lighting environment with rotation and exposure, and the background. */
export function ScenePanel({
  settings,
  onSettings,
  environmentError,
}: ScenePanelProps): JSX.Element {
  const ev = settings.exposure;
  const { t, i18n } = useLingui();
  const degrees = Math.round(settings.envRotation);
  const sign = ev > 0 ? '+' : ev < 0 ? '−' : '';
  const stops = formatFixed(Math.abs(ev), 1);
  const signedStops = formatFixed(ev, 1);
  return (
    <div className="kiln-viewer__form">
      <label className="kiln-viewer__field">
        <span>
          <Trans>Lighting</Trans>
        </span>
        <select
          data-testid="viewer-environment"
          value={settings.environment}
          onChange={(e) => onSettings({ environment: e.currentTarget.value as EnvironmentId })}
        >
          {ENVIRONMENTS.map((env) => (
            <option key={env.id} value={env.id}>
              {i18n._(env.label)}
            </option>
          ))}
        </select>
      </label>
      {environmentError ? (
        <p className="kiln-viewer__note kiln-viewer__note--error" role="alert">
          {environmentError}
        </p>
      ) : null}
      <label className="kiln-viewer__field">
        <span>
          <Trans>
            Rotation <output>{degrees}°</output>
          </Trans>
        </span>
        <input
          type="range"
          data-testid="viewer-env-rotation"
          min={-180}
          max={180}
          step={5}
          value={settings.envRotation}
          aria-valuetext={t`${degrees} degrees`}
          onChange={(e) => onSettings({ envRotation: Number(e.currentTarget.value) })}
        />
      </label>
      <label className="kiln-viewer__field">
        <span>
          <Trans>
            Exposure{' '}
            <output>
              {sign}
              {stops} EV
            </output>
          </Trans>
        </span>
        <input
          type="range"
          data-testid="viewer-exposure"
          min={-3}
          max={3}
          step={0.1}
          value={ev}
          aria-valuetext={t`${signedStops} stops`}
          onChange={(e) => onSettings({ exposure: Number(e.currentTarget.value) })}
        />
      </label>
      <label className="kiln-viewer__field">
        <span>
          <Trans>Background</Trans>
        </span>
        <select
          data-testid="viewer-background"
          value={settings.background}
          onChange={(e) => onSettings({ background: e.currentTarget.value as BackgroundMode })}
        >
          {BACKGROUNDS.map((b) => (
            <option key={b.id} value={b.id}>
              {i18n._(b.label)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="kiln-viewer__text-button"
        data-testid="viewer-scene-defaults"
        onClick={() =>
          onSettings({ environment: 'studio', envRotation: 0, exposure: 0, background: 'dark' })
        }
      >
        <Trans>Back to the neutral studio</Trans>
      </button>
    </div>
  );
}
