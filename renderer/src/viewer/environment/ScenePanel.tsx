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
  return (
    <div className="kiln-viewer__form">
      <label className="kiln-viewer__field">
        <span>Lighting</span>
        <select
          data-testid="viewer-environment"
          value={settings.environment}
          onChange={(e) => onSettings({ environment: e.currentTarget.value as EnvironmentId })}
        >
          {ENVIRONMENTS.map((env) => (
            <option key={env.id} value={env.id}>
              {env.label}
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
          Rotation <output>{Math.round(settings.envRotation)}°</output>
        </span>
        <input
          type="range"
          data-testid="viewer-env-rotation"
          min={-180}
          max={180}
          step={5}
          value={settings.envRotation}
          aria-valuetext={`${Math.round(settings.envRotation)} degrees`}
          onChange={(e) => onSettings({ envRotation: Number(e.currentTarget.value) })}
        />
      </label>
      <label className="kiln-viewer__field">
        <span>
          Exposure{' '}
          <output>{`${ev > 0 ? '+' : ev < 0 ? '−' : ''}${Math.abs(ev).toFixed(1)} EV`}</output>
        </span>
        <input
          type="range"
          data-testid="viewer-exposure"
          min={-3}
          max={3}
          step={0.1}
          value={ev}
          aria-valuetext={`${ev.toFixed(1)} stops`}
          onChange={(e) => onSettings({ exposure: Number(e.currentTarget.value) })}
        />
      </label>
      <label className="kiln-viewer__field">
        <span>Background</span>
        <select
          data-testid="viewer-background"
          value={settings.background}
          onChange={(e) => onSettings({ background: e.currentTarget.value as BackgroundMode })}
        >
          {BACKGROUNDS.map((b) => (
            <option key={b.id} value={b.id}>
              {b.label}
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
        Back to the neutral studio
      </button>
    </div>
  );
}
