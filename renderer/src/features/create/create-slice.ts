/**
 * The Create area's form state and its start actions. The state lives in the store (not in the
 * panel) so switching to the Library and back loses nothing; a start that fails keeps every
 * input and puts the error at the field it names; a start that succeeds clears the flow, shows
 * the job in Activity and opens its model when it is done. A started job's inputs are kept until
 * the service accepts it: refused before anything was charged (a 402 after a wait in Kiln's
 * queue), they come back into Create, so the user can top up and press again.
 */
import { checkPhoto, LIMITS, type ModelTier, type TextureSize } from '../../../../shared/api/rules';
import type { ConceptView, GenerationOptions, JobView } from '../../../../shared/ipc/contract';
import { KilnError } from '../../../../shared/ipc/errors';
import { isFinal } from '../../../../shared/jobs';
import type { CreateMode } from './create-plan';
import {
  checkSeed,
  checkSettings,
  checkViews,
  EMPTY_SETTINGS,
  fieldOfError,
  moveSlot,
  nextLabel,
  promptProblem,
  styleProblem,
  type FieldErrors,
  type SettingsDraft,
  type ViewLabel,
  type ViewSlot,
} from './create-rules';
import { readHead } from './read-head';
import { acceptedByService } from '../activity/job-labels';
import type { SliceCreator } from '../../store/slice';

/** What Create asks of the shell and of Activity. */
export interface CreateNeeds {
  showLeft(tab: 'create'): void;
  showRight(tab: 'activity'): void;
  upsertJob(job: JobView): void;
  openWhenDone(jobId: string): void;
  /** The viewer's stage shows the job with pictures of its inputs. */
  jobStarted(
    jobId: string,
    inputs: readonly (Blob | string)[],
    form?: Readonly<{ tier: ModelTier; settings: SettingsDraft }>,
  ): void;
  readonly jobs: readonly JobView[];
}

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
    target: { modelId: string; name: string } | undefined;
  }>;
}

/** Create state and actions. */
export interface CreateSlice {
  createMode: CreateMode;
  createTier: ModelTier;
  createSettings: SettingsDraft;
  /** Sentences to show at the fields, for the flow on screen. */
  createErrors: FieldErrors;
  /** A start or an Imagine is being sent: the buttons wait, so nothing is sent twice. */
  createBusy: boolean;
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
  retextureTarget: { modelId: string; name: string } | undefined;
  /** The retexture target the panel last switched to (so it switches once per new target). */
  retextureSeen: string | undefined;

  /** Shows Create's retexture flow for a model. */
  beginRetexture(target: { modelId: string; name: string } | undefined): void;

  setCreateMode(mode: CreateMode): void;
  setCreateTier(tier: ModelTier): void;
  setCreateSettings(patch: Partial<SettingsDraft>): void;
  setRetextureSettings(patch: Partial<RetextureDraft>): void;
  setCreateErrors(errors: FieldErrors): void;
  markRetextureSeen(modelId: string | undefined): void;
  /** Checks files (type by content, size) and adds the good ones; refusals go to the field. */
  addPhotos(target: PhotoTarget, files: readonly File[]): Promise<void>;
  removePhoto(target: PhotoTarget, id: string): void;
  moveView(from: number, to: number): void;
  labelView(id: string, label: ViewLabel): void;
  setPrompt(prompt: string): void;
  setStyle(style: string): void;
  pickConcept(conceptId: string): void;
  /** Field errors of the flow on screen, without sending anything (empty when it may start). */
  validateCreate(): FieldErrors;
  /** Field errors of the Imagine inputs (prompt, style), without sending anything. */
  validateImagine(): FieldErrors;
  /** Asks for a concept picture (paid). Resolves false when it was refused (errors are set). */
  imagine(): Promise<boolean>;
  /** Starts the flow on screen (paid; validate first). Resolves the started jobs. */
  startCreate(): Promise<JobView[]>;
  /** Inputs of started jobs the service has not accepted yet, by job id. */
  createKept: Readonly<Record<string, KeptInputs>>;
  /**
   * Follows a started job: accepted (or ended otherwise), its kept inputs go; refused before
   * anything was charged, they come back into Create where the flow has nothing new.
   */
  createJobUpdated(job: JobView): void;
}

/** The photos a set of kept inputs holds (their previews are released when they go). */
function photosOf(kept: KeptInputs): ChosenPhoto[] {
  return [
    ...(kept.photos ?? []),
    ...(kept.views ?? []).map((v) => v.file),
    ...(kept.retexture ? [kept.retexture.photo] : []),
  ];
}

let nextId = 0;
const photoOf = (file: File): ChosenPhoto => ({
  id: `p${++nextId}`,
  file,
  previewUrl: URL.createObjectURL(file),
});
const release = (photos: readonly (ChosenPhoto | undefined)[]) => {
  for (const p of photos) if (p) URL.revokeObjectURL(p.previewUrl);
};

/** A user-facing sentence and the field it belongs to, from anything a start may throw. */
function placeError(error: unknown): FieldErrors {
  if (error instanceof KilnError) return { [fieldOfError(error.field)]: error.message };
  return { form: (error as Error).message || 'Kiln could not start this. Try again.' };
}

/** The error of a batch that started in part: what started, what did not, what is kept. */
function partialBatch(error: unknown, done: number, refused: readonly string[]): KilnError {
  const names = refused.map((n) => `“${n}”`).join(', ');
  return new KilnError(
    error instanceof KilnError ? error.code : 'start_failed',
    `${done} of ${done + refused.length} started. Not started: ${names} — ${(error as Error).message} ${refused.length > 1 ? 'They are' : 'It is'} still here to try again.`,
    error instanceof KilnError && error.field ? { field: error.field } : {},
  );
}

/** The errors without the one about the views. */
const withoutViews = ({ views: _views, ...rest }: FieldErrors): FieldErrors => rest;

/** Creates the Create slice. */
export const createCreateSlice: SliceCreator<CreateSlice, CreateNeeds> = (set, get, bridge) => {
  /** A started job: in Activity at once, and opened by itself when it is done. */
  const started = (job: JobView) => {
    get().openWhenDone(job.id);
    get().upsertJob(job);
    get().showRight('activity');
  };
  /** Runs a start with the busy flag; a second call while one is being sent does nothing. */
  const sending = async <T>(run: () => Promise<T>): Promise<T | undefined> => {
    if (get().createBusy) return undefined;
    set({ createBusy: true, createErrors: {} });
    try {
      return await run();
    } catch (error) {
      set({ createErrors: placeError(error) });
      return undefined;
    } finally {
      set({ createBusy: false });
    }
  };
  /** The inputs every flow shares, as they are now. */
  const common = () => ({
    mode: get().createMode,
    tier: get().createTier,
    settings: get().createSettings,
  });
  /**
   * A started job, its inputs (already cleared from the flow) kept until the service accepts
   * it; a refusal that came in before the start's answer puts them back at once.
   */
  const begin = (job: JobView, inputs: KeptInputs) => {
    set({ createKept: { ...get().createKept, [job.id]: inputs } });
    const concept = inputs.text?.concepts.find((c) => c.conceptId === inputs.text?.conceptId);
    const pictures = photosOf(inputs).map((p): Blob | string => p.file);
    const form = inputs.mode === 'retexture' ? undefined : inputs;
    get().jobStarted(job.id, concept?.imageUrl ? [...pictures, concept.imageUrl] : pictures, form);
    const known = get().jobs.find((j) => j.id === job.id);
    started(job);
    if (known && isFinal(known.state)) get().createJobUpdated(known);
  };
  /**
   * Puts a refused job's inputs back where the flow has nothing new (the user may have started
   * another one meanwhile: that is never overwritten). Answers whether they went back.
   */
  const restore = (kept: KeptInputs, job: JobView): boolean => {
    const s = get();
    const patch: Partial<CreateSlice> = {};
    if (kept.photos) patch.photos = [...s.photos, ...kept.photos];
    else if (kept.views) {
      if (s.views.length) return false;
      patch.views = [...kept.views];
    } else if (kept.text) {
      if (s.concepts.length || s.prompt.trim()) return false;
      Object.assign(patch, kept.text, { concepts: [...kept.text.concepts] });
    } else if (kept.retexture) {
      if (s.retexturePhoto) return false;
      patch.retexturePhoto = kept.retexture.photo;
      patch.retextureSettings = kept.retexture.settings;
      patch.retextureTarget = s.retextureTarget ?? kept.retexture.target;
    }
    const untouched = s.createSettings === EMPTY_SETTINGS;
    set({
      ...patch,
      ...(untouched ? { createSettings: kept.settings, createTier: kept.tier } : {}),
      createMode: kept.mode,
      createErrors: {
        form: `Not started: ${job.error?.message ?? 'the service refused it.'} Your ${kept.mode === 'text' ? 'concept' : 'photos'} and settings are still here: press the button again once that is fixed.`,
      },
    });
    get().showLeft('create');
    return true;
  };
  const options = (): GenerationOptions => {
    const check = checkSettings(get().createSettings);
    return check.ok ? check.options : {};
  };

  return {
    createMode: 'photo',
    createTier: 'quality',
    createSettings: EMPTY_SETTINGS,
    createErrors: {},
    createBusy: false,
    photos: [],
    views: [],
    prompt: '',
    style: '',
    concepts: [],
    conceptId: undefined,
    retexturePhoto: undefined,
    retextureSettings: { textureSize: 'default', seed: '' },
    retextureTarget: undefined,
    retextureSeen: undefined,
    createKept: {},

    beginRetexture(retextureTarget) {
      set({ retextureTarget });
      get().showLeft('create');
    },
    setCreateMode: (createMode) => set({ createMode, createErrors: {} }),
    setCreateTier: (createTier) => set({ createTier }),
    setCreateSettings(patch) {
      const keys = Object.keys(patch) as (keyof SettingsDraft)[];
      const createErrors = { ...get().createErrors };
      for (const k of keys) delete createErrors[k];
      set({ createSettings: { ...get().createSettings, ...patch }, createErrors });
    },
    setRetextureSettings(patch) {
      const createErrors = { ...get().createErrors };
      delete createErrors.seed;
      delete createErrors.textureSize;
      set({ retextureSettings: { ...get().retextureSettings, ...patch }, createErrors });
    },
    setCreateErrors: (createErrors) => set({ createErrors }),
    markRetextureSeen: (retextureSeen) => set({ retextureSeen }),

    async addPhotos(target, files) {
      if (files.length === 0) return;
      const refusals: string[] = [];
      const good: File[] = [];
      for (const file of files) {
        const check = checkPhoto({ name: file.name, size: file.size, head: await readHead(file) });
        if (check.ok) good.push(file);
        else refusals.push(check.message);
      }
      const field = target === 'photos' ? 'photo' : target === 'views' ? 'views' : 'photo';
      const createErrors: FieldErrors = { ...get().createErrors, form: undefined };
      if (refusals.length) createErrors[field] = refusals.join(' ');
      else delete createErrors[field];
      if (target === 'retexture') {
        if (good.length > 1) {
          createErrors.photo = `You dropped ${good.length} photos. Retexture takes one: drop the photo whose look the model should get.`;
        } else if (good[0]) {
          release([get().retexturePhoto]);
          set({ retexturePhoto: photoOf(good[0]) });
        }
      } else if (target === 'photos') {
        // One photo over one photo replaces it; several, or more for a batch, are added.
        const current = get().photos;
        const replace = good.length === 1 && current.length === 1 && files.length === 1;
        if (replace) release(current);
        set({ photos: [...(replace ? [] : current), ...good.map(photoOf)] });
      } else if (get().views.length >= LIMITS.views.max && good.length) {
        // Every slot is filled: say why the photos were not added (nothing dropped vanishes).
        const names = good.map((f) => `“${f.name}”`).join(', ');
        createErrors.views = `${names} ${good.length === 1 ? 'was' : 'were'} not added: multi-view takes at most ${LIMITS.views.max} views, and all ${LIMITS.views.max} are filled. Remove a view, then drop ${good.length === 1 ? 'it' : 'them'} again.${refusals.length ? ` ${refusals.join(' ')}` : ''}`;
      } else {
        const views = [...get().views];
        for (const file of good)
          views.push({ id: '', file: photoOf(file), label: nextLabel(views) });
        set({ views: views.map((v) => (v.id ? v : { ...v, id: v.file.id })) });
      }
      set({ createErrors });
    },
    removePhoto(target, id) {
      if (target === 'retexture') {
        release([get().retexturePhoto]);
        set({ retexturePhoto: undefined });
      } else if (target === 'photos') {
        release(get().photos.filter((p) => p.id === id));
        set({ photos: get().photos.filter((p) => p.id !== id) });
      } else {
        release(
          get()
            .views.filter((v) => v.id === id)
            .map((v) => v.file),
        );
        set({
          views: get().views.filter((v) => v.id !== id),
          createErrors: withoutViews(get().createErrors),
        });
      }
    },
    // Rearranging the views answers what was said about the last drop: what the views need now
    // shows instead (ViewsFlow).
    moveView: (from, to) =>
      set({
        views: moveSlot(get().views, from, to),
        createErrors: withoutViews(get().createErrors),
      }),
    labelView: (id, label) =>
      set({
        views: get().views.map((v) => (v.id === id ? { ...v, label } : v)),
        createErrors: withoutViews(get().createErrors),
      }),
    setPrompt(prompt) {
      const { prompt: _drop, ...rest } = get().createErrors;
      set({ prompt, createErrors: rest });
    },
    setStyle: (style) => set({ style }),
    pickConcept(conceptId) {
      const { concept: _drop, ...rest } = get().createErrors;
      set({ conceptId, createErrors: rest });
    },

    validateCreate() {
      const s = get();
      const errors: FieldErrors = {};
      if (s.createMode === 'retexture') {
        if (!s.retextureTarget)
          errors.model =
            'Choose the model to retexture: open it in the viewer or pick it in the Library.';
        if (!s.retexturePhoto) errors.photo = 'Drop the photo whose look the model should get.';
        const seed = checkSeed(s.retextureSettings.seed);
        if (seed.error) errors.seed = seed.error;
        return errors;
      }
      const settings = checkSettings(s.createSettings);
      if (!settings.ok) Object.assign(errors, settings.errors);
      if (s.createMode === 'photo' && s.photos.length === 0) {
        errors.photo = 'Drop a photo of one object first (JPEG, PNG or WebP, up to 20 MB).';
      }
      if (s.createMode === 'views') {
        const problem = checkViews(s.views);
        if (problem) errors.views = problem;
      }
      if (s.createMode === 'text') {
        const problem = promptProblem(s.prompt);
        if (problem && s.concepts.length === 0) errors.prompt = problem;
        if (!s.conceptId) {
          errors.concept = s.concepts.length
            ? 'Pick one of the concept pictures to build the model from.'
            : 'Imagine a concept picture first, then pick it.';
        }
      }
      return errors;
    },

    validateImagine() {
      const { prompt, style } = get();
      const problems: FieldErrors = {};
      const p = promptProblem(prompt);
      if (p) problems.prompt = p;
      const st = styleProblem(style);
      if (st) problems.style = st;
      return problems;
    },

    async imagine() {
      const { prompt, style } = get();
      const problems = get().validateImagine();
      if (Object.keys(problems).length) {
        set({ createErrors: problems });
        return false;
      }
      const concept = await sending(() =>
        bridge['concepts:imagine']({ prompt: prompt.trim(), style: style.trim() || null }),
      );
      if (!concept) return false;
      set({ concepts: [...get().concepts, concept], conceptId: concept.conceptId });
      return true;
    },

    async startCreate() {
      const s = get();
      const errors = s.validateCreate();
      if (Object.keys(errors).length) {
        set({ createErrors: errors });
        return [];
      }
      const tier = s.createTier;
      const jobs: JobView[] = [];
      const result = await sending(async () => {
        switch (s.createMode) {
          case 'photo': {
            // Every photo is handed over first, so a refused file starts nothing. Then the starts
            // go out together, one job each, in order: the core runs five and queues the rest.
            const staged = [];
            for (const p of s.photos) staged.push(await bridge.stageFile(p.file));
            const opts = options();
            const results = await Promise.allSettled(
              staged.map((f) => bridge['jobs:startPhoto']({ fileId: f.id, tier, options: opts })),
            );
            const refused: string[] = [];
            let firstError: unknown;
            results.forEach((result, i) => {
              const photo = s.photos[i]!;
              if (result.status === 'fulfilled') {
                set({ photos: get().photos.filter((p) => p.id !== photo.id) });
                begin(result.value, { ...common(), photos: [photo] });
                jobs.push(result.value);
              } else {
                firstError ??= result.reason;
                refused.push(photo.file.name);
              }
            });
            if (firstError !== undefined) {
              throw jobs.length ? partialBatch(firstError, jobs.length, refused) : firstError;
            }
            set({ createSettings: EMPTY_SETTINGS });
            return jobs;
          }
          case 'views': {
            const staged = [];
            for (const v of s.views) staged.push(await bridge.stageFile(v.file.file));
            const job = await bridge['jobs:startMulti']({
              fileIds: staged.map((f) => f.id),
              tier,
              options: options(),
            });
            const inputs = { ...common(), views: s.views };
            set({ views: [], createSettings: EMPTY_SETTINGS });
            begin(job, inputs);
            return [job];
          }
          case 'text': {
            const job = await bridge['jobs:startText']({
              conceptId: s.conceptId!,
              tier,
              options: options(),
              label: s.concepts.find((c) => c.conceptId === s.conceptId)?.prompt.slice(0, 200),
            });
            const inputs = {
              ...common(),
              text: {
                prompt: s.prompt,
                style: s.style,
                concepts: s.concepts,
                conceptId: s.conceptId,
              },
            };
            set({
              prompt: '',
              style: '',
              concepts: [],
              conceptId: undefined,
              createSettings: EMPTY_SETTINGS,
            });
            begin(job, inputs);
            return [job];
          }
          case 'retexture': {
            const { retextureSettings: rs } = s;
            const staged = await bridge.stageFile(s.retexturePhoto!.file);
            const seed = checkSeed(rs.seed).value;
            const job = await bridge['jobs:retexture']({
              modelId: s.retextureTarget!.modelId,
              fileId: staged.id,
              ...(rs.textureSize !== 'default'
                ? { textureSize: Number(rs.textureSize) as TextureSize }
                : {}),
              ...(seed !== undefined ? { seed } : {}),
            });
            const inputs = {
              ...common(),
              retexture: { photo: s.retexturePhoto!, settings: rs, target: s.retextureTarget },
            };
            set({
              retexturePhoto: undefined,
              retextureSettings: { textureSize: 'default', seed: '' },
            });
            begin(job, inputs);
            return [job];
          }
        }
      });
      return result ?? jobs;
    },

    createJobUpdated(job) {
      const kept = get().createKept[job.id];
      if (!kept || job.state === 'waiting' || job.state === 'starting') return;
      const { [job.id]: _done, ...rest } = get().createKept;
      set({ createKept: rest });
      const refused = job.state === 'failed' && !acceptedByService(job);
      if (!refused || !restore(kept, job)) release(photosOf(kept));
    },
  };
};
