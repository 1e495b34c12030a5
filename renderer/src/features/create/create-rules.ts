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

/** "250,000" — numbers as the form shows them. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

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
      errors.polyCount = `Poly count must be a whole number from ${formatCount(min)} to ${formatCount(max)}${
        n === undefined ? '' : ` (you entered ${formatCount(n)})`
      }. Change it, or clear it to use the default.`;
    } else options.polyCount = n;
  }
  if (draft.remesh !== 'default') options.remesh = draft.remesh === 'on';
  if (draft.textureSize !== 'default') {
    const size = Number(draft.textureSize);
    if ((TEXTURE_SIZES as readonly number[]).includes(size)) {
      options.textureSize = size as TextureSize;
    } else errors.textureSize = 'Texture size must be 1024, 2048 or 4096.';
  }
  if (draft.textureFormat !== 'default') {
    if ((TEXTURE_FORMATS as readonly string[]).includes(draft.textureFormat)) {
      options.textureFormat = draft.textureFormat;
    } else errors.textureFormat = 'Texture format must be WebP or PNG.';
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
    return {
      error: `Seed must be a whole number from 0 to ${formatCount(Number.MAX_SAFE_INTEGER)}. Change it, or clear it for a random one.`,
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
      ? `Add ${min} to ${max} photos of the same object: the front first, then other sides.`
      : `Add at least one more view: multi-view needs ${min} to ${max} photos of the same object.`;
  }
  const extra = count - max;
  return `You have ${count} views; multi-view takes at most ${max}. Remove ${extra} view${extra > 1 ? 's' : ''}.`;
}

/** Sides a view can show. The first view sent is the front (service-api.md §4.2). */
export const VIEW_LABELS = ['front', 'back', 'left', 'right', 'top', 'bottom'] as const;
/** One of {@link VIEW_LABELS}. */
export type ViewLabel = (typeof VIEW_LABELS)[number];

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
    return 'The first view must be the front: drag the front view to slot 1, or label slot 1 “front”.';
  }
  const seen = new Set<ViewLabel>();
  for (const { label } of slots) {
    if (seen.has(label)) {
      return `Two views are labelled “${label}”: give each view the side it really shows.`;
    }
    seen.add(label);
  }
  return undefined;
}

/** The sentence for a prompt that cannot be sent, or undefined when it can. */
export function promptProblem(prompt: string): string | undefined {
  const text = prompt.trim();
  if (!text) return 'Describe the object to imagine first, for example “a red ceramic teapot”.';
  if (text.length > PROMPT_MAX_CHARS) {
    return `The prompt is ${formatCount(text.length)} characters; keep it to ${formatCount(PROMPT_MAX_CHARS)}.`;
  }
  return undefined;
}

/** The sentence for a style that cannot be sent (free text, at most 40 characters). */
export function styleProblem(style: string): string | undefined {
  return style.trim().length > 40 ? 'Keep the style to a word or two (40 characters).' : undefined;
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
