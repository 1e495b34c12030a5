/**
 * Generation jobs (photo, multi-view, text, retexture): a local queue in front of the account's
 * concurrent-job limit, the paid start, polling the task, and the model download.
 *
 * - **Slots.** At most `capacity` (≤ 5) of Kiln's generations hold a slot at once, from the start
 *   call until the task ends; the rest wait in Kiln's queue, in order, and start as slots free. A
 *   `too_many_jobs` refusal (jobs of another device, or starts of unknown outcome, hold slots) is
 *   definite and free: the job goes back to the front of the queue and waits, it does not fail.
 * - **Paid start, sent at most once.** The job is journaled before the call, and journaled again
 *   as `dispatched` right before the call leaves. A failure that leaves the outcome open (timeout,
 *   reset, 5xx, unreadable 2xx) makes the job `outcome_unknown`; it is never sent again by Kiln,
 *   and a restart shows a dispatched-but-unanswered job the same way. A connection that was never
 *   made (refused, unknown host) sent nothing, so the job waits and tries again.
 * - **Polling** starts soon, backs off to a cap, speeds up near the expected end (from the task's
 *   progress, or the durations of earlier jobs), and shares the rate budget with everything else.
 */
import type { ModelTier } from '../../../shared/api/rules';
import type { GenerationStart } from '../../../shared/api/schemas';
import type { AccountView, JobView } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import type { AccountService } from '../account/account-service';
import type { Answer, ApiClient, PaidCallHooks } from '../api/client';
import {
  ApiError,
  AuthError,
  CancelledError,
  ConcurrencyLimitError,
  ConnectionError,
  ForbiddenError,
  NotFoundError,
  isAmbiguous,
} from '../api/errors';
import type { ModelCache } from '../library/model-cache';
import type { Clock, Logger } from '../ports';
import {
  ACCOUNT_FULL_MESSAGE,
  codeOf,
  jobError,
  generationFailedMessage,
  isFixable,
  KEY_REFUSED_WHILE_RUNNING,
  messageOf,
  outcomeUnknownMessage,
  slotMessage,
  unreachableMessage,
} from './job-messages';
import { isActive, toView, type JobInput, type JobRecord } from './job-record';
import type { JobStore, RecordPatch } from './job-store';
import {
  DEFAULT_POLL_TIMING,
  estimateRemaining,
  nextPollDelay,
  type PollTiming,
} from './poll-delay';
import { JobTimers } from './job-timers';

/** Options of {@link GenerationRunner}. */
export type GenerationRunnerOptions = Readonly<{
  api: ApiClient;
  store: JobStore;
  cache: ModelCache;
  account: AccountService;
  clock: Clock;
  logger: Logger;
  /** Generations Kiln runs at once (settings; at most the account's 5). */
  capacity: () => number;
  /** Requests a minute the scheduler allows (polling keeps within a share of it). */
  budgetPerMinute: number;
  /** Jobs polling now, across runners. */
  activePollers: () => number;
  pollTiming?: PollTiming;
}>;

/** Backoff after `too_many_jobs` or an unreachable service, first and last, in ms. */
const WAIT_FIRST_MS = 5000;
const WAIT_MAX_MS = 60_000;
/** Failed downloads of a finished model before the job is reported failed (it stays in the library). */
const MAX_FINISH_FAILURES = 8;

/** Runs generation jobs. */
export class GenerationRunner {
  readonly #o: GenerationRunnerOptions;
  readonly #timing: PollTiming;
  /** Job ids in Kiln's queue, oldest first. */
  readonly #waiting: string[] = [];
  /** Jobs holding one of the account's slots (from the start call until the task ends). */
  readonly #holders = new Set<string>();
  readonly #aborts = new Map<string, AbortController>();
  /** Jobs whose paid call is being sent (past the point of no return). */
  readonly #dispatching = new Set<string>();
  readonly #timers: JobTimers;
  /** Learned task durations by kind and tier. */
  readonly #expected = new Map<string, number>();
  /** Slots the service allowed when it last said `too_many_jobs`. */
  #limitHit: number | undefined;
  #limitTimer: unknown;
  #waitBackoff = 0;
  #closed = false;

  constructor(options: GenerationRunnerOptions) {
    this.#o = options;
    this.#timing = options.pollTiming ?? DEFAULT_POLL_TIMING;
    this.#timers = new JobTimers(options.clock);
  }

  /** Kiln's queue now. */
  queue(): AccountView['queue'] {
    return {
      running: this.#holders.size,
      waiting: this.#waiting.length,
      capacity: this.#o.capacity(),
    };
  }

  /** Jobs polling a task now. */
  get polling(): number {
    return this.#o.store
      .all()
      .filter((r) => r.input.kind !== 'op' && ['queued', 'processing'].includes(r.view.state))
      .length;
  }

  /** Journals a new job and queues it. Resolves once it is on disk. */
  async create(record: JobRecord): Promise<JobView> {
    const view = await this.#o.store.add(record);
    this.#waiting.push(record.view.id);
    this.#pump();
    return toView(this.#o.store.get(view.id) ?? record);
  }

  /** Carries on a job of an earlier run. */
  async resume(record: JobRecord): Promise<void> {
    const id = record.view.id;
    this.#learn(record);
    switch (record.view.state) {
      case 'waiting':
        this.#waiting.push(id);
        break;
      case 'starting':
        if (record.dispatched) {
          // The paid call may or may not have reached the service: never send it again.
          await this.#o.account.noteUnconfirmed({ operation: record.operation, jobId: id });
          await this.#update(id, {
            view: {
              state: 'outcome_unknown',
              finishedAt: this.#o.clock.now(),
              note: undefined,
              error: { code: 'outcome_unknown', message: outcomeUnknownMessage() },
            },
          });
        } else {
          await this.#update(id, { view: { state: 'waiting' } });
          this.#waiting.push(id);
        }
        break;
      case 'queued':
      case 'processing':
        if (record.view.taskId) {
          this.#holders.add(id);
          this.#schedulePoll(id, 0, 0);
        }
        break;
      case 'downloading':
        this.#schedulePoll(id, 0, 0);
        break;
    }
  }

  /** Starts queued jobs while slots are free. */
  pump(): void {
    this.#pump();
  }

  /**
   * Cancels a job that has not been sent: it leaves the queue, or its start is withdrawn from the
   * scheduler before it is dispatched.
   * @throws KilnError `not_cancellable` once the paid call may have left
   */
  async cancel(id: string): Promise<JobView> {
    const record = this.#o.store.get(id);
    if (!record) throw new KilnError('unknown_job', 'Kiln does not know this job.');
    const queued = this.#waiting.indexOf(id);
    const withdrawable =
      record.view.state === 'starting' && !record.dispatched && !this.#dispatching.has(id);
    if (record.view.state !== 'waiting' && !withdrawable) {
      throw new KilnError(
        'not_cancellable',
        'This job was already sent to the service, so it cannot be called back. It finishes on its own.',
      );
    }
    if (queued >= 0) this.#waiting.splice(queued, 1);
    this.#timers.clear(id);
    this.#aborts.get(id)?.abort();
    this.#release(id);
    const next = await this.#update(id, {
      view: {
        state: 'cancelled',
        note: 'Cancelled before anything was sent: nothing was charged.',
        finishedAt: this.#o.clock.now(),
      },
    });
    return toView(next ?? record);
  }

  /** Stops timers (quit or reconnect); jobs stay journaled and resume on the next start. */
  close(): void {
    this.#closed = true;
    // Starts not yet dispatched are withdrawn; the journal still says "not sent".
    for (const controller of this.#aborts.values()) controller.abort();
    this.#timers.clearAll();
    this.#o.clock.clearTimeout(this.#limitTimer);
  }

  /** True once this runner or the store is closed: late answers are dropped, as in a dead process. */
  get #dead(): boolean {
    return this.#closed || this.#o.store.closed;
  }

  /** Changes a job unless this runner is closed (a newer runner owns the jobs then). */
  #update(id: string, patch: RecordPatch, durable = true): Promise<JobRecord | undefined> {
    if (this.#closed) return Promise.resolve(this.#o.store.get(id));
    return this.#o.store.update(id, patch, durable);
  }

  /** Paid calls being sent now: the connection must not change under them. */
  get busy(): number {
    return this.#dispatching.size;
  }

  #pump(): void {
    if (this.#closed) return;
    while (this.#waiting.length > 0 && this.#free() > 0) {
      const id = this.#waiting.shift()!;
      this.#spawn(this.#start(id));
    }
    this.#noteWaiting();
  }

  #free(): number {
    const capacity = Math.min(this.#o.capacity(), this.#limitHit ?? Number.POSITIVE_INFINITY);
    return capacity - this.#holders.size;
  }

  /** Tells waiting jobs why they wait (progress-only: not journaled). */
  #noteWaiting(): void {
    const note =
      this.#limitHit !== undefined ? ACCOUNT_FULL_MESSAGE : slotMessage(this.#o.capacity());
    for (const id of this.#waiting) {
      const r = this.#o.store.get(id);
      if (r && r.view.state === 'waiting' && !r.view.note?.startsWith('Kiln cannot reach')) {
        if (r.view.note !== note) void this.#update(id, { view: { note } }, false);
      }
    }
  }

  async #start(id: string): Promise<void> {
    const record = this.#o.store.get(id);
    if (!record || record.view.state !== 'waiting' || this.#closed) return;
    this.#holders.add(id);
    const controller = new AbortController();
    this.#aborts.set(id, controller);
    // Journaled as not sent: a restart before dispatch sends it then, once.
    await this.#update(id, {
      view: { state: 'starting', note: undefined, error: undefined },
      dispatched: false,
    });
    if (controller.signal.aborted) return;
    const hooks: PaidCallHooks = {
      signal: controller.signal,
      onDispatch: async () => {
        this.#dispatching.add(id);
        await this.#update(id, { dispatched: true });
      },
    };
    try {
      await this.#sent(
        id,
        record,
        await this.#send(record.input, hooks).catch(async (error) => {
          this.#aborts.delete(id);
          await this.#startFailed(id, error);
          return undefined;
        }),
      );
    } finally {
      // Only now: until the outcome is journaled, the connection must not change.
      this.#dispatching.delete(id);
    }
  }

  /** Records an accepted start and begins polling. */
  async #sent(
    id: string,
    record: JobRecord,
    answer: Answer<GenerationStart> | undefined,
  ): Promise<void> {
    if (!answer) return;
    this.#aborts.delete(id);
    if (this.#dead) return;
    this.#waitBackoff = 0;
    if (answer.billing) {
      await this.#o.account.noteBilling(answer.billing, {
        operation: record.operation,
        jobId: id,
      });
    }
    await this.#update(id, {
      view: {
        state: 'queued',
        taskId: answer.value.task_id,
        progress: 0,
        ...(answer.billing ? { costUsd: answer.billing.costUsd } : {}),
      },
      acceptedAt: this.#o.clock.now(),
      answered: true,
    });
    this.#schedulePoll(id, 0, 0);
  }

  #send(input: JobInput, hooks: PaidCallHooks): Promise<Answer<GenerationStart>> {
    const api = this.#o.api;
    switch (input.kind) {
      case 'photo':
        return api.startPhoto(input.tier, input.file, input.options, hooks);
      case 'multi':
        return api.startMulti(input.tier, input.files, input.options, hooks);
      case 'text':
        return api.startText(input.conceptId, input.tier, input.options, hooks);
      case 'retexture':
        return api.retexture(
          input.modelId,
          input.file,
          {
            ...(input.textureSize !== undefined ? { textureSize: input.textureSize } : {}),
            ...(input.seed !== undefined ? { seed: input.seed } : {}),
          },
          hooks,
        );
      case 'op':
        throw new Error('not a generation');
    }
  }

  async #startFailed(id: string, error: unknown): Promise<void> {
    const record = this.#o.store.get(id);
    if (!record || this.#dead) return;
    const now = this.#o.clock.now();
    if (error instanceof CancelledError && !record.dispatched) {
      // Withdrawn before it left (a user's cancel, or Kiln quitting): nothing was sent.
      if (record.view.state !== 'cancelled' && !this.#closed) {
        await this.#update(id, { view: { state: 'waiting' }, dispatched: false });
        this.#waiting.unshift(id);
      }
    } else if (error instanceof ConcurrencyLimitError) {
      // A definite, free refusal: wait for a slot at the front of the queue.
      await this.#update(id, {
        view: { state: 'waiting', note: ACCOUNT_FULL_MESSAGE },
        dispatched: false,
      });
      this.#waiting.unshift(id);
      this.#release(id, false);
      this.#blockOnLimit();
    } else if (error instanceof ConnectionError && !error.sent) {
      const delay = this.#nextWait();
      await this.#update(id, {
        view: { state: 'waiting', note: unreachableMessage(delay / 1000) },
        dispatched: false,
      });
      this.#retryLater(id, delay);
    } else if (isAmbiguous(error)) {
      const charged = error instanceof ApiError ? error.billing : undefined;
      if (charged) {
        await this.#o.account.noteBilling(charged, { operation: record.operation, jobId: id });
      } else {
        await this.#o.account.noteUnconfirmed({ operation: record.operation, jobId: id });
      }
      this.#o.logger.warn('generation start outcome unknown', { job: id, code: codeOf(error) });
      await this.#update(id, {
        view: {
          state: 'outcome_unknown',
          finishedAt: now,
          ...(charged ? { costUsd: charged.costUsd } : {}),
          error: { code: 'outcome_unknown', message: outcomeUnknownMessage(charged?.costUsd) },
        },
      });
    } else {
      // A definite refusal (402, 401, 422, 404, a file gone): nothing was charged.
      this.#o.logger.warn('generation start refused', { job: id, code: codeOf(error) });
      await this.#update(id, {
        view: {
          state: 'failed',
          finishedAt: now,
          error: jobError(error),
        },
        retryable: isFixable(error),
      });
    }
    // Released only now, so the renderer hears of this job's new state before the next starts.
    this.#release(id, false);
    this.#pump();
  }

  #schedulePoll(id: string, attempt: number, failures: number): void {
    if (this.#closed) return;
    const record = this.#o.store.get(id);
    if (!record) return;
    const now = this.#o.clock.now();
    const delay =
      record.view.state === 'downloading'
        ? Math.min(this.#timing.errorCap, failures ? 1000 * 2 ** failures : 0)
        : nextPollDelay(
            {
              attempt,
              failures,
              remainingMs: estimateRemaining({
                elapsedMs: now - (record.acceptedAt ?? record.view.createdAt),
                progress: record.view.progress,
                expectedMs: this.#expected.get(durationKey(record)),
              }),
              activePollers: this.#o.activePollers(),
              budgetPerMinute: this.#o.budgetPerMinute,
            },
            this.#timing,
          );
    this.#timers.after(id, delay, () => this.#spawn(this.#poll(id, attempt, failures)));
  }

  async #poll(id: string, attempt: number, failures: number): Promise<void> {
    const store = this.#o.store;
    const record = store.get(id);
    if (!record?.view.taskId || !isActive(record.view.state) || this.#closed) return;
    if (record.view.state === 'downloading' && record.view.modelId) {
      await this.#finish(id, record.view.modelId, failures);
      return;
    }
    let status;
    try {
      status = await this.#o.api.taskStatus(record.view.taskId);
    } catch (error) {
      if (this.#dead) return;
      if (error instanceof NotFoundError) {
        this.#release(id);
        await this.#update(id, {
          view: {
            state: 'failed',
            finishedAt: this.#o.clock.now(),
            error: {
              code: 'task_lost',
              message:
                'The service no longer knows this task. Look for the model in your library; if it is not there, the service refunds failed tasks automatically.',
            },
          },
        });
        return;
      }
      if (error instanceof AuthError && record.view.note !== KEY_REFUSED_WHILE_RUNNING) {
        // Polling goes on (the task runs and is paid for); the user learns what unblocks it.
        await this.#update(id, { view: { note: KEY_REFUSED_WHILE_RUNNING } }, false);
      }
      this.#o.logger.warn('poll failed; will retry', { job: id, code: codeOf(error) });
      this.#schedulePoll(id, attempt, failures + 1);
      return;
    }
    if (this.#dead) return;
    if (record.view.note === KEY_REFUSED_WHILE_RUNNING) {
      await this.#update(id, { view: { note: undefined } }, false);
    }
    switch (status.status) {
      case 'done': {
        if (!status.model_id) {
          this.#schedulePoll(id, attempt, failures + 1);
          return;
        }
        this.#learn({ ...record, view: { ...record.view, finishedAt: this.#o.clock.now() } });
        await this.#update(id, {
          view: { state: 'downloading', modelId: status.model_id, progress: 100 },
        });
        this.#release(id);
        await this.#finish(id, status.model_id, 0);
        return;
      }
      case 'error': {
        const refunded = status.refunded !== false;
        const charged = record.view.costUsd;
        if (refunded && charged) {
          await this.#o.account.noteRefund({
            operation: record.operation,
            jobId: id,
            source: 'task',
          });
        }
        await this.#update(id, {
          view: {
            state: 'failed',
            finishedAt: this.#o.clock.now(),
            ...(refunded && charged ? { refundedUsd: charged } : {}),
            error: {
              code: 'generation_failed',
              message: generationFailedMessage(status.message, refunded),
            },
          },
        });
        this.#release(id);
        return;
      }
      case 'processing':
        await this.#update(
          id,
          {
            view: {
              state: 'processing',
              ...(status.progress !== undefined ? { progress: status.progress } : {}),
            },
          },
          record.view.state !== 'processing',
        );
        break;
      default:
        // waiting, queued, or a state the document does not list: keep polling.
        if (record.view.state !== 'queued') await this.#update(id, { view: { state: 'queued' } });
    }
    this.#schedulePoll(id, attempt + 1, 0);
  }

  async #finish(id: string, modelId: string, failures: number): Promise<void> {
    try {
      await this.#o.cache.ensure(modelId);
    } catch (error) {
      if (this.#dead) return;
      const permanent =
        error instanceof NotFoundError ||
        error instanceof ForbiddenError ||
        (error instanceof ApiError && ['too_large', 'unsafe_url'].includes(error.code));
      if (permanent || failures + 1 >= MAX_FINISH_FAILURES) {
        await this.#update(id, {
          view: {
            state: 'failed',
            finishedAt: this.#o.clock.now(),
            error: {
              code: codeOf(error),
              message: `The model is ready on the service, but Kiln could not download it: ${messageOf(error)} It stays in your library.`,
            },
          },
          retryable: false,
        });
        return;
      }
      this.#o.logger.warn('model download failed; will retry', { job: id, code: codeOf(error) });
      this.#schedulePoll(id, 0, failures + 1);
      return;
    }
    if (this.#dead) return;
    await this.#update(id, {
      view: { state: 'done', finishedAt: this.#o.clock.now(), note: undefined },
    });
  }

  /** Frees the job's slot (and starts the next queued job unless `pump` is false). */
  #release(id: string, pump = true): void {
    if (this.#holders.delete(id) && pump) this.#pump();
  }

  /** After `too_many_jobs`: hold starts until one of ours ends or a backoff passes. */
  #blockOnLimit(): void {
    this.#limitHit = this.#holders.size;
    const delay = this.#nextWait();
    this.#o.clock.clearTimeout(this.#limitTimer);
    this.#limitTimer = this.#o.clock.setTimeout(() => {
      this.#limitHit = undefined;
      this.#pump();
    }, delay);
  }

  #nextWait(): number {
    this.#waitBackoff = this.#waitBackoff
      ? Math.min(WAIT_MAX_MS, this.#waitBackoff * 2)
      : WAIT_FIRST_MS;
    return this.#waitBackoff;
  }

  #retryLater(id: string, delay: number): void {
    this.#timers.after(id, delay, () => {
      const r = this.#o.store.get(id);
      if (r?.view.state !== 'waiting') return;
      void this.#update(id, { view: { note: undefined } }, false);
      this.#waiting.unshift(id);
      this.#pump();
    });
  }

  /**
   * Runs a job step nobody awaits. A step that fails unexpectedly (the journal cannot be written,
   * say) is logged; the job stays as journaled and carries on after a restart.
   */
  #spawn(step: Promise<void>): void {
    step.catch((error: unknown) =>
      this.#o.logger.error('job step failed', { code: codeOf(error), error: String(error) }),
    );
  }

  /** Remembers how long a finished task took, for "faster near the end". */
  #learn(record: JobRecord): void {
    const { acceptedAt } = record;
    const end = record.view.finishedAt;
    if (acceptedAt === undefined || end === undefined || end <= acceptedAt) return;
    if (record.view.state === 'failed' || record.view.state === 'outcome_unknown') return;
    const key = durationKey(record);
    const previous = this.#expected.get(key);
    const took = end - acceptedAt;
    this.#expected.set(
      key,
      previous === undefined ? took : Math.round(previous * 0.7 + took * 0.3),
    );
  }
}

function durationKey(record: JobRecord): string {
  const tier: ModelTier | undefined = 'tier' in record.input ? record.input.tier : undefined;
  return `${record.input.kind}:${tier ?? ''}`;
}
