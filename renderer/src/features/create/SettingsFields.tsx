/**
 * The model version and the optional generation settings, collapsed until wanted. Each empty
 * setting shows the chosen version's own default, which is what the service then applies.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import {
  LIMITS,
  MODEL_TIERS,
  TEXTURE_FORMATS,
  TEXTURE_SIZES,
  TIERS,
  type ModelTier,
} from '../../../../shared/api/rules';
import { useKiln } from '../../store/StoreProvider';
import { errorId, FieldError } from './FieldError';
import { formatNumber } from '../../../../shared/format';
import { tierDefaults, type CreateField, type SettingsDraft } from './create-rules';

const FORMAT_LABELS = { webp: 'WebP', png: 'PNG' } as const;

/** Props shared by the inputs: their error wiring. */
const described = (field: CreateField, errors: Partial<Record<CreateField, string>>) =>
  errors[field] ? { 'aria-invalid': true, 'aria-describedby': errorId(field) } : {};

/** The model version picker. */
function TierField() {
  const tier = useKiln((s) => s.createTier);
  const setTier = useKiln((s) => s.setCreateTier);
  const { i18n } = useLingui();
  return (
    <label className="field">
      <span>
        <Trans>Model version</Trans>
      </span>
      <select
        data-testid="tier"
        value={tier}
        onChange={(e) => setTier(e.target.value as ModelTier)}
      >
        {MODEL_TIERS.map((t) => (
          <option key={t} value={t}>
            {i18n._(TIERS[t].label)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The poly count input, its range and the version's default (`polyCount`) as placeholder. */
function PolyCountField({ polyCount }: { polyCount: number }) {
  const value = useKiln((s) => s.createSettings.polyCount);
  const set = useKiln((s) => s.setCreateSettings);
  const errors = useKiln((s) => s.createErrors);
  const { t } = useLingui();
  const defaultPolyCount = formatNumber(polyCount);
  const polyMin = formatNumber(LIMITS.polyCount.min);
  const polyMax = formatNumber(LIMITS.polyCount.max);
  return (
    <label className="field">
      <span>
        <Trans>Poly count</Trans>
      </span>
      <input
        type="text"
        inputMode="numeric"
        data-testid="poly-count"
        placeholder={t`${defaultPolyCount} (default)`}
        value={value}
        onChange={(e) => set({ polyCount: e.target.value })}
        {...described('polyCount', errors)}
      />
      <span className="muted hint">
        <Trans>
          {polyMin} to {polyMax}
        </Trans>
      </span>
      <FieldError field="polyCount" />
    </label>
  );
}

/**
 * The texture size of a generation or a retexture: the service's default (`defaultSize`) or one
 * of its sizes, with the sentence of a refused one.
 */
export function TextureSizeField<V extends string>(props: {
  readonly testId: string;
  readonly value: V;
  readonly defaultSize: number;
  readonly onChange: (value: V) => void;
}) {
  const errors = useKiln((s) => s.createErrors);
  const { t } = useLingui();
  const { defaultSize } = props;
  return (
    <label className="field">
      <span>
        <Trans>Texture size</Trans>
      </span>
      <select
        data-testid={props.testId}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as V)}
        {...described('textureSize', errors)}
      >
        <option value="default">{t`Default (${defaultSize})`}</option>
        {TEXTURE_SIZES.map((size) => (
          <option key={size} value={String(size)}>
            {t`${size} px`}
          </option>
        ))}
      </select>
      <FieldError field="textureSize" />
    </label>
  );
}

/** The seed of a generation or a retexture (empty: random), with the sentence of a refused one. */
export function SeedField(props: {
  readonly testId: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}) {
  const errors = useKiln((s) => s.createErrors);
  const { t } = useLingui();
  return (
    <label className="field">
      <span>
        <Trans>Seed</Trans>
      </span>
      <input
        type="text"
        inputMode="numeric"
        data-testid={props.testId}
        placeholder={t`Random (default)`}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        {...described('seed', errors)}
      />
      <FieldError field="seed" />
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
  const { t, i18n } = useLingui();
  const tierLabel = i18n._(TIERS[tier].label);
  const defaultSize = defaults.textureSize;
  const defaultFormat = FORMAT_LABELS[defaults.textureFormat];
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
          <Trans>Settings</Trans>{' '}
          <span className="muted">
            {changed ? (
              <Plural value={changed} one="# changed" other="# changed" />
            ) : (
              t`defaults of ${tierLabel}`
            )}
          </span>
        </summary>
        <div className="settings-grid">
          <PolyCountField polyCount={defaults.polyCount} />
          <label className="field">
            <span>
              <Trans>Remesh</Trans>
            </span>
            <select
              data-testid="remesh"
              value={draft.remesh}
              onChange={(e) => set({ remesh: e.target.value as SettingsDraft['remesh'] })}
            >
              <option value="default">
                {defaults.remesh ? t`Default (on)` : t`Default (off)`}
              </option>
              <option value="on">{t`On: clean quads`}</option>
              <option value="off">{t`Off: raw triangles`}</option>
            </select>
            <FieldError field="remesh" />
          </label>
          <TextureSizeField
            testId="texture-size"
            value={draft.textureSize}
            defaultSize={defaultSize}
            onChange={(textureSize) => set({ textureSize })}
          />
          <label className="field">
            <span>
              <Trans>Texture format</Trans>
            </span>
            <select
              data-testid="texture-format"
              value={draft.textureFormat}
              onChange={(e) =>
                set({ textureFormat: e.target.value as SettingsDraft['textureFormat'] })
              }
              {...described('textureFormat', errors)}
            >
              <option value="default">{t`Default (${defaultFormat})`}</option>
              {TEXTURE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
            <FieldError field="textureFormat" />
          </label>
          <SeedField testId="seed" value={draft.seed} onChange={(seed) => set({ seed })} />
        </div>
      </details>
    </>
  );
}
