/**
 * Post-processing and the Activity centre's actions: runs an operation on a model and remembers
 * which job each tool started, shows a saved result or a new version in the viewer the way it
 * should open (clips playing, parts listed), and the user's decisions about jobs.
 */
import type { JobView, ModelView, Op } from '../../../../shared/ipc/contract';
import type { SliceCreator } from '../../store/app-store';

/** How the viewer should open a job's result once it is on screen. */
export interface ViewIntent {
  readonly jobId: string;
  /** Play the clips (a rig version). */
  readonly play?: boolean;
  /** Open the parts outliner (a split version). */
  readonly panel?: 'parts';
}

/** Ops and Activity state and actions. */
export interface OpsSlice {
  /** The last job each tool started, by {@link toolRunKey}. */
  opRuns: Readonly<Record<string, string>>;
  /** The open result's viewer intent (see {@link ViewIntent}). */
  viewIntent: ViewIntent | undefined;
  /**
   * Runs an operation on a model; the result is saved in `folder` (default: settings).
   * @throws KilnError with a user-facing message (and `field`) when it is refused
   */
  runOp(tool: string, modelId: string, op: Op, folder?: string): Promise<JobView>;
  /** The platform's folder picker; undefined when cancelled. */
  chooseFolder(): Promise<string | undefined>;
  /** Opens a job's result: a new version (rig clips playing, parts listed) or a saved GLB. */
  openResult(job: JobView): Promise<void>;
  /** Re-opens the model a saved-file preview was made from. */
  closePreview(): Promise<void>;
  cancelJob(jobId: string): Promise<void>;
  retryJob(jobId: string): Promise<void>;
  resolveUnknown(jobId: string, resolution: 'dismiss' | 'retry'): Promise<void>;
}

/** The key of a tool's last run on a model. */
export function toolRunKey(modelId: string, tool: string): string {
  return `${modelId}|${tool}`;
}

/** Kinds whose result is a new version of the model, opened in the viewer when done. */
const VERSION_KINDS: ReadonlySet<string> = new Set(['rig', 'parts']);

function intentFor(job: JobView): ViewIntent {
  return job.kind === 'rig'
    ? { jobId: job.id, play: true }
    : job.kind === 'parts'
      ? { jobId: job.id, panel: 'parts' }
      : { jobId: job.id };
}

/** Creates the ops slice. */
export const createOpsSlice: SliceCreator<OpsSlice> = (set, get, bridge) => ({
  opRuns: {},
  viewIntent: undefined,
  async runOp(tool, modelId, op, folder) {
    const job = await bridge['ops:run']({ modelId, op, ...(folder ? { folder } : {}) });
    set({ opRuns: { ...get().opRuns, [toolRunKey(modelId, tool)]: job.id } });
    if (VERSION_KINDS.has(job.kind)) {
      // The jobs slice opens the new version when the job is done; the intent says how.
      set({ autoOpenJobId: job.id, viewIntent: intentFor(job) });
    }
    get().upsertJob(job);
    return job;
  },
  async chooseFolder() {
    const answer = await bridge['files:chooseFolder'](undefined);
    return answer.path;
  },
  async openResult(job) {
    if (job.state !== 'done') return;
    if (VERSION_KINDS.has(job.kind) || !job.savedPath) {
      if (!job.modelId) return;
      set({ viewIntent: intentFor(job) });
      await get().openModel(job.modelId);
      return;
    }
    const model: ModelView = await bridge['ops:preview']({ jobId: job.id });
    set({
      model,
      openingModelId: undefined,
      openError: undefined,
      openFailure: undefined,
      compareModel: undefined,
      modelStats: undefined,
      viewIntent: undefined,
    });
  },
  async closePreview() {
    const model = get().model;
    if (model?.savedPath) await get().openModel(model.modelId);
  },
  async cancelJob(jobId) {
    get().upsertJob(await bridge['jobs:cancel']({ jobId }));
  },
  async retryJob(jobId) {
    get().upsertJob(await bridge['jobs:retry']({ jobId }));
  },
  async resolveUnknown(jobId, resolution) {
    get().upsertJob(await bridge['jobs:resolveUnknown']({ jobId, resolution }));
  },
});
