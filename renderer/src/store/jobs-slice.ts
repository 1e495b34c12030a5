/** Jobs as the Activity list shows them, kept current by `jobs.updated` events. */
import type { ModelTier } from '../../../shared/api/rules';
import type { JobView } from '../../../shared/ipc/contract';
import type { SliceCreator } from './app-store';

/** Jobs state and actions. */
export interface JobsSlice {
  /** Newest first. */
  jobs: JobView[];
  /** The job whose model opens by itself when done (the one the user just started). */
  autoOpenJobId: string | undefined;
  setJobs(jobs: JobView[]): void;
  upsertJob(job: JobView): void;
  /**
   * Hands the photo to the main process and starts a generation.
   * @throws KilnError with a user-facing message when the file or the start is refused
   */
  startPhoto(file: File, tier: ModelTier): Promise<JobView>;
}

const newestFirst = (a: JobView, b: JobView) => b.createdAt - a.createdAt;

/** Creates the jobs slice. */
export const createJobsSlice: SliceCreator<JobsSlice> = (set, get, bridge) => ({
  jobs: [],
  autoOpenJobId: undefined,
  setJobs: (jobs) => set({ jobs: [...jobs].sort(newestFirst) }),
  upsertJob(job) {
    const others = get().jobs.filter((j) => j.id !== job.id);
    set({ jobs: [job, ...others].sort(newestFirst) });
    if (job.state === 'done' && job.modelId && get().autoOpenJobId === job.id) {
      set({ autoOpenJobId: undefined });
      void get().openModel(job.modelId);
    }
  },
  async startPhoto(file, tier) {
    const staged = await bridge.stageFile(file);
    const job = await bridge['jobs:startPhoto']({ fileId: staged.id, tier });
    set({ autoOpenJobId: job.id });
    get().upsertJob(job);
    return job;
  },
});
