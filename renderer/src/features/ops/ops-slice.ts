/**
 * Post-processing: the tool the Tools column shows for which model, runs an operation on a model
 * and remembers which job each tool started, and shows a saved result or a new version in the
 * viewer the way it should open (clips playing, parts listed).
 */
import type { JobView, ModelView, Op, OpRepeatView, ToolOp } from '../../../../shared/ipc/contract';
import type { SliceCreator } from '../../store/slice';

/** How the viewer should open a job's result once it is on screen. */
export interface ViewIntent {
  readonly jobId: string;
  /** Play the clips (a rig version). */
  readonly play?: boolean;
  /** Open the parts outliner (a split version). */
  readonly panel?: 'parts';
}

/** Ops state and actions. */
export interface OpsSlice {
  /** The post-processing tool the Tools column shows first (`export`, `print`, …). */
  toolsOp: string | undefined;
  /** Opens a model (if it is not the open one) and shows a tool for it in the Tools column. */
  openTools(modelId: string, op?: string): Promise<void>;
  /** The last job each tool started, by {@link toolRunKey}. */
  opRuns: Readonly<Record<string, string>>;
  /** The open result's viewer intent (see {@link ViewIntent}). */
  viewIntent: ViewIntent | undefined;
  /**
   * Runs an operation on a model; the result is saved in `folder` (default: settings).
   * @throws KilnError with a user-facing message (and `field`) when it is refused
   */
  runOp(tool: string, modelId: string, op: ToolOp, folder?: string): Promise<JobView>;
  /** Whether `op` on the model repeats a build Kiln made or is making (not charged again). */
  opRepeat(modelId: string, op: Op): Promise<OpRepeatView>;
  /** The platform's folder picker; undefined when cancelled. */
  chooseFolder(): Promise<string | undefined>;
  /** Opens a job's result: a new version (rig clips playing, parts listed) or a saved GLB. */
  openResult(job: JobView): Promise<void>;
  /** Re-opens the model a saved-file preview was made from. */
  closePreview(): Promise<void>;
}

/** What the tools ask of the shell, Activity and the viewer. */
export interface OpsNeeds {
  showRight(tab: 'tools'): void;
  upsertJob(job: JobView): void;
  openWhenDone(jobId: string): void;
  readonly model: ModelView | undefined;
  openModel(modelId: string): Promise<void>;
  showModel(model: ModelView): void;
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
export const createOpsSlice: SliceCreator<OpsSlice, OpsNeeds> = (set, get, bridge) => ({
  toolsOp: undefined,
  async openTools(modelId, op) {
    get().showRight('tools');
    set({ toolsOp: op });
    if (get().model?.modelId !== modelId) await get().openModel(modelId);
  },
  opRuns: {},
  viewIntent: undefined,
  async runOp(tool, modelId, op, folder) {
    const job = await bridge['ops:run']({ modelId, op, ...(folder ? { folder } : {}) });
    set({ opRuns: { ...get().opRuns, [toolRunKey(modelId, tool)]: job.id } });
    if (VERSION_KINDS.has(job.kind)) {
      // Activity opens the new version when the job is done; the intent says how.
      set({ viewIntent: intentFor(job) });
      get().openWhenDone(job.id);
    }
    get().upsertJob(job);
    return job;
  },
  opRepeat: (modelId, op) => bridge['ops:repeat']({ modelId, op }),
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
    set({ viewIntent: undefined });
    get().showModel(model);
  },
  async closePreview() {
    const model = get().model;
    if (model?.savedPath) await get().openModel(model.modelId);
  },
});
