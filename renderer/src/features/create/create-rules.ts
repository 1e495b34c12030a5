/**
 * The Create forms' rules, as pure functions: what the user typed becomes the typed options the
 * IPC contract takes, or a sentence per field that says what to fix. Ranges come from
 * `shared/api/rules`, so a value refused here is exactly one the service would refuse with a 422,
 * and nothing known to be bad is ever sent.
 */
import {
  LIMITS,
  PROMPT_MAX_CHARS,
  TEXTURE_FORMATS,
  TEXTURE_SIZES,
  TIERS,
  type ModelTier,
  type TextureFormat,
  type TextureSize,
} from '../../../../shared/api/rules';
import type { GenerationOptions } from '../../../../shared/ipc/contract';
import { KilnError } from '../../../../shared/ipc/errors';
import { formatNumber } from '../../../../shared/format';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';

/** Every form field a sentence can be shown at. `form` is the flow as a whole. */
export type CreateField =
  | 'photo'
  | 'views'
  | 'prompt'
  | 'style'
  | 'concept'
  | 'model'
  | 'polyCount'
  | 'remesh'
  | 'textureSize'
  | 'textureFormat'
  | 'seed'
  | 'form';

/** Sentences to show, by the field they are about. */
export type FieldErrors = Partial<Record<CreateField, string>>;

/**
 * The optional settings as typed: strings and "default" choices, so an empty input means "the
 * model version's own default" and nothing is sent for it.
 */
export interface SettingsDraft {
  readonly polyCount: string;
  readonly remesh: 'default' | 'on' | 'off';
  readonly textureSize: 'default' | `${TextureSize}`;
  readonly textureFormat: 'default' | TextureFormat;
  readonly seed: string;
}

/** Nothing set: every setting takes the model version's default. */
export const EMPTY_SETTINGS: SettingsDraft = {
  polyCount: '',
  remesh: 'default',
  textureSize: 'default',
  textureFormat: 'default',
  seed: '',
};

/** The service's defaults of the generation settings for one model version, for display. */
export function tierDefaults(tier: ModelTier): {
  polyCount: number;
  remesh: boolean;
  textureSize: TextureSize;
  textureFormat: TextureFormat;
} {
  return {
    polyCount: TIERS[tier].defaultPolyCount,
    remesh: true,
    textureSize: TIERS[tier].defaultTextureSize,
    textureFormat: 'webp',
  };
}

/** Parses a whole number typed with optional thousands separators or spaces ("250,000"). */
export function parseWhole(text: string): number | undefined {
  const clean = text.replace(/[\s,_]/g, '');
  return /^\d+$/.test(clean) ? Number(clean) : undefined;
}

/** Outcome of checking a settings draft. */
export type SettingsCheck =
  { ok: true; options: GenerationOptions } | { ok: false; errors: FieldErrors };

/** Checks the settings draft; the options carry only what the user set. */
export function checkSettings(draft: SettingsDraft): SettingsCheck {
  const errors: FieldErrors = {};
  const options: { -readonly [K in keyof GenerationOptions]: GenerationOptions[K] } = {};
  if (draft.polyCount.trim()) {
    const n = parseWhole(draft.polyCount);
    const { min, max } = LIMITS.polyCount;
    if (n === undefined || n < min || n > max) {
      const from = formatNumber(min);
      const to = formatNumber(max);
      if (n === undefined) {
        errors.polyCount = t`Poly count must be a whole number from ${from} to ${to}. Change it, or clear it to use the default.`;
      } else {
        const entered = formatNumber(n);
        errors.polyCount = t`Poly count must be a whole number from ${from} to ${to} (you entered ${entered}). Change it, or clear it to use the default.`;
      }
    } else options.polyCount = n;
  }
  if (draft.remesh !== 'default') options.remesh = draft.remesh === 'on';
  if (draft.textureSize !== 'default') {
    const size = Number(draft.textureSize);
    if ((TEXTURE_SIZES as readonly number[]).includes(size)) {
      options.textureSize = size as TextureSize;
    } else errors.textureSize = t`Texture size must be 1024, 2048 or 4096.`;
  }
  if (draft.textureFormat !== 'default') {
    if ((TEXTURE_FORMATS as readonly string[]).includes(draft.textureFormat)) {
      options.textureFormat = draft.textureFormat;
    } else errors.textureFormat = t`Texture format must be WebP or PNG.`;
  }
  const seed = checkSeed(draft.seed);
  if (seed.error) errors.seed = seed.error;
  else if (seed.value !== undefined) options.seed = seed.value;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, options };
}

/** Checks a seed: empty (random), or a whole number ≥ 0 that is exact in JavaScript. */
export function checkSeed(text: string): { value?: number; error?: string } {
  if (!text.trim()) return {};
  const n = parseWhole(text);
  if (n === undefined || !Number.isSafeInteger(n)) {
    const max = formatNumber(Number.MAX_SAFE_INTEGER);
    return {
      error: t`Seed must be a whole number from 0 to ${max}. Change it, or clear it for a random one.`,
    };
  }
  return { value: n };
}

/** The sentence for a number of views outside 2–4, or undefined when the count is right. */
export function viewCountProblem(count: number): string | undefined {
  const { min, max } = LIMITS.views;
  if (count >= min && count <= max) return undefined;
  if (count < min) {
    return count === 0
      ? t`Add ${min} to ${max} photos of the same object: the front first, then other sides.`
      : t`Add at least one more view: multi-view needs ${min} to ${max} photos of the same object.`;
  }
  const extra = count - max;
  return t`You have ${count} views; multi-view takes at most ${max}. ${plural(extra, {
    one: 'Remove # view.',
    other: 'Remove # views.',
  })}`;
}

/** Sides a view can show. The first view sent is the front (service-api.md §4.2). */
export const VIEW_LABELS = ['front', 'back', 'left', 'right', 'top', 'bottom'] as const;
/** One of {@link VIEW_LABELS}. */
export type ViewLabel = (typeof VIEW_LABELS)[number];

/** The words for each side, as the view pickers and sentences show them (`i18n._`). */
export const VIEW_LABEL_TEXT: Readonly<Record<ViewLabel, MessageDescriptor>> = {
  front: msg`front`,
  back: msg`back`,
  left: msg`left`,
  right: msg`right`,
  top: msg`top`,
  bottom: msg`bottom`,
};

/** A view slot: a photo and the side it shows. */
export interface ViewSlot<F = File> {
  readonly id: string;
  readonly file: F;
  readonly label: ViewLabel;
}

/** The first side no slot uses yet, in the order front, back, left, right, top, bottom. */
export function nextLabel(slots: readonly { label: ViewLabel }[]): ViewLabel {
  const used = new Set(slots.map((s) => s.label));
  return VIEW_LABELS.find((l) => !used.has(l)) ?? 'front';
}

/** `slots` with the one at `from` moved to `to` (both clamped); the others keep their order. */
export function moveSlot<T>(slots: readonly T[], from: number, to: number): T[] {
  const out = [...slots];
  if (from < 0 || from >= out.length) return out;
  const target = Math.max(0, Math.min(out.length - 1, to));
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item!);
  return out;
}

/** What is wrong with the views as arranged (count, front first, one label per side). */
export function checkViews(slots: readonly { label: ViewLabel }[]): string | undefined {
  const count = viewCountProblem(slots.length);
  if (count) return count;
  if (slots[0]!.label !== 'front') {
    return t`The first view must be the front: drag the front view to slot 1, or label slot 1 “front”.`;
  }
  const seen = new Set<ViewLabel>();
  for (const { label } of slots) {
    if (seen.has(label)) {
      const side = i18n._(VIEW_LABEL_TEXT[label]);
      return t`Two views are labelled “${side}”: give each view the side it really shows.`;
    }
    seen.add(label);
  }
  return undefined;
}

/** The sentence for a prompt that cannot be sent, or undefined when it can. */
export function promptProblem(prompt: string): string | undefined {
  const text = prompt.trim();
  if (!text) return t`Describe the object to imagine first, for example “a red ceramic teapot”.`;
  if (text.length > PROMPT_MAX_CHARS) {
    const length = formatNumber(text.length);
    const limit = formatNumber(PROMPT_MAX_CHARS);
    return t`The prompt is ${length} characters; keep it to ${limit}.`;
  }
  return undefined;
}

/** The sentence for a style that cannot be sent (free text, at most 40 characters). */
export function styleProblem(style: string): string | undefined {
  return style.trim().length > 40 ? t`Keep the style to a word or two (40 characters).` : undefined;
}

/** Names a service or IPC field may carry, to the form field they are about. */
const FIELD_ALIASES: Readonly<Record<string, CreateField>> = {
  poly_count: 'polyCount',
  polycount: 'polyCount',
  remesh: 'remesh',
  texture_size: 'textureSize',
  texturesize: 'textureSize',
  texture_format: 'textureFormat',
  textureformat: 'textureFormat',
  seed: 'seed',
  file: 'photo',
  fileid: 'photo',
  image: 'photo',
  files: 'views',
  fileids: 'views',
  images: 'views',
  prompt: 'prompt',
  style: 'style',
  concept_id: 'concept',
  conceptid: 'concept',
  model_id: 'model',
  modelid: 'model',
  mode: 'form',
};

/** A user-facing sentence and the field it belongs to, from anything a start may throw (in the entry chunk with the
 * fields: placing an error never waits for the starts' chunk). */
export function placeError(error: unknown): FieldErrors {
  if (error instanceof KilnError) return { [fieldOfError(error.field)]: error.message };
  return { form: (error as Error).message || t`Kiln could not start this. Try again.` };
}

/**
 * The form field an error names: a 422's `loc` ("poly_count", "query.texture_size") or an IPC
 * input path ("options.polyCount", "fileIds.2"). Unknown names fall on the form as a whole.
 */
export function fieldOfError(field: string | undefined): CreateField {
  if (!field) return 'form';
  const parts = field
    .split('.')
    .filter((p) => !/^\d+$/.test(p) && !['query', 'body', 'options'].includes(p));
  for (const part of parts.reverse()) {
    const hit = FIELD_ALIASES[part.toLowerCase()];
    if (hit) return hit;
  }
  return 'form';
}
