/**
 * Export, print and post-processing jobs (service-api.md §3.2): the same URL, called again with
 * identical parameters until it answers `ready` or `error`.
 *
 * - The first call of a paid build is a paid call: journaled before it is sent, never repeated
 *   after an ambiguous failure (the job becomes `outcome_unknown`; the user may ask again with the
 *   identical call, which the service charges once per build). Repeats after an answer are free.
 * - `ready`: the link is journaled and the file downloaded at once, into a hidden temporary file
 *   in the chosen folder, then renamed to the server's file name made safe, never over an existing
 *   file. An expired link (410) is asked for again with the identical call (free), a few times.
 * - `error`: the job fails with the server's `message`, and the refund of a paid build is noted
 *   (from the answer's `refund`, else inferred from the charge).
 * - After a restart: a job not yet sent is sent; a running job is asked again; a download starts
 *   over from a fresh link and the temporary file of the interrupted one is removed (or the file
 *   already saved is adopted). A paid first call that may have left is never started anew as a
 *   second job: Kiln asks the service first, with the identical call, which the contract makes a
 *   free poll of the build when the build exists (§3.2). An answer with a charge says the lost
 *   call never arrived (this one is the build's only charge); an answer without one says it did,
 *   and its charge is recorded at the listed price. Only an ask that fails ambiguously in turn
 *   leaves the job `outcome_unknown`.
 */
import type { JobResult } from '../../../shared/api/schemas';
import type { JobView } from '../../../shared/ipc/contract';
import type { Answer } from '../api/client';
import { sameCall } from '../api/query';
import {
  ApiError,
  AuthError,
  ForbiddenError,
  LinkExpiredError,
  NotFoundError,
  PaymentError,
  ValidationError,
  isAmbiguous,
} from '../api/errors';
import { sanitizeFilename } from '../files/filename';
import {
  buildFailedMessage,
  buildOutcomeUnknownMessage,
  codeOf,
  jobError,
  isFixable,
  messageOf,
} from './job-messages';
import { recoverSave, saveJobResult } from './job-files';
import { isMoving } from '../../../shared/jobs';
import { JOB_NOTES, unreachableNote } from '../../../shared/job-notes';
import { toView, type JobRecord } from './job-record';
import { runnerKind, type NewJob, type ServiceRunner, type RunnerOptions } from './job-runner';
import type { RecordPatch } from './job-store';
import { PaidCallProtocol, type CallOutcome } from './paid-call';
import type { PollOrder } from './poll-delay';
import { runUnlessClosed } from '../util/in-flight';

/** Options of {@link OpsRunner}. */
export type OpsRunnerOptions = RunnerOptions;

/** Fresh links asked for one download before giving up. */
const MAX_REASKS = 3;
/** Consecutive failed repeats or downloads before the job is reported failed. */
const MAX_FAILURES = 8;
/** Shown while and after Kiln asks again for an expired link, so the user sees why it took longer. */
/** Shown while Kiln asks the service whether a build whose answer it lost is there. */
/** Extensions each operation's results may have, the usual one first. */
function extensionsOf(record: JobRecord): string[] {
  if (record.input.kind !== 'op') return [];
  const op = record.input.op;
  switch (op.kind) {
    case 'export':
      return (
        {
          glb: ['glb'],
          glb_draco: ['glb'],
          fbx: ['fbx', 'zip'],
          obj: ['zip', 'obj'],
          usdz: ['usdz'],
          stl: ['stl'],
        } as const
      )[op.format ?? 'glb'].slice();
    case 'print':
      return [op.format ?? 'stl'];
    case 'retopo':
      return op.format === 'fbx' ? ['zip', 'fbx'] : ['glb'];
    case 'rig':
    case 'parts':
      return ['glb'];
    case 'gamepack':
      return ['zip'];
    case 'make':
      return ['zip', 'pdf', 'svg'];
  }
}

/** Runs post-processing jobs. */
export class OpsRunner implements ServiceRunner {
  readonly #o: OpsRunnerOptions;
  readonly #p: PaidCallProtocol;
  /** Repeats so far per job, for the backoff. */
  readonly #attempts = new Map<string, number>();

  constructor(options: OpsRunnerOptions) {
    this.#o = options;
    this.#p = new PaidCallProtocol({
      ...options,
      unknownMessage: buildOutcomeUnknownMessage,
      sentMessage:
        'This request was already sent to the service, so it cannot be called back. It finishes on its own.',
    });
  }

  /** Jobs repeating their call now. */
  get polling(): number {
    return this.#o.store
      .all()
      .filter((r) => runnerKind(r.input) === 'op' && r.view.state === 'processing').length;
  }

  /** Paid first calls being sent now. */
  get busy(): number {
    return this.#p.busy;
  }

  /** Journals a new job and makes its first call. Resolves once it is on disk. */
  async create(job: NewJob): Promise<JobView> {
    // No queue of its own: the call starts at once, on the model it was asked for.
    const modelId = job.input.kind === 'op' ? job.input.call.modelId : undefined;
    const record: JobRecord = {
      ...job,
      view: { ...job.view, state: 'starting', ...(modelId ? { modelId } : {}) },
    };
    const view = await this.#o.store.add(record);
    this.#p.spawn(this.#call(record.view.id, 0));
    return view;
  }

  /** Carries on a job of an earlier run. */
  async resume(record: JobRecord): Promise<void> {
    const id = record.view.id;
    const saved = await recoverSave(record, (i, patch) => this.#p.update(i, patch));
    if (saved) {
      await this.#saved(record, saved);
      return;
    }
    switch (record.view.state) {
      case 'waiting':
      case 'starting':
        if (this.#p.mayHaveLeft(record)) {
          // On disk before the ask leaves: a kill during it asks again on the next start.
          await this.#p.update(id, { asking: true, view: { note: JOB_NOTES.asking } });
        }
        this.#p.spawn(this.#call(id, 0));
        break;
      case 'processing':
      case 'queued':
        this.#schedule(id, 0, 0);
        break;
      case 'downloading':
        this.#p.spawn(this.#download(id, 0));
        break;
    }
  }

  /** Nothing waits in a queue of this runner. */
  pump(): void {}

  /**
   * Withdraws a job whose first call has not been sent.
   * @throws KilnError `not_cancellable` once it may have left
   */
  cancel(id: string): Promise<JobView> {
    return this.#p.cancel(id);
  }

  /**
   * Asks again with the identical call where that cannot charge twice: a build of unknown outcome
   * (the service charges a build once), a job cancelled after it was sent, or a call that failed
   * before any answer. Anything else is retried as a new job.
   */
  async again(record: JobRecord): Promise<JobView | undefined> {
    const { state } = record.view;
    const sameCall =
      state === 'outcome_unknown' ||
      (state === 'cancelled' && record.dispatched) ||
      (state === 'failed' && !record.answered);
    if (!sameCall) return undefined;
    const id = record.view.id;
    const next = await this.#p.update(id, {
      view: { state: 'starting', error: undefined, note: undefined, finishedAt: undefined },
      // Not sent yet: a restart before it leaves simply asks again (the identical call is safe).
      dispatched: false,
      answered: false,
      asking: undefined,
      reasks: 0,
    });
    this.#p.spawn(this.#call(id, 0));
    return toView(next!);
  }

  /** Holds paid calls before they leave while the connection changes; returns the release. */
  hold(): () => void {
    return this.#p.hold();
  }

  /** Stops timers; jobs stay journaled and resume on the next start. */
  close(): void {
    this.#p.close();
  }

  /**
   * One call of the job URL: the first (maybe paid, the user's), or a repeat (free) at the
   * priority of a poll near or far from the job's end.
   */
  async #call(
    id: string,
    failures: number,
    order: PollOrder = { priority: 'poll' },
  ): Promise<void> {
    const record = this.#o.store.get(id);
    if (!record || record.input.kind !== 'op' || !isMoving(record.view.state) || this.#p.dead) {
      return;
    }
    const first = !record.answered;
    const paid = first && record.paid;
    const call = record.input.call;
    await this.#p.call(
      id,
      { paid, withdrawable: first },
      (hooks) =>
        this.#o.api.job(call, { paid, ...(first ? { priority: 'user' } : order), ...hooks }),
      (outcome) =>
        outcome.kind === 'answered'
          ? this.#answered(id, outcome.answer)
          : this.#callFailed(id, outcome, failures),
    );
  }

  async #answered(id: string, answer: Answer<JobResult>): Promise<void> {
    const record = this.#o.store.get(id)!;
    const value = answer.value;
    if (answer.billing) {
      await this.#o.account.noteBilling(answer.billing, { operation: record.operation, jobId: id });
    }
    // Asked after a lost answer, and answered with no charge: the build was there, so the lost
    // call made it and was charged for it.
    // Unless the build is one an earlier job of Kiln's made (a repeat is handed out free).
    const earlier =
      record.asking && record.paid && !answer.billing && !this.#builtBefore(record)
        ? await this.#o.account.noteListedCharge({ operation: record.operation, jobId: id })
        : undefined;
    const common: RecordPatch = {
      answered: true,
      dispatched: true,
      asking: undefined,
      ...(value.job_id ? { serviceJobId: value.job_id } : {}),
      ...(record.acceptedAt === undefined ? { acceptedAt: this.#o.clock.now() } : {}),
    };
    const cost = answer.billing?.costUsd ?? earlier;
    if (value.status === 'ready' && value.url) {
      const expiresAt =
        value.expires_in !== undefined && value.expires_in > 0
          ? this.#o.clock.now() + value.expires_in * 1000
          : undefined;
      await this.#p.update(id, {
        ...common,
        view: {
          state: 'downloading',
          progress: 100,
          note: record.reasks > 0 ? JOB_NOTES.reasked : undefined,
          ...(cost ? { costUsd: cost } : {}),
          ...(value.model_id ? { modelId: value.model_id } : {}),
        },
        link: {
          url: value.url,
          ...(value.filename ? { filename: value.filename } : {}),
          ...(expiresAt ? { expiresAt } : {}),
        },
      });
      await this.#download(id, 0);
      return;
    }
    if (value.status === 'error') {
      await this.#p.update(id, {
        ...common,
        ...(record.asking ? { view: { note: undefined, ...(cost ? { costUsd: cost } : {}) } } : {}),
      });
      await this.#buildFailed(id, value);
      return;
    }
    // `running` (HTTP 202), or a state the document does not list: ask again later.
    await this.#p.update(
      id,
      {
        ...common,
        view: {
          state: 'processing',
          ...(record.asking ? { note: undefined } : {}),
          ...(value.progress !== undefined ? { progress: value.progress } : {}),
          ...(cost ? { costUsd: cost } : {}),
        },
      },
      record.view.state !== 'processing' || !record.answered,
    );
    this.#schedule(id, this.#nextAttempt(id), 0);
  }

  async #buildFailed(id: string, value: JobResult): Promise<void> {
    const record = this.#o.store.get(id)!;
    const charged = record.view.costUsd;
    let refunded: string | undefined;
    if (value.refund || charged) {
      refunded = value.refund?.amount_usd ?? charged;
      await this.#o.account.noteRefund({
        operation: record.operation,
        jobId: id,
        source: 'build',
        ...(value.refund?.refund_id ? { refundId: value.refund.refund_id } : {}),
        ...(refunded ? { amountUsd: refunded } : {}),
      });
    }
    await this.#p.update(id, {
      view: {
        state: 'failed',
        finishedAt: this.#o.clock.now(),
        ...(refunded ? { refundedUsd: refunded } : {}),
        error: { code: 'build_failed', message: buildFailedMessage(value.message, refunded) },
      },
    });
  }

  async #callFailed(
    id: string,
    outcome: Exclude<CallOutcome<unknown>, { kind: 'answered' }>,
    failures: number,
  ): Promise<void> {
    if (outcome.kind === 'withdrawn' || outcome.kind === 'unknown') return;
    if (outcome.kind === 'unreachable') {
      const delay = Math.min(60_000, 5000 * 2 ** failures);
      await this.#p.update(id, { view: { note: unreachableNote(delay / 1000) } }, false);
      this.#p.after(id, delay, () => this.#call(id, failures + 1));
      return;
    }
    const error = outcome.error;
    const definite =
      error instanceof PaymentError ||
      error instanceof AuthError ||
      error instanceof ForbiddenError ||
      error instanceof NotFoundError ||
      error instanceof ValidationError ||
      (error instanceof ApiError && !isAmbiguous(error) && !(error instanceof LinkExpiredError));
    if (definite || failures + 1 >= MAX_FAILURES) {
      this.#o.logger.warn('post-processing call refused', { job: id, code: codeOf(error) });
      await this.#p.update(id, {
        view: {
          state: 'failed',
          finishedAt: this.#o.clock.now(),
          error: jobError(error),
        },
        retryable: isFixable(error) || !definite,
      });
      return;
    }
    // A free call or a repeat that failed in transit: the identical call is safe to send again.
    this.#schedule(id, 0, failures + 1);
  }

  /** Records the result saved under its final name: the job is done. */
  async #saved(record: JobRecord, savedPath: string): Promise<void> {
    await this.#p.update(record.view.id, {
      partial: undefined,
      claimed: undefined,
      view: {
        state: 'done',
        savedPath,
        finishedAt: this.#o.clock.now(),
        note: record.reasks > 0 ? JOB_NOTES.reasked : undefined,
      },
    });
  }

  /**
   * Downloads the ready result; asks for a fresh link when it has expired. The core's close
   * stops the download and waits for it.
   */
  #download(id: string, failures: number): Promise<void> {
    return runUnlessClosed(this.#o.inFlight, () => this.#downloadNow(id, failures));
  }

  async #downloadNow(id: string, failures: number): Promise<void> {
    const record = this.#o.store.get(id);
    if (!record || record.input.kind !== 'op' || this.#p.dead) return;
    const link = record.link;
    const expired =
      !link || (link.expiresAt !== undefined && link.expiresAt <= this.#o.clock.now());
    if (expired) {
      await this.#reask(id);
      return;
    }
    const input = record.input;
    const fileName = sanitizeFilename(link.filename, {
      fallbackStem: `${input.call.modelId}-${input.op.kind}`,
      extensions: extensionsOf(record),
    });
    try {
      const response = await this.#o.api.download(link.url);
      if (this.#p.dead) {
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      const saved = await saveJobResult(
        {
          update: (i, patch) => this.#p.update(i, patch),
          clock: this.#o.clock,
          signal: this.#p.closing,
        },
        id,
        { response, folder: input.folder, fileName },
      );
      if (this.#p.dead) return;
      await this.#saved(record, saved.path);
    } catch (error) {
      if (this.#p.dead) return;
      await this.#p.update(id, { partial: undefined });
      if (error instanceof LinkExpiredError || error instanceof NotFoundError) {
        await this.#reask(id);
        return;
      }
      const transient =
        isAmbiguous(error) ||
        (error instanceof ApiError && ['download_failed', 'unreachable'].includes(error.code));
      if (!transient || failures + 1 >= MAX_FAILURES) {
        await this.#p.update(id, {
          view: {
            state: 'failed',
            finishedAt: this.#o.clock.now(),
            error: {
              code: codeOf(error),
              message: `The result is ready on the service, but Kiln could not save it: ${messageOf(error)}`,
            },
          },
          retryable: true,
        });
        return;
      }
      this.#p.after(id, Math.min(this.#p.timing.errorCap, 1000 * 2 ** failures), () =>
        this.#download(id, failures + 1),
      );
    }
  }

  /** The identical call again, for a fresh link (free: the result is stored). */
  async #reask(id: string): Promise<void> {
    const record = this.#o.store.get(id)!;
    if (record.reasks >= MAX_REASKS) {
      await this.#p.update(id, {
        view: {
          state: 'failed',
          finishedAt: this.#o.clock.now(),
          error: {
            code: 'link_expired',
            message:
              'The download link kept expiring before Kiln could use it. Try again; asking again is free.',
          },
        },
        retryable: true,
      });
      return;
    }
    await this.#p.update(id, {
      reasks: record.reasks + 1,
      link: undefined,
      view: { note: JOB_NOTES.reasked },
    });
    await this.#call(id, 0);
  }

  /** True when an earlier job on this service got an answer to the identical call. */
  #builtBefore(record: JobRecord): boolean {
    const input = record.input;
    if (input.kind !== 'op') return false;
    return this.#o.store
      .all()
      .some(
        (r) =>
          r.view.id !== record.view.id &&
          r.origin === record.origin &&
          r.answered &&
          r.input.kind === 'op' &&
          r.view.createdAt <= record.view.createdAt &&
          sameCall(r.input.call, input.call),
      );
  }

  #schedule(id: string, attempt: number, failures: number): void {
    this.#p.poll(id, { attempt, failures }, (order) => this.#call(id, failures, order));
  }

  #nextAttempt(id: string): number {
    const next = (this.#attempts.get(id) ?? 0) + 1;
    this.#attempts.set(id, next);
    return next;
  }
}
