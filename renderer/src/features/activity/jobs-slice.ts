/**
 * Jobs as the Activity list shows them, kept current by `jobs.updated` events, and the user's
 * decisions about them (cancel, retry, resolve an unknown outcome).
 */
import type { JobView } from '../../../../shared/ipc/contract';
import { isPaymentCode } from '../../../../shared/jobs';
import type { SliceCreator } from '../../store/slice';

/** Jobs state and actions. */
export interface JobsSlice {
  /** Newest first. */
  jobs: JobView[];
  /** The job whose model opens by itself when done (the one the user just started). */
  autoOpenJobId: string | undefined;
  setJobs(jobs: JobView[]): void;
  upsertJob(job: JobView): void;
  /** Opens the job's model by itself once it is done (call before its first upsert). */
  openWhenDone(jobId: string): void;
  cancelJob(jobId: string): Promise<void>;
  retryJob(jobId: string): Promise<void>;
  resolveUnknown(jobId: string, resolution: 'dismiss' | 'retry'): Promise<void>;
}

/** What the jobs ask of other features. */
export interface JobsNeeds {
  /** The account's balance, read again after a payment refusal. */
  refreshBalance(): Promise<void>;
  /** The viewer opens a finished job's model. */
  openModel(modelId: string): Promise<void>;
  /** Create follows the jobs it started (their inputs come back after a refusal). */
  createJobUpdated(job: JobView): void;
}

const newestFirst = (a: JobView, b: JobView) => b.createdAt - a.createdAt;

/** Creates the jobs slice. */
export const createJobsSlice: SliceCreator<JobsSlice, JobsNeeds> = (set, get, bridge) => ({
  jobs: [],
  autoOpenJobId: undefined,
  setJobs: (jobs) => set({ jobs: [...jobs].sort(newestFirst) }),
  upsertJob(job) {
    const before = get().jobs.find((j) => j.id === job.id);
    const others = get().jobs.filter((j) => j.id !== job.id);
    set({ jobs: [job, ...others].sort(newestFirst) });
    // A payment refusal means the balance Kiln knew is stale: read it, so costs quote right.
    const refused = job.state === 'failed' && isPaymentCode(job.error?.code);
    if (refused && before?.state !== 'failed') {
      void get().refreshBalance();
    }
    get().createJobUpdated(job);
    if (job.state === 'done' && job.modelId && get().autoOpenJobId === job.id) {
      set({ autoOpenJobId: undefined });
      void get().openModel(job.modelId);
    }
  },
  openWhenDone: (autoOpenJobId) => set({ autoOpenJobId }),
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
