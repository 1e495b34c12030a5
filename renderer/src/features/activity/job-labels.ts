/** Words for job states and durations, what a finished job can open, and Activity's filters. */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { modelExtensionOf } from '../../../../shared/model-formats';
import type { JobKind, JobState, JobView } from '../../../../shared/ipc/contract';
import { isMoving } from '../../../../shared/jobs';
import { compareUsd, formatUsd } from '../../../../shared/money';
import { TOOLS, type ToolKind } from '../../../../shared/tools';
import { TIERS } from '../../../../shared/api/rules';

/** The label of each job state. */
export const STATE_LABELS: Record<JobState, MessageDescriptor> = {
  waiting: msg`Waiting in Kiln’s queue`,
  starting: msg`Sending`,
  queued: msg`Queued`,
  processing: msg`Building`,
  downloading: msg`Downloading`,
  done: msg`Ready`,
  failed: msg`Failed`,
  cancelled: msg`Cancelled`,
  outcome_unknown: msg`Outcome unknown`,
};

/** A local conversion's stages say what Kiln itself is doing, on this computer. */
const LOCAL_LABELS: Partial<Record<JobState, MessageDescriptor>> = {
  waiting: msg`Waiting to convert`,
  downloading: msg`Fetching the model`,
  processing: msg`Converting on this computer`,
};

/** The label of a job's state, in the words of its kind. */
export function stateLabel(job: Pick<JobView, 'kind' | 'state'>): string {
  return i18n._(
    (job.kind === 'compatible' ? LOCAL_LABELS[job.state] : undefined) ?? STATE_LABELS[job.state],
  );
}

/**
 * What a job is called, in the active language: the core's words where it wrote some ("Quad
 * remesh of Teapot", "coffee.png + 2 views"), else its source as it is (a photo's file name).
 */
export function jobSourceText(job: Pick<JobView, 'source' | 'sourceWords'>): string {
  return job.sourceWords ? i18n._(job.sourceWords) : job.source;
}

/** What a generation without a model version (a retexture) or from another route is. */
const GENERATION_WORDS: Record<'photo' | 'multi' | 'text' | 'retexture', MessageDescriptor> = {
  photo: msg`Photo`,
  multi: msg`Views`,
  text: msg`Text`,
  retexture: msg`Retexture`,
};

/**
 * The muted word beside a job's name: its model version for a generation ("Fastest"), else what
 * it is ("Retexture", "Quad remesh"), in the active language.
 */
export function jobKindText(job: Pick<JobView, 'kind' | 'tier'>): string {
  if (job.tier) return i18n._(TIERS[job.tier].label);
  if (job.kind in TOOLS) return i18n._(TOOLS[job.kind as ToolKind].label);
  return i18n._(GENERATION_WORDS[job.kind as keyof typeof GENERATION_WORDS]);
}

/** "42 s", "3 min 05 s". */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return t`${s} s`;
  const minutes = Math.floor(s / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return t`${minutes} min ${seconds} s`;
}

/**
 * True once the service took the job: past its paid call (a charge, or work under way or done).
 * A refusal after this (a payment notice, the inputs kept in Create) no longer concerns it.
 */
export function acceptedByService(job: Pick<JobView, 'costUsd' | 'state'>): boolean {
  return (
    job.costUsd !== undefined ||
    job.state === 'queued' ||
    job.state === 'processing' ||
    job.state === 'downloading' ||
    job.state === 'done'
  );
}

/**
 * What a job cost, as the user should read it beside its state: its charge ("$0.20"),
 * "refunded" once a failed job's charge came back, "not charged" when the service took the call
 * without a charge (a repeat of a build it made, a free operation: a paid call always answers
 * with its billing, service-api.md §2.2), or nothing while that is not known yet.
 */
export function jobCost(job: JobView): { text: string; title: string } | undefined {
  const { costUsd, refundedUsd } = job;
  if (costUsd && refundedUsd) {
    const charged = formatUsd(costUsd);
    const refunded = formatUsd(refundedUsd);
    return compareUsd(refundedUsd, costUsd) >= 0
      ? { text: t`refunded`, title: t`${charged} charged, then refunded in full` }
      : {
          text: t`${charged} · ${refunded} refunded`,
          title: t`${charged} charged, ${refunded} refunded`,
        };
  }
  if (refundedUsd) {
    const refunded = formatUsd(refundedUsd);
    return { text: t`refunded`, title: t`${refunded} refunded` };
  }
  if (costUsd) {
    const charged = formatUsd(costUsd);
    return { text: charged, title: t`${charged} charged` };
  }
  if (job.state === 'processing' || job.state === 'downloading' || job.state === 'done') {
    return { text: t`not charged`, title: t`The service took this call without charging it` };
  }
  return undefined;
}

/** Activity's filters. */
export const ACTIVITY_FILTERS = ['all', 'running', 'finished', 'failed'] as const;
/** One of {@link ACTIVITY_FILTERS}. */
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

/** Whether `job` shows under `filter`: failed includes unknown outcomes (they need a decision). */
export function matchesFilter(job: Pick<JobView, 'state'>, filter: ActivityFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'running':
      return isMoving(job.state);
    case 'finished':
      return job.state === 'done' || job.state === 'cancelled';
    case 'failed':
      return job.state === 'failed' || job.state === 'outcome_unknown';
  }
}

/** True when a job of `kind` makes a file saved on disk and nothing else (no model to open). */
function makesFileOnly(kind: JobKind): boolean {
  return kind in TOOLS && TOOLS[kind as ToolKind].makes === 'file';
}

/**
 * The open button of a done job, or undefined: a generation or new version opens as a model; a
 * saved GLB (remesh, GLB export) can be shown for a look; other files only have their path.
 */
export function openLabel(
  job: Pick<JobView, 'kind' | 'modelId' | 'savedPath'>,
): string | undefined {
  if (job.kind === 'rig') return job.modelId ? t`Open rigged version` : undefined;
  if (job.kind === 'parts') return job.modelId ? t`Open split version` : undefined;
  if (job.savedPath !== undefined) {
    const ext = modelExtensionOf(job.savedPath);
    return ext && ext !== 'gltf' ? t`Preview in viewer` : undefined;
  }
  if (makesFileOnly(job.kind)) return undefined;
  return job.modelId ? t`Open` : undefined;
}
