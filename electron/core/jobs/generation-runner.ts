/**
 * Generation jobs (photo, multi-view, text, retexture): a local queue in front of the account's
 * concurrent-job limit, the paid start, polling the task, and the model download.
 *
 * - **Slots.** At most `capacity` (≤ 5) of Kiln's generations hold a slot at once, from the start
 *   call until the task ends; the rest wait in Kiln's queue, in order, and start as slots free. A
 *   `too_many_jobs` refusal (jobs of another device, or starts of unknown outcome, hold slots) is
 *   definite and free: the job goes back to the front of the queue and waits, it does not fail.
 * - **Paid start, sent at most once**, by the paid-call protocol (`paid-call.ts`): journaled before
 *   it leaves, `outcome_unknown` when the answer is lost, never sent again by Kiln. A connection
 *   that was never made (refused, unknown host) sent nothing, so the job waits and tries again.
 * - **Polling** starts soon, backs off to a cap, speeds up near the expected end (from the task's
 *   progress, or the durations of earlier jobs), and shares the rate budget with everything else.
 */
import type { ModelTier } from '../../../shared/api/rules';
import type { GenerationStart } from '../../../shared/api/schemas';
import type { AccountView, JobView } from '../../../shared/ipc/contract';
import type { Answer, PaidCallHooks } from '../api/client';
import {
  ApiError,
  AuthError,
  ConcurrencyLimitError,
  ForbiddenError,
  NotFoundError,
} from '../api/errors';
import type { ModelCache } from '../library/model-cache';
import {
  codeOf,
  jobError,
  generationFailedMessage,
  isFixable,
  messageOf,
  outcomeUnknownMessage,
} from './job-messages';
import { isMoving } from '../../../shared/jobs';
import { isNote, JOB_NOTES, sameWords, slotNote, unreachableNote } from '../../../shared/job-notes';
import { toView, type JobInput, type JobRecord } from './job-record';
import { runnerKind, type NewJob, type ServiceRunner, type RunnerOptions } from './job-runner';
import { PaidCallProtocol, type CallOutcome } from './paid-call';
import type { PollOrder } from './poll-delay';

/** Options of {@link GenerationRunner}. */
export type GenerationRunnerOptions = RunnerOptions &
  Readonly<{
    cache: ModelCache;
    /** Generations Kiln runs at once (settings; at most the account's 5). */
    capacity: () => number;
  }>;

/** Backoff after `too_many_jobs` or an unreachable service, first and last, in ms. */
const WAIT_FIRST_MS = 5000;
const WAIT_MAX_MS = 60_000;
/** Failed downloads of a finished model before the job is reported failed (it stays in the library). */
const MAX_FINISH_FAILURES = 8;

/** Runs generation jobs. */
export class GenerationRunner implements ServiceRunner {
  readonly #o: GenerationRunnerOptions;
  readonly #p: PaidCallProtocol;
  /** Job ids in Kiln's queue, oldest first. */
  readonly #waiting: string[] = [];
  /** Jobs holding one of the account's slots (from the start call until the task ends). */
  readonly #holders = new Set<string>();
  /** Learned task durations by kind and tier. */
  readonly #expected = new Map<string, number>();
  /** Slots the service allowed when it last said `too_many_jobs`. */
  #limitHit: number | undefined;
  #limitTimer: unknown;
  #waitBackoff = 0;

  constructor(options: GenerationRunnerOptions) {
    this.#o = options;
    this.#p = new PaidCallProtocol({
      ...options,
      unknownMessage: outcomeUnknownMessage,
      sentMessage:
        'This job was already sent to the service, so it cannot be called back. It finishes on its own.',
    });
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
      .filter(
        (r) =>
          runnerKind(r.input) === 'generation' && ['queued', 'processing'].includes(r.view.state),
      ).length;
  }

  /** Paid calls being sent now: the connection must not change under them. */
  get busy(): number {
    return this.#p.busy;
  }

  /** Journals a new job and queues it. Resolves once it is on disk. */
  async create(job: NewJob): Promise<JobView> {
    const record: JobRecord = { ...job, view: { ...job.view, state: 'waiting' } };
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
        if (this.#p.mayHaveLeft(record)) {
          // The paid call may or may not have reached the service: never send it again.
          await this.#p.unknown(id);
        } else {
          await this.#p.update(id, { view: { state: 'waiting' } });
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
  cancel(id: string): Promise<JobView> {
    return this.#p.cancel(id, () => {
      const queued = this.#waiting.indexOf(id);
      if (queued >= 0) this.#waiting.splice(queued, 1);
      this.#release(id);
    });
  }

  /** A generation is never sent again as the same job: a retry is a new job. */
  async again(): Promise<undefined> {
    return undefined;
  }

  /** Holds paid calls before they leave while the connection changes; returns the release. */
  hold(): () => void {
    return this.#p.hold();
  }

  /** Stops timers (quit or reconnect); jobs stay journaled and resume on the next start. */
  close(): void {
    // Starts not yet dispatched are withdrawn; the journal still says "not sent".
    this.#p.close();
    this.#o.clock.clearTimeout(this.#limitTimer);
  }

  #pump(): void {
    if (this.#p.closed) return;
    while (this.#waiting.length > 0 && this.#free() > 0) {
      const id = this.#waiting.shift()!;
      this.#p.spawn(this.#start(id));
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
      this.#limitHit !== undefined ? JOB_NOTES.accountFull : slotNote(this.#o.capacity());
    for (const id of this.#waiting) {
      const r = this.#o.store.get(id);
      if (r && r.view.state === 'waiting' && !isNote(r.view.note, unreachableNote(0))) {
        if (!sameWords(r.view.note, note)) void this.#p.update(id, { view: { note } }, false);
      }
    }
  }

  async #start(id: string): Promise<void> {
    const record = this.#o.store.get(id);
    if (!record || record.view.state !== 'waiting' || this.#p.closed) return;
    this.#holders.add(id);
    await this.#p.call(
      id,
      {
        paid: true,
        withdrawable: true,
        // Journaled as not sent: a restart before dispatch sends it then, once. A wait for the
        // service's pause (from before a restart) keeps saying so until the call leaves.
        before: {
          view: {
            state: 'starting',
            error: undefined,
            ...(isNote(record.view.note, JOB_NOTES.rateLimited) ? {} : { note: undefined }),
          },
          dispatched: false,
        },
      },
      (hooks) => this.#send(record.input, hooks),
      (outcome) => this.#started(id, record, outcome),
    );
  }

  async #started(
    id: string,
    record: JobRecord,
    outcome: CallOutcome<Answer<GenerationStart>>,
  ): Promise<void> {
    if (outcome.kind === 'answered') {
      await this.#sent(id, record, outcome.answer);
      return;
    }
    await this.#startFailed(id, outcome);
    // Released only now, so the renderer hears of this job's new state before the next starts.
    this.#release(id, false);
    this.#pump();
  }

  /** Records an accepted start and begins polling. */
  async #sent(id: string, record: JobRecord, answer: Answer<GenerationStart>): Promise<void> {
    this.#waitBackoff = 0;
    if (answer.billing) {
      await this.#o.account.noteBilling(answer.billing, {
        operation: record.operation,
        jobId: id,
      });
    }
    await this.#p.update(id, {
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

  /** Sends the call the job journaled, exactly (never one rebuilt from options). */
  #send(input: JobInput, hooks: PaidCallHooks): Promise<Answer<GenerationStart>> {
    switch (input.kind) {
      case 'photo':
      case 'retexture':
        return this.#o.api.generate(input.call, [input.file], hooks);
      case 'multi':
        return this.#o.api.generate(input.call, input.files, hooks);
      case 'text':
        return this.#o.api.generate(input.call, [], hooks);
      case 'op':
      case 'local':
        throw new Error('not a generation');
    }
  }

  /** A start that got no answer to act on: wait, try again later, or fail. */
  async #startFailed(
    id: string,
    outcome: Exclude<CallOutcome<unknown>, { kind: 'answered' }>,
  ): Promise<void> {
    switch (outcome.kind) {
      case 'withdrawn': {
        // Withdrawn before it left (a user's cancel, or Kiln quitting): nothing was sent.
        const record = this.#o.store.get(id);
        if (record && record.view.state !== 'cancelled' && !this.#p.closed) {
          await this.#p.update(id, { view: { state: 'waiting' }, dispatched: false });
          this.#waiting.unshift(id);
        }
        return;
      }
      case 'unreachable': {
        const delay = this.#nextWait();
        await this.#p.update(id, {
          view: { state: 'waiting', note: unreachableNote(delay / 1000) },
          dispatched: false,
        });
        this.#retryLater(id, delay);
        return;
      }
      case 'unknown':
        return;
      case 'failed':
        break;
    }
    const error = outcome.error;
    if (error instanceof ConcurrencyLimitError) {
      // A definite, free refusal: wait for a slot at the front of the queue.
      await this.#p.update(id, {
        view: { state: 'waiting', note: JOB_NOTES.accountFull },
        dispatched: false,
      });
      this.#waiting.unshift(id);
      this.#release(id, false);
      this.#blockOnLimit();
      this.#o.account.noteAccountFull();
      return;
    }
    // A definite refusal (402, 401, 422, 404, a file gone): nothing was charged.
    this.#o.logger.warn('generation start refused', { job: id, code: codeOf(error) });
    await this.#p.update(id, {
      view: {
        state: 'failed',
        finishedAt: this.#o.clock.now(),
        error: jobError(error),
      },
      retryable: isFixable(error),
    });
  }

  #schedulePoll(id: string, attempt: number, failures: number): void {
    const record = this.#o.store.get(id);
    if (!record) return;
    if (record.view.state === 'downloading') {
      this.#p.after(
        id,
        Math.min(this.#p.timing.errorCap, failures ? 1000 * 2 ** failures : 0),
        () => this.#poll(id, attempt, failures, { priority: 'poll' }),
      );
    } else {
      this.#p.poll(
        id,
        { attempt, failures, expectedMs: this.#expected.get(durationKey(record)) },
        (order) => this.#poll(id, attempt, failures, order),
      );
    }
  }

  async #poll(id: string, attempt: number, failures: number, order: PollOrder): Promise<void> {
    const store = this.#o.store;
    const record = store.get(id);
    if (!record?.view.taskId || !isMoving(record.view.state) || this.#p.closed) return;
    if (record.view.state === 'downloading' && record.view.modelId) {
      await this.#finish(id, record.view.modelId, failures);
      return;
    }
    let status;
    try {
      status = await this.#o.api.taskStatus(record.view.taskId, order);
    } catch (error) {
      if (this.#p.dead) return;
      if (error instanceof NotFoundError) {
        this.#release(id);
        await this.#p.update(id, {
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
      if (
        error instanceof AuthError &&
        !isNote(record.view.note, JOB_NOTES.keyRefusedWhileRunning)
      ) {
        // Polling goes on (the task runs and is paid for); the user learns what unblocks it.
        await this.#p.update(id, { view: { note: JOB_NOTES.keyRefusedWhileRunning } }, false);
      }
      this.#o.logger.warn('poll failed; will retry', { job: id, code: codeOf(error) });
      this.#schedulePoll(id, attempt, failures + 1);
      return;
    }
    if (this.#p.dead) return;
    if (isNote(record.view.note, JOB_NOTES.keyRefusedWhileRunning)) {
      await this.#p.update(id, { view: { note: undefined } }, false);
    }
    switch (status.status) {
      case 'done': {
        if (!status.model_id) {
          this.#schedulePoll(id, attempt, failures + 1);
          return;
        }
        this.#learn({ ...record, view: { ...record.view, finishedAt: this.#endedBy(id) } });
        await this.#p.update(id, {
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
        await this.#p.update(id, {
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
        await this.#p.update(
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
        if (record.view.state !== 'queued') await this.#p.update(id, { view: { state: 'queued' } });
    }
    this.#schedulePoll(id, attempt + 1, 0);
  }

  async #finish(id: string, modelId: string, failures: number): Promise<void> {
    try {
      await this.#o.cache.ensure(modelId);
    } catch (error) {
      if (this.#p.dead) return;
      const permanent =
        error instanceof NotFoundError ||
        error instanceof ForbiddenError ||
        (error instanceof ApiError && ['too_large', 'unsafe_url'].includes(error.code));
      if (permanent || failures + 1 >= MAX_FINISH_FAILURES) {
        await this.#p.update(id, {
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
    if (this.#p.dead) return;
    await this.#p.update(id, {
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
    this.#p.after(id, delay, async () => {
      const r = this.#o.store.get(id);
      if (r?.view.state !== 'waiting') return;
      void this.#p.update(id, { view: { note: undefined } }, false);
      this.#waiting.unshift(id);
      this.#pump();
    });
  }

  /**
   * When a task just seen done most likely ended: halfway between the last poll that found it
   * running and now. Learned as "now", every wait for a poll would lengthen the next estimate, and
   * a background poll held until that estimate would see the next task later still.
   */
  #endedBy(id: string): number {
    const now = this.#o.clock.now();
    const ranAt = this.#p.lastRunning(id);
    return ranAt === undefined ? now : (ranAt + now) / 2;
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
