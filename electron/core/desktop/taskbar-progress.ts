/**
 * What the taskbar (Windows, Linux) and the dock (macOS) show while jobs run: one bar for all of
 * them and, on macOS, a badge with their number. Pure, so the rule is tested without Electron.
 */
import type { JobState, JobView } from '../../../shared/ipc/contract';

/** States in which a job is under way at the service or downloading (not merely queued in Kiln). */
const RUNNING: ReadonlySet<JobState> = new Set(['starting', 'queued', 'processing', 'downloading']);

/** Electron's `setProgressBar` values: −1 removes the bar, above 1 makes it indeterminate. */
export const NO_PROGRESS = -1;
/** An indeterminate bar: jobs run but none reports how far it is. */
export const INDETERMINATE = 2;

/** The taskbar's state. */
export interface TaskbarState {
  /** 0–1 (the mean of the running jobs), {@link NO_PROGRESS} or {@link INDETERMINATE}. */
  readonly progress: number;
  /** Jobs running now (the dock badge). */
  readonly running: number;
}

/**
 * The bar for `jobs`: the mean progress of the running jobs (a running job that has not reported
 * any yet counts as 0, so the bar never jumps ahead of the slowest), indeterminate when none has
 * reported progress, removed when nothing runs.
 */
export function taskbarState(jobs: Iterable<Pick<JobView, 'state' | 'progress'>>): TaskbarState {
  let running = 0;
  let reported = 0;
  let sum = 0;
  for (const job of jobs) {
    if (!RUNNING.has(job.state)) continue;
    running++;
    if (job.progress !== undefined && Number.isFinite(job.progress)) {
      reported++;
      sum += Math.min(100, Math.max(0, job.progress)) / 100;
    }
  }
  if (running === 0) return { progress: NO_PROGRESS, running };
  if (reported === 0) return { progress: INDETERMINATE, running };
  return { progress: sum / running, running };
}
