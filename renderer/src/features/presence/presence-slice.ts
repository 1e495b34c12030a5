/**
 * The work shown where the artist looks: the pictures of each generation's input (kept after
 * Create lets go of the photo, and across restarts), the job the viewer's stage shows, and the
 * thumbnails of finished jobs' models for Activity.
 */
import type { ModelTier } from '../../../../shared/api/rules';
import type {
  JobView,
  ModelView,
  SettingsPatch,
  SettingsView,
} from '../../../../shared/ipc/contract';
import { isMoving } from '../../../../shared/jobs';
import type { SliceCreator } from '../../store/slice';
import type { CreateMode } from '../create/create-plan';
import { formToRemember, restoreForm } from '../create/create-memory';
import type { SettingsDraft } from '../create/create-rules';
import { thumbnailOf } from './input-thumbnail';

/** Presence state and actions. */
export interface PresenceSlice {
  /** Pictures of each job's input by job id (one per photo or view; a concept's picture). */
  jobInputs: Readonly<Record<string, readonly string[]>>;
  /** Thumbnails of finished jobs' models by model id, once asked for. */
  resultThumbs: Readonly<Record<string, string>>;
  /** The generation the viewer's stage shows, or undefined (the viewer shows the open model). */
  stagedJobId: string | undefined;
  /**
   * A generation was started from `inputs` (photos as files, a concept as its picture's URL):
   * its pictures are kept, and the stage shows it unless another started job is still there.
   */
  jobStarted(
    jobId: string,
    inputs: readonly (Blob | string)[],
    form?: Readonly<{ tier: ModelTier; settings: SettingsDraft }>,
  ): void;
  /**
   * Brings back how the artist left Kiln, once the settings are read: Create's form as last used
   * and the model that was open (quietly forgotten when it is gone).
   */
  restoreMemory(): Promise<void>;
  /** Remembers the model now open, so it reopens at the next start. */
  rememberModel(modelId: string): void;
  /** Shows a job on the stage (undefined: the stage closes). */
  stageJob(jobId: string | undefined): void;
  /** Closes the stage if it still shows `jobId` (its model is on screen now). */
  leaveStage(jobId: string): void;
  /**
   * Photos dropped on the viewer: to Create, as the photo to generate from (several: a batch),
   * as views while the Views flow is open, or as the look of a retexture while that is open.
   */
  takePhotos(files: readonly File[]): Promise<void>;
  /** Fetches the thumbnail of a finished job's model into {@link resultThumbs}. */
  wantResultThumb(modelId: string): void;
}

/** What presence reads of the other features and asks of them. */
export interface PresenceNeeds {
  readonly jobs: readonly JobView[];
  readonly settings: SettingsView | undefined;
  readonly model: ModelView | undefined;
  readonly openingModelId: string | undefined;
  updateSettings(patch: SettingsPatch): Promise<SettingsView>;
  showModel(model: ModelView): void;
  setCreateTier(tier: ModelTier): void;
  setCreateSettings(patch: Partial<SettingsDraft>): void;
  readonly createMode: CreateMode;
  setCreateMode(mode: CreateMode): void;
  showLeft(tab: 'create'): void;
  addPhotos(target: 'photos' | 'views' | 'retexture', files: readonly File[]): Promise<void>;
}

/** Where the input pictures survive a restart (a cache: losing it loses only pictures). */
const inputsStorageKey = 'kiln.jobInputs.v1';
/** The newest jobs' pictures kept (about 10 KB each). */
const KEPT = 40;

function loadInputs(): Record<string, readonly string[]> {
  try {
    const raw = globalThis.localStorage?.getItem(inputsStorageKey);
    const entries: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(entries)) return {};
    const out: Record<string, readonly string[]> = {};
    for (const entry of entries) {
      if (
        Array.isArray(entry) &&
        typeof entry[0] === 'string' &&
        Array.isArray(entry[1]) &&
        entry[1].every((u: unknown) => typeof u === 'string')
      ) {
        out[entry[0]] = entry[1] as string[];
      }
    }
    return out;
  } catch {
    return {};
  }
}

function saveInputs(inputs: Readonly<Record<string, readonly string[]>>): void {
  try {
    globalThis.localStorage?.setItem(inputsStorageKey, JSON.stringify(Object.entries(inputs)));
  } catch {
    // Storage full or unavailable: the pictures stay for this run only.
  }
}

/** Creates the presence slice. */
export const createPresenceSlice: SliceCreator<PresenceSlice, PresenceNeeds> = (
  set,
  get,
  bridge,
) => {
  const asked = new Set<string>();
  /** Memory is kept as the artist works: a failed save loses only this remembering. */
  const remember = (patch: SettingsPatch) =>
    void get()
      .updateSettings(patch)
      .catch(() => undefined);
  /** Jobs started in this window (their first update may come after the next one starts). */
  const started = new Set<string>();
  return {
    jobInputs: loadInputs(),
    resultThumbs: {},
    stagedJobId: undefined,
    jobStarted(jobId, inputs, form) {
      if (form) remember({ createForm: formToRemember(form.tier, form.settings) });
      // A batch starts its jobs one after the other: the first stays on the stage.
      const stagedId = get().stagedJobId;
      const staged = get().jobs.find((j) => j.id === stagedId);
      const stillThere = staged
        ? isMoving(staged.state)
        : stagedId !== undefined && started.has(stagedId);
      started.add(jobId);
      if (!stillThere) set({ stagedJobId: jobId });
      void Promise.all(
        inputs.map((i) => (typeof i === 'string' ? Promise.resolve(i) : thumbnailOf(i))),
      ).then((urls) => {
        const pictures = urls.filter((u): u is string => u !== undefined);
        if (pictures.length === 0) return;
        const entries = Object.entries({ ...get().jobInputs, [jobId]: pictures });
        const jobInputs = Object.fromEntries(entries.slice(-KEPT));
        set({ jobInputs });
        saveInputs(jobInputs);
      });
    },
    async restoreMemory() {
      const memory = get().settings;
      if (!memory) return;
      if (memory.createForm) {
        const form = restoreForm(memory.createForm);
        if (form.tier) get().setCreateTier(form.tier);
        get().setCreateSettings(form.settings);
      }
      const modelId = memory.lastModelId;
      if (!modelId || get().model || get().openingModelId) return;
      try {
        const model = await bridge['library:model']({ modelId });
        // The artist may have opened another model meanwhile: theirs stays.
        if (!get().model && !get().openingModelId) get().showModel(model);
      } catch {
        // Gone from the library (or offline with no copy): nothing to reopen, nothing to say.
        if (get().settings?.lastModelId === modelId) remember({ lastModelId: null });
      }
    },
    rememberModel(modelId) {
      if (get().settings?.lastModelId !== modelId) remember({ lastModelId: modelId });
    },
    stageJob: (stagedJobId) => set({ stagedJobId }),
    leaveStage(jobId) {
      if (get().stagedJobId === jobId) set({ stagedJobId: undefined });
    },
    async takePhotos(files) {
      get().showLeft('create');
      const mode = get().createMode;
      if (mode === 'views' || mode === 'retexture') return get().addPhotos(mode, files);
      if (mode !== 'photo') get().setCreateMode('photo');
      return get().addPhotos('photos', files);
    },
    wantResultThumb(modelId) {
      if (asked.has(modelId)) return;
      asked.add(modelId);
      bridge['library:thumbnail']({ modelId }).then(
        ({ url }) => set({ resultThumbs: { ...get().resultThumbs, [modelId]: url } }),
        // No thumbnail (the service has none yet): the row shows the input alone.
        () => undefined,
      );
    },
  };
};
