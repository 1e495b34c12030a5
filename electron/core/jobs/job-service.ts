/**
 * Generation jobs: start (journaled before the paid call), poll until the task ends, download
 * the model into the cache, and report every change as a `jobs.updated` event.
 *
 * A paid start is sent at most once. If it fails in a way that leaves the outcome open (timeout,
 * reset, 5xx, unreadable answer) the job becomes `outcome_unknown` and is never retried
 * automatically; after a restart, a job journaled as `starting` is shown the same way.
 */
import { randomUUID } from 'node:crypto';
import type { ModelTier } from '../../../shared/api/rules';
import type { GenerationOptions, JobView } from '../../../shared/ipc/contract';
import type { ApiClient } from '../api/client';
import { isAmbiguous } from '../api/errors';
import type { FileStager } from '../files/file-stager';
import type { ModelCache } from '../library/model-cache';
import type { Clock, Emit, Logger } from '../ports';
import type { JobJournal } from './job-journal';
import { pollDelay, type PollTiming, DEFAULT_POLL_TIMING } from './poll-delay';

/** Options of {@link JobService}. */
export type JobServiceOptions = Readonly<{
  api: ApiClient;
  files: FileStager;
  cache: ModelCache;
  journal: JobJournal;
  clock: Clock;
  emit: Emit;
  logger: Logger;
  pollTiming?: PollTiming;
}>;

const OUTCOME_UNKNOWN_MESSAGE =
  'Kiln lost contact with the service while starting this job, so it cannot tell whether the job started or was charged. Check your library and balance before trying again.';

/** Runs and remembers generation jobs. */
export class JobService {
  readonly #o: JobServiceOptions;
  readonly #jobs = new Map<string, JobView>();
  readonly #timers = new Map<string, unknown>();
  #closed = false;

  constructor(options: JobServiceOptions) {
    this.#o = options;
  }

  /** Loads the journal and resumes every job that was under way. */
  async resume(): Promise<void> {
    for (const job of await this.#o.journal.load()) {
      this.#jobs.set(job.id, job);
      if (job.state === 'starting') {
        // The paid call may or may not have reached the service: never send it again.
        this.#update(job.id, {
          state: 'outcome_unknown',
          error: { code: 'outcome_unknown', message: OUTCOME_UNKNOWN_MESSAGE },
        });
      } else if (isActive(job) && job.taskId) {
        this.#schedulePoll(job.id, 0, 0);
      }
    }
    await this.#persist();
  }

  /** Every job, newest first. */
  list(): JobView[] {
    return [...this.#jobs.values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  /**
   * Starts a photo generation. Resolves as soon as the job is journaled; the paid call and the
   * polling continue in the background and report through `jobs.updated`.
   */
  async startPhoto(
    fileId: string,
    tier: ModelTier,
    options: GenerationOptions = {},
  ): Promise<JobView> {
    const file = this.#o.files.get(fileId);
    const job: JobView = {
      id: randomUUID(),
      kind: 'photo',
      tier,
      source: file.name,
      state: 'starting',
      createdAt: this.#o.clock.now(),
    };
    this.#jobs.set(job.id, job);
    await this.#persist(); // journaled before the paid call
    this.#o.emit('jobs.updated', job);
    void this.#start(job.id, () => this.#o.api.startPhoto(tier, file, options));
    return job;
  }

  /** Stops every timer (app quitting). Jobs stay journaled and resume on the next start. */
  close(): void {
    this.#closed = true;
    for (const t of this.#timers.values()) this.#o.clock.clearTimeout(t);
    this.#timers.clear();
  }

  async #start(id: string, call: () => ReturnType<ApiClient['startPhoto']>): Promise<void> {
    try {
      const answer = await call();
      this.#update(id, {
        state: 'queued',
        taskId: answer.value.task_id,
        ...(answer.billing ? { costUsd: answer.billing.costUsd } : {}),
      });
      await this.#persist();
      this.#schedulePoll(id, 0, 0);
    } catch (error) {
      const ambiguous = isAmbiguous(error);
      this.#o.logger.warn('generation start failed', { job: id, ambiguous, code: codeOf(error) });
      this.#update(id, {
        state: ambiguous ? 'outcome_unknown' : 'failed',
        finishedAt: this.#o.clock.now(),
        error: ambiguous
          ? { code: 'outcome_unknown', message: OUTCOME_UNKNOWN_MESSAGE }
          : { code: codeOf(error), message: messageOf(error) },
      });
      await this.#persist();
    }
  }

  #schedulePoll(id: string, attempt: number, failures: number): void {
    if (this.#closed) return;
    const delay = pollDelay(attempt, failures, this.#o.pollTiming ?? DEFAULT_POLL_TIMING);
    const timer = this.#o.clock.setTimeout(() => {
      this.#timers.delete(id);
      void this.#poll(id, attempt, failures);
    }, delay);
    this.#timers.set(id, timer);
  }

  async #poll(id: string, attempt: number, failures: number): Promise<void> {
    const job = this.#jobs.get(id);
    if (!job?.taskId || !isActive(job)) return;
    try {
      if (job.state === 'downloading' && job.modelId) {
        await this.#finish(id, job.modelId);
        return;
      }
      const status = await this.#o.api.taskStatus(job.taskId);
      switch (status.status) {
        case 'done': {
          if (!status.model_id) throw new Error('done without model_id');
          this.#update(id, { state: 'downloading', modelId: status.model_id, progress: 100 });
          await this.#persist();
          await this.#finish(id, status.model_id);
          return;
        }
        case 'error':
          this.#update(id, {
            state: 'failed',
            finishedAt: this.#o.clock.now(),
            error: {
              code: 'generation_failed',
              message: `The service could not build a model from this photo${status.message ? ` (${status.message})` : ''}. The charge is refunded automatically.`,
            },
          });
          await this.#persist();
          return;
        case 'processing':
          this.#update(id, {
            state: 'processing',
            ...(status.progress !== undefined ? { progress: status.progress } : {}),
          });
          break;
        default:
          // waiting, queued, or a state the document does not list: keep polling.
          if (job.state !== 'queued') this.#update(id, { state: 'queued' });
      }
      this.#schedulePoll(id, attempt + 1, 0);
    } catch (error) {
      this.#o.logger.warn('poll failed; will retry', { job: id, code: codeOf(error) });
      this.#schedulePoll(id, attempt, failures + 1);
    }
  }

  async #finish(id: string, modelId: string): Promise<void> {
    await this.#o.cache.ensure(modelId);
    this.#update(id, { state: 'done', finishedAt: this.#o.clock.now() });
    await this.#persist();
  }

  #update(id: string, patch: Partial<JobView>): void {
    const current = this.#jobs.get(id);
    if (!current) return;
    const next = { ...current, ...patch };
    this.#jobs.set(id, next);
    this.#o.emit('jobs.updated', next);
  }

  #persist(): Promise<void> {
    return this.#o.journal.save(this.list());
  }
}

function isActive(job: JobView): boolean {
  return job.state === 'queued' || job.state === 'processing' || job.state === 'downloading';
}

function codeOf(error: unknown): string {
  return error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'internal';
}

function messageOf(error: unknown): string {
  return error && typeof error === 'object' && 'code' in error && error instanceof Error
    ? error.message
    : 'Kiln hit an internal error. Try again.';
}
