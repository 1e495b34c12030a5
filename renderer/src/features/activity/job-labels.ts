/** Words for job states and durations. */
import type { JobState } from '../../../../shared/ipc/contract';

/** The label of each job state. */
export const STATE_LABELS: Record<JobState, string> = {
  waiting: 'Waiting',
  starting: 'Uploading',
  queued: 'Queued',
  processing: 'Building',
  downloading: 'Downloading',
  done: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
  outcome_unknown: 'Outcome unknown',
};

/** "42 s", "3 min 05 s". */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** True while the job still moves on its own. */
export function isRunning(state: JobState): boolean {
  return (
    state === 'waiting' ||
    state === 'starting' ||
    state === 'queued' ||
    state === 'processing' ||
    state === 'downloading'
  );
}
