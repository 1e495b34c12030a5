/**
 * The Create form as plain data and the pure steps over it: what each flow needs before it may
 * start (`validateCreate`, `validateImagine`), where dropped photos go (`placePhotos`), and how a
 * refused job's inputs come back (`restoredForm`). The slice (`create-slice.ts`) holds the form
 * and calls these; the starts themselves are in `create-start.ts`.
 */
import { errorWords } from '../../ui/error-words';
import { checkPhoto, LIMITS, type ModelTier, type TextureSize } from '../../../../shared/api/rules';
import type { ConceptView, JobView } from '../../../../shared/ipc/contract';
import type { CreateMode } from './create-plan';
import {
  checkSeed,
  checkSettings,
  checkViews,
  EMPTY_SETTINGS,
  nextLabel,
  promptProblem,
  styleProblem,
  type CreateField,
  type FieldErrors,
  type SettingsDraft,
  type ViewSlot,
} from './create-rules';
import { readHead } from './read-head';
import { plural, t } from '@lingui/core/macro';

/** A photo that passed the checks, with its preview. */
export interface ChosenPhoto {
  readonly id: string;
  readonly file: File;
  readonly previewUrl: string;
}

/** Where chosen photos go. */
export type PhotoTarget = 'photos' | 'views' | 'retexture';

/** Settings of the retexture flow (texture size and seed only). */
export interface RetextureDraft {
  readonly textureSize: 'default' | `${TextureSize}`;
  readonly seed: string;
}

/** The retexture flow's settings before the user changed any. */
export const EMPTY_RETEXTURE: RetextureDraft = { textureSize: 'default', seed: '' };

/** The model the retexture flow paints anew. */
export type RetextureTarget = { modelId: string; name: string };

/** The inputs of a started job, kept until the service accepts it. */
export interface KeptInputs {
  readonly mode: CreateMode;
  readonly tier: ModelTier;
  readonly settings: SettingsDraft;
  readonly photos?: readonly ChosenPhoto[];
  readonly views?: readonly ViewSlot<ChosenPhoto>[];
  readonly text?: Readonly<{
    prompt: string;
    style: string;
    concepts: readonly ConceptView[];
    conceptId: string | undefined;
  }>;
  readonly retexture?: Readonly<{
    photo: ChosenPhoto;
    settings: RetextureDraft;
    target: RetextureTarget | undefined;
  }>;
}

/** What the user has put into Create, every flow's inputs side by side. */
export interface CreateForm {
  createMode: CreateMode;
  createTier: ModelTier;
  createSettings: SettingsDraft;
  /** Sentences to show at the fields, for the flow on screen. */
  createErrors: FieldErrors;
  /** Photo mode: one photo, or several for a batch. */
  photos: ChosenPhoto[];
  /** Views mode: front first. */
  views: ViewSlot<ChosenPhoto>[];
  prompt: string;
  style: string;
  /** Concept pictures imagined so far (newest last); one is picked to generate from. */
  concepts: ConceptView[];
  conceptId: string | undefined;
  retexturePhoto: ChosenPhoto | undefined;
  retextureSettings: RetextureDraft;
  /** The model the retexture flow paints anew, chosen from the library or viewer. */
  retextureTarget: RetextureTarget | undefined;
}

/** Create as it first shows: the photo flow, nothing chosen, every setting the service's default. */
export const EMPTY_FORM: Readonly<CreateForm> = {
  createMode: 'photo',
  createTier: 'quality',
  createSettings: EMPTY_SETTINGS,
  createErrors: {},
  photos: [],
  views: [],
  prompt: '',
  style: '',
  concepts: [],
  conceptId: undefined,
  retexturePhoto: undefined,
  retextureSettings: EMPTY_RETEXTURE,
  retextureTarget: undefined,
};

/** Makes and releases photo previews (object URLs in the page; plain values in a test). */
export interface PreviewPort {
  make(file: File): ChosenPhoto;
  release(photos: readonly (ChosenPhoto | undefined)[]): void;
}

/** The photos a set of kept inputs holds (their previews are released when they go). */
export function photosOf(kept: KeptInputs): ChosenPhoto[] {
  return [
    ...(kept.photos ?? []),
    ...(kept.views ?? []).map((v) => v.file),
    ...(kept.retexture ? [kept.retexture.photo] : []),
  ];
}

/** The errors without those at `fields` (the user changed them: what was said no longer holds). */
export function without(errors: FieldErrors, fields: readonly CreateField[]): FieldErrors {
  const rest = { ...errors };
  for (const field of fields) delete rest[field];
  return rest;
}

/**
 * The form with the photo `id` of `target` replaced by `file` in its place (a view keeps its slot
 * and label), the old preview released: how an accepted crop takes the photo's place. Nothing
 * changes when `id` is no longer there (removed meanwhile).
 */
export function replacedPhoto(
  form: CreateForm,
  target: PhotoTarget,
  id: string,
  file: File,
  previews: PreviewPort,
): Partial<CreateForm> {
  if (target === 'retexture') {
    if (form.retexturePhoto?.id !== id) return {};
    previews.release([form.retexturePhoto]);
    return { retexturePhoto: previews.make(file) };
  }
  if (target === 'photos') {
    const old = form.photos.find((p) => p.id === id);
    if (!old) return {};
    previews.release([old]);
    const made = previews.make(file);
    return { photos: form.photos.map((p) => (p === old ? made : p)) };
  }
  const old = form.views.find((v) => v.id === id);
  if (!old) return {};
  previews.release([old.file]);
  const made = previews.make(file);
  return {
    views: form.views.map((v) => (v === old ? { ...v, id: made.id, file: made } : v)),
  };
}

/** A photo taken out of a flow, and where it was: how Undo puts it back. */
export interface RemovedPhoto {
  readonly target: PhotoTarget;
  /** The photo as it was (its id keeps its preflight result; a crop accepted is this file). */
  readonly photo: ChosenPhoto;
  /** Its place in the flow's list (the batch's order, the views' slot). */
  readonly index: number;
  /** The view's slot: its label comes back with it. */
  readonly view?: ViewSlot<ChosenPhoto>;
}

/**
 * The form without the photos `ids` of `target`, and what was removed (oldest place first). The
 * previews are not released here: an Undo may bring the photos back, so their holder lets them
 * go once it no longer can (`RemovedPhoto`).
 */
export function removedPhotos(
  form: CreateForm,
  target: PhotoTarget,
  ids: readonly string[],
): { patch: Partial<CreateForm>; removed: RemovedPhoto[] } {
  const gone = new Set(ids);
  if (target === 'retexture') {
    const photo = form.retexturePhoto;
    if (!photo || !gone.has(photo.id)) return { patch: {}, removed: [] };
    return { patch: { retexturePhoto: undefined }, removed: [{ target, photo, index: 0 }] };
  }
  if (target === 'photos') {
    const removed = form.photos.flatMap((photo, index) =>
      gone.has(photo.id) ? [{ target, photo, index }] : [],
    );
    return { patch: { photos: form.photos.filter((p) => !gone.has(p.id)) }, removed };
  }
  const removed = form.views.flatMap((view, index) =>
    gone.has(view.id) ? [{ target, photo: view.file, index, view }] : [],
  );
  return {
    patch: {
      views: form.views.filter((v) => !gone.has(v.id)),
      createErrors: without(form.createErrors, ['views']),
    },
    removed,
  };
}

/**
 * The form with removed photos put back in their places (a view in its slot, with its label), or
 * undefined when there is no room for them any more: the retexture flow has another photo, or
 * every view slot is filled again.
 */
export function restoredPhotos(
  form: CreateForm,
  removed: readonly RemovedPhoto[],
): Partial<CreateForm> | undefined {
  const target = removed[0]?.target;
  if (!target) return undefined;
  if (target === 'retexture') {
    return form.retexturePhoto ? undefined : { retexturePhoto: removed[0]!.photo };
  }
  // Back into each place in turn, oldest first: each then stands where it stood.
  const insert = <T>(list: readonly T[], items: readonly (readonly [number, T])[]) => {
    const out = [...list];
    for (const [index, item] of items) out.splice(Math.min(index, out.length), 0, item);
    return out;
  };
  if (target === 'photos') {
    return {
      photos: insert(
        form.photos,
        removed.map((r) => [r.index, r.photo] as const),
      ),
    };
  }
  if (form.views.length + removed.length > LIMITS.views.max) return undefined;
  return {
    views: insert(
      form.views,
      removed.flatMap((r) => (r.view ? [[r.index, r.view] as const] : [])),
    ),
    createErrors: without(form.createErrors, ['views']),
  };
}

/** Field errors of the retexture flow. */
function retextureErrors(form: CreateForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.retextureTarget)
    errors.model = t`Choose the model to retexture: open it in the viewer or pick it in the Library.`;
  if (!form.retexturePhoto) errors.photo = t`Drop the photo whose look the model should get.`;
  const seed = checkSeed(form.retextureSettings.seed);
  if (seed.error) errors.seed = seed.error;
  return errors;
}

/** Field errors of the flow on screen (empty when it may start): nothing is sent to find them. */
export function validateCreate(form: CreateForm): FieldErrors {
  if (form.createMode === 'retexture') return retextureErrors(form);
  const errors: FieldErrors = {};
  const settings = checkSettings(form.createSettings);
  if (!settings.ok) Object.assign(errors, settings.errors);
  if (form.createMode === 'photo' && form.photos.length === 0) {
    errors.photo = t`Drop a photo of one object first (JPEG, PNG or WebP, up to 20 MB).`;
  }
  if (form.createMode === 'views') {
    const problem = checkViews(form.views);
    if (problem) errors.views = problem;
  }
  if (form.createMode === 'text') {
    const problem = promptProblem(form.prompt);
    if (problem && form.concepts.length === 0) errors.prompt = problem;
    if (!form.conceptId) {
      errors.concept = form.concepts.length
        ? t`Pick one of the concept pictures to build the model from.`
        : t`Imagine a concept picture first, then pick it.`;
    }
  }
  return errors;
}

/** Field errors of the Imagine inputs (prompt, style). */
export function validateImagine(form: Pick<CreateForm, 'prompt' | 'style'>): FieldErrors {
  const problems: FieldErrors = {};
  const p = promptProblem(form.prompt);
  if (p) problems.prompt = p;
  const st = styleProblem(form.style);
  if (st) problems.style = st;
  return problems;
}

/** Dropped files sorted by their bytes: the good ones, and a sentence for each refused one. */
export async function checkDropped(
  files: readonly File[],
): Promise<{ good: File[]; refusals: string[] }> {
  const refusals: string[] = [];
  const good: File[] = [];
  for (const file of files) {
    const check = checkPhoto({ name: file.name, size: file.size, head: await readHead(file) });
    if (check.ok) good.push(file);
    else refusals.push(check.message);
  }
  return { good, refusals };
}

/**
 * The form after checked photos were dropped on `target`: the good ones placed (one photo over
 * one photo replaces it; retexture takes one; views take at most {@link LIMITS}'s count), and a
 * sentence at the field for whatever was not placed, so nothing dropped vanishes unexplained.
 */
export function placePhotos(
  form: CreateForm,
  target: PhotoTarget,
  dropped: Readonly<{ count: number; good: readonly File[]; refusals: readonly string[] }>,
  previews: PreviewPort,
): Partial<CreateForm> {
  const { good, refusals } = dropped;
  const field = target === 'views' ? 'views' : 'photo';
  const createErrors: FieldErrors = { ...form.createErrors, form: undefined };
  if (refusals.length) createErrors[field] = refusals.join(' ');
  else delete createErrors[field];
  if (target === 'retexture') {
    if (good.length > 1) {
      const dropped = good.length;
      createErrors.photo = t`You dropped ${dropped} photos. Retexture takes one: drop the photo whose look the model should get.`;
      return { createErrors };
    }
    if (!good[0]) return { createErrors };
    previews.release([form.retexturePhoto]);
    return { retexturePhoto: previews.make(good[0]), createErrors };
  }
  if (target === 'photos') {
    // One photo over one photo replaces it; several, or more for a batch, are added.
    const current = form.photos;
    const replace = good.length === 1 && current.length === 1 && dropped.count === 1;
    if (replace) previews.release(current);
    return { photos: [...(replace ? [] : current), ...good.map(previews.make)], createErrors };
  }
  if (form.views.length >= LIMITS.views.max && good.length) {
    // Every slot is filled: say why the photos were not added (nothing dropped vanishes).
    const names = good.map((f) => `“${f.name}”`).join(', ');
    const max = LIMITS.views.max;
    const count = good.length;
    const notAdded = plural(count, {
      one: `${names} was not added: multi-view takes at most ${max} views, and all ${max} are filled. Remove a view, then drop it again.`,
      other: `${names} were not added: multi-view takes at most ${max} views, and all ${max} are filled. Remove a view, then drop them again.`,
    });
    createErrors.views = [notAdded, ...refusals].join(' ');
    return { createErrors };
  }
  const views = [...form.views];
  for (const file of good)
    views.push({ id: '', file: previews.make(file), label: nextLabel(views) });
  return { views: views.map((v) => (v.id ? v : { ...v, id: v.file.id })), createErrors };
}

/** The flow's own inputs of a refused job, or undefined where the flow has something new. */
function restoredInputs(form: CreateForm, kept: KeptInputs): Partial<CreateForm> | undefined {
  if (kept.photos) return { photos: [...form.photos, ...kept.photos] };
  if (kept.views) return form.views.length ? undefined : { views: [...kept.views] };
  if (kept.text) {
    if (form.concepts.length || form.prompt.trim()) return undefined;
    return { ...kept.text, concepts: [...kept.text.concepts] };
  }
  if (kept.retexture) {
    if (form.retexturePhoto) return undefined;
    return {
      retexturePhoto: kept.retexture.photo,
      retextureSettings: kept.retexture.settings,
      retextureTarget: form.retextureTarget ?? kept.retexture.target,
    };
  }
  return {};
}

/** The sentence of a refused job whose inputs came back (`reason`: the service's own words). */
function notStarted(reason: string, concept: boolean): string {
  return concept
    ? t`Not started: ${reason} Your concept and settings are still here: press the button again once that is fixed.`
    : t`Not started: ${reason} Your photos and settings are still here: press the button again once that is fixed.`;
}

/**
 * The form with a refused job's inputs put back, or undefined where the flow has something new
 * (the user may have started another one meanwhile: that is never overwritten). The settings
 * come back only where the user has not touched them since.
 */
export function restoredForm(
  form: CreateForm,
  kept: KeptInputs,
  job: JobView,
): Partial<CreateForm> | undefined {
  const inputs = restoredInputs(form, kept);
  if (!inputs) return undefined;
  const untouched = form.createSettings === EMPTY_SETTINGS;
  return {
    ...inputs,
    ...(untouched ? { createSettings: kept.settings, createTier: kept.tier } : {}),
    createMode: kept.mode,
    createErrors: {
      form: notStarted(
        job.error ? errorWords(job.error) : t`the service refused it.`,
        kept.mode === 'text',
      ),
    },
  };
}
