/**
 * The model version and the optional generation settings, collapsed until wanted. Each empty
 * setting shows the chosen version's own default, which is what the service then applies.
 */
import { useEffect, useRef } from 'react';
import {
  MODEL_TIERS,
  TEXTURE_FORMATS,
  TEXTURE_SIZES,
  TIERS,
  type ModelTier,
} from '../../../../shared/api/rules';
import { useKiln } from '../../store/StoreProvider';
import { errorId, FieldError } from './FieldError';
import { formatCount, tierDefaults, type CreateField, type SettingsDraft } from './create-rules';

const FORMAT_LABELS = { webp: 'WebP', png: 'PNG' } as const;

/** Props shared by the inputs: their error wiring. */
const described = (field: CreateField, errors: Partial<Record<CreateField, string>>) =>
  errors[field] ? { 'aria-invalid': true, 'aria-describedby': errorId(field) } : {};

/** The model version picker. */
function TierField() {
  const tier = useKiln((s) => s.createTier);
  const setTier = useKiln((s) => s.setCreateTier);
  return (
    <label className="field">
      <span>Model version</span>
      <select
        data-testid="tier"
        value={tier}
        onChange={(e) => setTier(e.target.value as ModelTier)}
      >
        {MODEL_TIERS.map((t) => (
          <option key={t} value={t}>
            {TIERS[t].label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Model version picker and the optional settings of photo, views and text generations. */
export function SettingsFields() {
  const tier = useKiln((s) => s.createTier);
  const draft = useKiln((s) => s.createSettings);
  const set = useKiln((s) => s.setCreateSettings);
  const errors = useKiln((s) => s.createErrors);
  const defaults = tierDefaults(tier);
  const changed = (Object.keys(draft) as (keyof SettingsDraft)[]).filter(
    (k) => !['', 'default'].includes(draft[k]),
  ).length;
  const settingsErrors = ['polyCount', 'remesh', 'textureSize', 'textureFormat', 'seed'].some(
    (f) => errors[f as CreateField],
  );
  // A refused setting opens the settings so its sentence is seen; the user closes them.
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (settingsErrors && details.current) details.current.open = true;
  }, [settingsErrors]);

  return (
    <>
      <TierField />
      <details className="settings" ref={details} data-testid="settings">
        <summary>
          Settings{' '}
          <span className="muted">
            {changed ? `${changed} changed` : `defaults of ${TIERS[tier].label}`}
          </span>
        </summary>
        <div className="settings-grid">
          <label className="field">
            <span>Poly count</span>
            <input
              type="text"
              inputMode="numeric"
              data-testid="poly-count"
              placeholder={`${formatCount(defaults.polyCount)} (default)`}
              value={draft.polyCount}
              onChange={(e) => set({ polyCount: e.target.value })}
              {...described('polyCount', errors)}
            />
            <span className="muted hint">10,000 to 1,000,000</span>
            <FieldError field="polyCount" />
          </label>
          <label className="field">
            <span>Remesh</span>
            <select
              data-testid="remesh"
              value={draft.remesh}
              onChange={(e) => set({ remesh: e.target.value as SettingsDraft['remesh'] })}
            >
              <option value="default">Default ({defaults.remesh ? 'on' : 'off'})</option>
              <option value="on">On: clean quads</option>
              <option value="off">Off: raw triangles</option>
            </select>
            <FieldError field="remesh" />
          </label>
          <label className="field">
            <span>Texture size</span>
            <select
              data-testid="texture-size"
              value={draft.textureSize}
              onChange={(e) => set({ textureSize: e.target.value as SettingsDraft['textureSize'] })}
              {...described('textureSize', errors)}
            >
              <option value="default">Default ({defaults.textureSize})</option>
              {TEXTURE_SIZES.map((size) => (
                <option key={size} value={String(size)}>
                  {size} px
                </option>
              ))}
            </select>
            <FieldError field="textureSize" />
          </label>
          <label className="field">
            <span>Texture format</span>
            <select
              data-testid="texture-format"
              value={draft.textureFormat}
              onChange={(e) =>
                set({ textureFormat: e.target.value as SettingsDraft['textureFormat'] })
              }
              {...described('textureFormat', errors)}
            >
              <option value="default">Default ({FORMAT_LABELS[defaults.textureFormat]})</option>
              {TEXTURE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
            <FieldError field="textureFormat" />
          </label>
          <label className="field">
            <span>Seed</span>
            <input
              type="text"
              inputMode="numeric"
              data-testid="seed"
              placeholder="Random (default)"
              value={draft.seed}
              onChange={(e) => set({ seed: e.target.value })}
              {...described('seed', errors)}
            />
            <FieldError field="seed" />
          </label>
        </div>
      </details>
    </>
  );
}
