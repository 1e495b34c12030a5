/**
 * What the viewer's job stage shows, as plain rules: which jobs are on the strip, which one is
 * on the stage, and the time a job is expected to need still.
 */
import { t } from '@lingui/core/macro';
import type { JobView } from '../../../../shared/ipc/contract';
import { GENERATION_KINDS, isMoving } from '../../../../shared/jobs';

const GENERATIONS: ReadonlySet<string> = new Set(GENERATION_KINDS);

/** A job whose input the stage can show: a generation (photo, views, concept, retexture). */
export function isStageable(job: Pick<JobView, 'kind'>): boolean {
  return GENERATIONS.has(job.kind);
}

/**
 * The strip: the generations still moving, oldest first (the order they were started in), plus
 * the one on the stage when it has just ended (so its row does not vanish under the pointer).
 */
export function stripJobs(jobs: readonly JobView[], stagedId: string | undefined): JobView[] {
  return jobs
    .filter((j) => isStageable(j) && (isMoving(j.state) || j.id === stagedId))
    .sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * Where the staged job is: `working` while it moves, `opening` once done until its model is on
 * screen, `shown` when the viewer has drawn it (the stage fades away), `ended` when it failed,
 * was cancelled or its outcome is unknown (the stage says so until closed).
 */
export type StagePhase = 'working' | 'opening' | 'shown' | 'ended';

/** The phase of `job` given what the viewer shows. */
export function stagePhase(
  job: Pick<JobView, 'state' | 'modelId'>,
  shown: { readonly modelId: string | undefined; readonly ready: boolean },
): StagePhase {
  if (isMoving(job.state)) return 'working';
  if (job.state !== 'done') return 'ended';
  return job.modelId !== undefined && shown.modelId === job.modelId && shown.ready
    ? 'shown'
    : 'opening';
}

/** Progress below this share says too little about the rate to promise a time. */
const MIN_PROGRESS = 3;

/**
 * The time a moving job is expected to need still, in ms, from its progress so far: the rate
 * since it was first seen working (`since`, when Kiln's queue and the upload are behind it)
 * carried to 100 %. Undefined while there is no progress to go by.
 */
export function timeLeftMs(
  job: Pick<JobView, 'state' | 'progress'>,
  since: number,
  now: number,
): number | undefined {
  const p = job.progress;
  if (!isMoving(job.state) || p === undefined || p < MIN_PROGRESS || p >= 100) return undefined;
  const spent = now - since;
  if (spent <= 0) return undefined;
  return (spent * (100 - p)) / p;
}

/** "about 40 s left", "about 3 min left", "almost done". */
export function formatTimeLeft(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 5) return t`almost done`;
  const seconds = Math.ceil(s / 5) * 5;
  if (s < 60) return t`about ${seconds} s left`;
  const minutes = Math.round(s / 60);
  return t`about ${minutes} min left`;
}
