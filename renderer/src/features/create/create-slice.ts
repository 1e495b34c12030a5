/**
 * The Create area's form state and its start actions. The state lives in the store (not in the
 * panel) so switching to the Library and back loses nothing; a start that fails keeps every
 * input and puts the error at the field it names; a start that succeeds clears the flow, shows
 * the job in Activity and opens its model when it is done. A started job's inputs are kept until
 * the service accepts it: refused before anything was charged (a 402 after a wait in Kiln's
 * queue), they come back into Create, so the user can top up and press again.
 */
import type { ModelTier } from '../../../../shared/api/rules';
import type { JobView } from '../../../../shared/ipc/contract';
import { isFinal } from '../../../../shared/jobs';
import {
  checkDropped,
  EMPTY_FORM,
  photosOf,
  placePhotos,
  restoredForm,
  validateCreate,
  validateImagine,
  removedPhotos,
  replacedPhoto,
  restoredPhotos,
  without,
  type CreateForm,
  type KeptInputs,
  type PhotoTarget,
  type PreviewPort,
  type RemovedPhoto,
  type RetextureDraft,
  type RetextureTarget,
} from './create-form';
import type { CreateMode } from './create-plan';
import {
  moveSlot,
  placeError,
  type FieldErrors,
  type SettingsDraft,
  type ViewLabel,
} from './create-rules';
import { acceptedByService } from '../activity/job-labels';
import type { SliceCreator } from '../../store/slice';
import type { UndoRecord } from '../../store/undo';
import { plural, t } from '@lingui/core/macro';

export type { ChosenPhoto, KeptInputs, PhotoTarget, RetextureDraft } from './create-form';

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
  /** A removed photo or view can be brought back (Ctrl/⌘+Z, the notice's Undo). */
  recordUndo(record: UndoRecord): void;
}

/** Create state and actions. */
export interface CreateSlice extends CreateForm {
  /** A start or an Imagine is being sent: the buttons wait, so nothing is sent twice. */
  createBusy: boolean;
  /** The retexture target the panel last switched to (so it switches once per new target). */
  retextureSeen: string | undefined;

  /** Shows Create's retexture flow for a model. */
  beginRetexture(target: RetextureTarget | undefined): void;

  setCreateMode(mode: CreateMode): void;
  setCreateTier(tier: ModelTier): void;
  setCreateSettings(patch: Partial<SettingsDraft>): void;
  setRetextureSettings(patch: Partial<RetextureDraft>): void;
  setCreateErrors(errors: FieldErrors): void;
  markRetextureSeen(modelId: string | undefined): void;
  /** Checks files (type by content, size) and adds the good ones; refusals go to the field. */
  addPhotos(target: PhotoTarget, files: readonly File[]): Promise<void>;
  /** Takes photos out of a flow (undoably: they come back in their places, as they were). */
  removePhotos(target: PhotoTarget, ids: readonly string[]): void;
  /** Puts `file` in the place of the photo `id` (an accepted crop; the original file is untouched). */
  replacePhoto(target: PhotoTarget, id: string, file: File): void;
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

let nextId = 0;
/** Previews as object URLs of the page, released when their photo goes. */
const previews: PreviewPort = {
  make: (file) => ({ id: `p${++nextId}`, file, previewUrl: URL.createObjectURL(file) }),
  release(photos) {
    for (const p of photos) if (p) URL.revokeObjectURL(p.previewUrl);
  },
};

/** The flow each photo target belongs to. */
const FLOW_OF: Readonly<Record<PhotoTarget, CreateMode>> = {
  photos: 'photo',
  views: 'views',
  retexture: 'retexture',
};

/** The undo notice's words for photos taken out of a flow. */
function removalWords(removed: readonly RemovedPhoto[]): string {
  const count = removed.length;
  if (count > 1) return plural(count, { one: '# photo removed', other: '# photos removed' });
  const name = removed[0]!.photo.file.name;
  return removed[0]!.target === 'views' ? t`View “${name}” removed` : t`Photo “${name}” removed`;
}

/**
 * `removePhotos`: takes photos out of a flow and records how to put them back (in their places,
 * the flow shown again); their previews are released once they can no longer come back.
 */
function photoRemoval(
  set: (patch: Partial<CreateSlice>) => void,
  get: () => CreateSlice & CreateNeeds,
): CreateSlice['removePhotos'] {
  return (target, ids) => {
    const first = removedPhotos(get(), target, ids);
    // The last removal's snapshot: a redo removes the same photos again from where they are then.
    let removed = first.removed;
    if (!removed.length) return;
    set(first.patch);
    get().recordUndo({
      // Asked each time the notice is drawn: a change of language reaches it.
      describe: () => removalWords(removed),
      undo: () => {
        const restored = restoredPhotos(get(), removed);
        if (!restored) return false;
        set({ ...restored, createMode: FLOW_OF[target] });
        get().showLeft('create');
      },
      redo: () => {
        const again = removedPhotos(get(), target, ids);
        if (!again.removed.length) return false;
        removed = again.removed;
        set({ ...again.patch, createMode: FLOW_OF[target] });
        get().showLeft('create');
      },
      discard: () => previews.release(removed.map((r) => r.photo)),
    });
  };
}

/**
 * The starts' code (`create-start.ts`), needed from the first Generate on, not for the first
 * screen: a chunk of its own (bench B7), fetched once.
 */
const startCode = () => import('./create-start');

/** Creates the Create slice. */
export const createCreateSlice: SliceCreator<CreateSlice, CreateNeeds> = (set, get, bridge) => {
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
  /**
   * A started job: in Activity at once and opened by itself when it is done, its inputs (already
   * cleared from the flow) kept until the service accepts it; a refusal that came in before the
   * start's answer puts them back at once.
   */
  const begin = (job: JobView, inputs: KeptInputs) => {
    set({ createKept: { ...get().createKept, [job.id]: inputs } });
    const concept = inputs.text?.concepts.find((c) => c.conceptId === inputs.text?.conceptId);
    const pictures = photosOf(inputs).map((p): Blob | string => p.file);
    const form = inputs.mode === 'retexture' ? undefined : inputs;
    get().jobStarted(job.id, concept?.imageUrl ? [...pictures, concept.imageUrl] : pictures, form);
    const known = get().jobs.find((j) => j.id === job.id);
    get().openWhenDone(job.id);
    get().upsertJob(job);
    get().showRight('activity');
    if (known && isFinal(known.state)) get().createJobUpdated(known);
  };

  return {
    ...EMPTY_FORM,
    createBusy: false,
    retextureSeen: undefined,
    createKept: {},

    beginRetexture(retextureTarget) {
      set({ retextureTarget });
      get().showLeft('create');
    },
    setCreateMode: (createMode) => set({ createMode, createErrors: {} }),
    setCreateTier: (createTier) => set({ createTier }),
    setCreateSettings: (patch) =>
      set({
        createSettings: { ...get().createSettings, ...patch },
        createErrors: without(get().createErrors, Object.keys(patch) as (keyof SettingsDraft)[]),
      }),
    setRetextureSettings: (patch) =>
      set({
        retextureSettings: { ...get().retextureSettings, ...patch },
        createErrors: without(get().createErrors, ['seed', 'textureSize']),
      }),
    setCreateErrors: (createErrors) => set({ createErrors }),
    markRetextureSeen: (retextureSeen) => set({ retextureSeen }),

    async addPhotos(target, files) {
      if (files.length === 0) return;
      const { good, refusals } = await checkDropped(files);
      set(placePhotos(get(), target, { count: files.length, good, refusals }, previews));
    },
    removePhotos: photoRemoval(set, get),
    replacePhoto: (target, id, file) => set(replacedPhoto(get(), target, id, file, previews)),
    // Rearranging the views answers what was said about the last drop: what the views need now
    // shows instead (ViewsFlow).
    moveView: (from, to) =>
      set({
        views: moveSlot(get().views, from, to),
        createErrors: without(get().createErrors, ['views']),
      }),
    labelView: (id, label) =>
      set({
        views: get().views.map((v) => (v.id === id ? { ...v, label } : v)),
        createErrors: without(get().createErrors, ['views']),
      }),
    setPrompt: (prompt) => set({ prompt, createErrors: without(get().createErrors, ['prompt']) }),
    setStyle: (style) => set({ style }),
    pickConcept: (conceptId) =>
      set({ conceptId, createErrors: without(get().createErrors, ['concept']) }),

    validateCreate: () => validateCreate(get()),
    validateImagine: () => validateImagine(get()),

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
      const form = get();
      const errors = form.validateCreate();
      if (Object.keys(errors).length) {
        set({ createErrors: errors });
        return [];
      }
      // The jobs that started, also when a batch started only in part (its error is shown).
      const jobs: JobView[] = [];
      const result = await sending(async () =>
        (await startCode()).startFlow(form, {
          bridge,
          read: get,
          write: set,
          begin(job, inputs) {
            begin(job, inputs);
            jobs.push(job);
          },
        }),
      );
      return result ?? jobs;
    },

    createJobUpdated(job) {
      const kept = get().createKept[job.id];
      if (!kept || job.state === 'waiting' || job.state === 'starting') return;
      const { [job.id]: _done, ...rest } = get().createKept;
      set({ createKept: rest });
      const refused = job.state === 'failed' && !acceptedByService(job);
      const restored = refused ? restoredForm(get(), kept, job) : undefined;
      if (!restored) return previews.release(photosOf(kept));
      set(restored);
      get().showLeft('create');
    },
  };
};
