/** Jobs as the Activity list shows them, kept current by `jobs.updated` events. */
import type { JobView } from '../../../../shared/ipc/contract';
import type { SliceCreator } from '../../store/app-store';

/** Jobs state and actions. */
export interface JobsSlice {
  /** Newest first. */
  jobs: JobView[];
  /** The job whose model opens by itself when done (the one the user just started). */
  autoOpenJobId: string | undefined;
  setJobs(jobs: JobView[]): void;
  upsertJob(job: JobView): void;
}

/** Error codes of a 402 (service-api.md §7). */
const PAYMENT_CODES = new Set([
  'insufficient_balance',
  'monthly_limit_reached',
  'key_limit_reached',
]);

const newestFirst = (a: JobView, b: JobView) => b.createdAt - a.createdAt;

/** Creates the jobs slice. */
export const createJobsSlice: SliceCreator<JobsSlice> = (set, get) => ({
  jobs: [],
  autoOpenJobId: undefined,
  setJobs: (jobs) => set({ jobs: [...jobs].sort(newestFirst) }),
  upsertJob(job) {
    const before = get().jobs.find((j) => j.id === job.id);
    const others = get().jobs.filter((j) => j.id !== job.id);
    set({ jobs: [job, ...others].sort(newestFirst) });
    // A payment refusal means the balance Kiln knew is stale: read it, so costs quote right.
    const refused = job.state === 'failed' && PAYMENT_CODES.has(job.error?.code ?? '');
    if (refused && before?.state !== 'failed') {
      void get().refreshBalance();
    }
    if (job.state === 'done' && job.modelId && get().autoOpenJobId === job.id) {
      set({ autoOpenJobId: undefined });
      void get().openModel(job.modelId);
    }
  },
});
