/**
 * Create's form as the artist last used it (Kiln's `createForm` setting): the model version and
 * the generation settings of the last job started, so the next start begins from them. The seed
 * is left out: a remembered seed would quietly make every new model alike.
 */
import {
  MODEL_TIERS,
  TEXTURE_FORMATS,
  TEXTURE_SIZES,
  type ModelTier,
} from '../../../../shared/api/rules';
import { EMPTY_SETTINGS, type SettingsDraft } from './create-rules';

/** The form to remember after a start. */
export function formToRemember(tier: ModelTier, settings: SettingsDraft): Record<string, string> {
  const { seed: _seed, ...rest } = settings;
  return { tier, ...rest };
}

const oneOf = <T extends string>(allowed: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value);

/**
 * The remembered form's fields this Kiln knows, each checked (a version saved by another Kiln
 * may hold others: they fall back to the empty form's).
 */
export function restoreForm(stored: Readonly<Record<string, unknown>> | undefined): {
  tier?: ModelTier;
  settings: SettingsDraft;
} {
  const s = stored ?? {};
  const sizes = ['default', ...TEXTURE_SIZES.map(String)] as SettingsDraft['textureSize'][];
  const formats = ['default', ...TEXTURE_FORMATS] as SettingsDraft['textureFormat'][];
  return {
    ...(oneOf(MODEL_TIERS, s['tier']) ? { tier: s['tier'] } : {}),
    settings: {
      ...EMPTY_SETTINGS,
      ...(typeof s['polyCount'] === 'string' && /^\d{0,7}$/.test(s['polyCount'])
        ? { polyCount: s['polyCount'] }
        : {}),
      ...(oneOf(['default', 'on', 'off'] as const, s['remesh']) ? { remesh: s['remesh'] } : {}),
      ...(oneOf(sizes, s['textureSize']) ? { textureSize: s['textureSize'] } : {}),
      ...(oneOf(formats, s['textureFormat']) ? { textureFormat: s['textureFormat'] } : {}),
    },
  };
}
