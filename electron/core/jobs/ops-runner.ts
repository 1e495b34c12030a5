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
 * - After a restart: a job not yet sent is sent; a paid first call that may have left is shown as
 *   `outcome_unknown`; a running job is asked again; a download starts over from a fresh link and
 *   the temporary file of the interrupted one is removed.
 */
import { rm, stat } from 'node:fs/promises';
import type { JobResult } from '../../../shared/api/schemas';
import type { JobView } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import type { AccountService } from '../account/account-service';
import type { Answer, ApiClient } from '../api/client';
import {
  ApiError,
  AuthError,
  CancelledError,
  ConnectionError,
  ForbiddenError,
  LinkExpiredError,
  NotFoundError,
  PaymentError,
  ValidationError,
  isAmbiguous,
} from '../api/errors';
import { sanitizeFilename } from '../files/filename';
import { findSavedTwin, saveResult } from '../files/save-result';
import type { Clock, Logger } from '../ports';
import {
  buildFailedMessage,
  buildOutcomeUnknownMessage,
  codeOf,
  jobError,
  isFixable,
  messageOf,
  unreachableMessage,
} from './job-messages';
import { isActive, toView, type JobRecord } from './job-record';
import type { JobStore, RecordPatch } from './job-store';
import {
  DEFAULT_POLL_TIMING,
  estimateRemaining,
  nextPollDelay,
  type PollTiming,
} from './poll-delay';
import { JobTimers } from './job-timers';

/** Options of {@link OpsRunner}. */
export type OpsRunnerOptions = Readonly<{
  api: ApiClient;
  store: JobStore;
  account: AccountService;
  clock: Clock;
  logger: Logger;
  budgetPerMinute: number;
  activePollers: () => number;
  pollTiming?: PollTiming;
}>;

/** Fresh links asked for one download before giving up. */
const MAX_REASKS = 3;
/** Consecutive failed repeats or downloads before the job is reported failed. */
const MAX_FAILURES = 8;
/** Shown while and after Kiln asks again for an expired link, so the user sees why it took longer. */
const REASK_NOTE =
  'The download link had expired, so Kiln asked the service again for a fresh one (free: the result is stored).';

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
export class OpsRunner {
  readonly #o: OpsRunnerOptions;
  readonly #timing: PollTiming;
  readonly #timers: JobTimers;
  readonly #aborts = new Map<string, AbortController>();
  /**
   * Aborted by {@link close}: the runner is closed, and a save in flight claims no name (see
   * `saveResult`).
   */
  readonly #closing = new AbortController();
  readonly #dispatching = new Set<string>();
  /** Repeats so far per job, for the backoff. */
  readonly #attempts = new Map<string, number>();

  constructor(options: OpsRunnerOptions) {
    this.#o = options;
    this.#timing = options.pollTiming ?? DEFAULT_POLL_TIMING;
    this.#timers = new JobTimers(options.clock);
  }

  /** Jobs repeating their call now. */
  get polling(): number {
    return this.#o.store.all().filter((r) => r.input.kind === 'op' && r.view.state === 'processing')
      .length;
  }

  /** Paid first calls being sent now. */
  get busy(): number {
    return this.#dispatching.size;
  }

  /** Journals a new job and makes its first call. Resolves once it is on disk. */
  async create(record: JobRecord): Promise<JobView> {
    const view = await this.#o.store.add(record);
    this.#spawn(this.#call(record.view.id, 0));
    return view;
  }

  /** Carries on a job of an earlier run. */
  async resume(record: JobRecord): Promise<void> {
    const id = record.view.id;
    if (record.partial || record.claimed) {
      // Killed after the result got its final name but before the journal said "done": adopt
      // the saved file rather than download and save it a second time.
      const saved = isActive(record.view.state) ? await alreadySaved(record) : undefined;
      if (record.partial) await rm(record.partial, { force: true });
      if (saved) {
        await this.#saved(record, saved);
        return;
      }
      await this.#update(id, { partial: undefined, claimed: undefined });
    }
    switch (record.view.state) {
      case 'waiting':
      case 'starting':
        if (record.dispatched && !record.answered && record.paid) {
          await this.#unknown(id, undefined);
        } else {
          this.#spawn(this.#call(id, 0));
        }
        break;
      case 'processing':
      case 'queued':
        this.#schedule(id, 0, 0);
        break;
      case 'downloading':
        this.#spawn(this.#download(id, 0));
        break;
    }
  }

  /**
   * Withdraws a job whose first call has not been sent.
   * @throws KilnError `not_cancellable` once it may have left
   */
  async cancel(id: string): Promise<JobView> {
    const record = this.#o.store.get(id);
    if (!record) throw new KilnError('unknown_job', 'Kiln does not know this job.');
    const withdrawable =
      (record.view.state === 'starting' || record.view.state === 'waiting') &&
      !record.dispatched &&
      !this.#dispatching.has(id);
    if (!withdrawable) {
      throw new KilnError(
        'not_cancellable',
        'This request was already sent to the service, so it cannot be called back. It finishes on its own.',
      );
    }
    this.#aborts.get(id)?.abort();
    this.#timers.clear(id);
    const next = await this.#update(id, {
      view: {
        state: 'cancelled',
        note: 'Cancelled before anything was sent: nothing was charged.',
        finishedAt: this.#o.clock.now(),
      },
    });
    return toView(next ?? record);
  }

  /**
   * Asks again with the identical call: for a build of unknown outcome (the service charges a
   * build once, so this cannot charge twice for it), or a job cancelled before it was sent.
   */
  async again(id: string): Promise<JobView> {
    const next = await this.#update(id, {
      view: { state: 'starting', error: undefined, note: undefined, finishedAt: undefined },
      // Not sent yet: a restart before it leaves simply asks again (the identical call is safe).
      dispatched: false,
      answered: false,
      reasks: 0,
    });
    this.#spawn(this.#call(id, 0));
    return toView(next!);
  }

  /** Stops timers; jobs stay journaled and resume on the next start. */
  close(): void {
    this.#closing.abort();
    for (const controller of this.#aborts.values()) controller.abort();
    this.#timers.clearAll();
  }

  get #dead(): boolean {
    return this.#closing.signal.aborted || this.#o.store.closed;
  }

  #update(id: string, patch: RecordPatch, durable = true): Promise<JobRecord | undefined> {
    if (this.#closing.signal.aborted) return Promise.resolve(this.#o.store.get(id));
    return this.#o.store.update(id, patch, durable);
  }

  /** One call of the job URL: the first (maybe paid) or a repeat (free). */
  async #call(id: string, failures: number): Promise<void> {
    const record = this.#o.store.get(id);
    if (!record || record.input.kind !== 'op' || !isActive(record.view.state) || this.#dead) return;
    const first = !record.answered;
    const paidCall = first && record.paid;
    const controller = new AbortController();
    if (first) this.#aborts.set(id, controller);
    try {
      let answer: Answer<JobResult>;
      try {
        answer = await this.#o.api.job(record.input.call, {
          paid: paidCall,
          ...(first ? { priority: 'user' as const, signal: controller.signal } : {}),
          ...(paidCall
            ? {
                onDispatch: async () => {
                  this.#dispatching.add(id);
                  await this.#update(id, { dispatched: true });
                },
              }
            : {}),
        });
      } catch (error) {
        this.#aborts.delete(id);
        await this.#callFailed(id, error, paidCall, failures);
        return;
      }
      this.#aborts.delete(id);
      if (this.#dead) return;
      await this.#answered(id, answer);
    } finally {
      // Only now: until the outcome is journaled, the connection must not change.
      this.#dispatching.delete(id);
    }
  }

  async #answered(id: string, answer: Answer<JobResult>): Promise<void> {
    const record = this.#o.store.get(id)!;
    const value = answer.value;
    if (answer.billing) {
      await this.#o.account.noteBilling(answer.billing, { operation: record.operation, jobId: id });
    }
    const common: RecordPatch = {
      answered: true,
      dispatched: true,
      ...(value.job_id ? { serviceJobId: value.job_id } : {}),
      ...(record.acceptedAt === undefined ? { acceptedAt: this.#o.clock.now() } : {}),
    };
    const cost = answer.billing?.costUsd;
    if (value.status === 'ready' && value.url) {
      const expiresAt =
        value.expires_in !== undefined && value.expires_in > 0
          ? this.#o.clock.now() + value.expires_in * 1000
          : undefined;
      await this.#update(id, {
        ...common,
        view: {
          state: 'downloading',
          progress: 100,
          note: record.reasks > 0 ? REASK_NOTE : undefined,
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
      await this.#update(id, common);
      await this.#buildFailed(id, value);
      return;
    }
    // `running` (HTTP 202), or a state the document does not list: ask again later.
    await this.#update(
      id,
      {
        ...common,
        view: {
          state: 'processing',
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
    await this.#update(id, {
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
    error: unknown,
    paidCall: boolean,
    failures: number,
  ): Promise<void> {
    const record = this.#o.store.get(id);
    if (!record || this.#dead) return;
    if (error instanceof CancelledError && !record.dispatched) return;
    if (error instanceof ConnectionError && !error.sent) {
      const delay = Math.min(60_000, 5000 * 2 ** failures);
      await this.#update(id, { view: { note: unreachableMessage(delay / 1000) } }, false);
      this.#timers.after(id, delay, () => this.#spawn(this.#call(id, failures + 1)));
      return;
    }
    if (paidCall && isAmbiguous(error)) {
      const charged = error instanceof ApiError ? error.billing : undefined;
      await this.#unknown(id, charged);
      return;
    }
    const definite =
      error instanceof PaymentError ||
      error instanceof AuthError ||
      error instanceof ForbiddenError ||
      error instanceof NotFoundError ||
      error instanceof ValidationError ||
      (error instanceof ApiError && !isAmbiguous(error) && !(error instanceof LinkExpiredError));
    if (definite || failures + 1 >= MAX_FAILURES) {
      this.#o.logger.warn('post-processing call refused', { job: id, code: codeOf(error) });
      await this.#update(id, {
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

  async #unknown(id: string, charged: Answer<unknown>['billing']): Promise<void> {
    const record = this.#o.store.get(id)!;
    if (charged) {
      await this.#o.account.noteBilling(charged, { operation: record.operation, jobId: id });
    } else {
      await this.#o.account.noteUnconfirmed({ operation: record.operation, jobId: id });
    }
    await this.#update(id, {
      view: {
        state: 'outcome_unknown',
        finishedAt: this.#o.clock.now(),
        ...(charged ? { costUsd: charged.costUsd } : {}),
        error: { code: 'outcome_unknown', message: buildOutcomeUnknownMessage(charged?.costUsd) },
      },
    });
  }

  /** Records the result saved under its final name: the job is done. */
  async #saved(record: JobRecord, savedPath: string): Promise<void> {
    await this.#update(record.view.id, {
      partial: undefined,
      claimed: undefined,
      view: {
        state: 'done',
        savedPath,
        finishedAt: this.#o.clock.now(),
        note: record.reasks > 0 ? REASK_NOTE : undefined,
      },
    });
  }

  /** Downloads the ready result; asks for a fresh link when it has expired. */
  async #download(id: string, failures: number): Promise<void> {
    const record = this.#o.store.get(id);
    if (!record || record.input.kind !== 'op' || this.#dead) return;
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
      if (this.#dead) {
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      const saved = await saveResult({
        response,
        folder: input.folder,
        fileName,
        clock: this.#o.clock,
        onPartial: async (partial) => {
          await this.#update(id, { partial });
        },
        onClaimed: async (claimed) => {
          await this.#update(id, { claimed });
        },
        signal: this.#closing.signal,
      });
      if (this.#dead) return;
      await this.#saved(record, saved.path);
    } catch (error) {
      if (this.#dead) return;
      await this.#update(id, { partial: undefined });
      if (error instanceof LinkExpiredError || error instanceof NotFoundError) {
        await this.#reask(id);
        return;
      }
      const transient =
        isAmbiguous(error) ||
        (error instanceof ApiError && ['download_failed', 'unreachable'].includes(error.code));
      if (!transient || failures + 1 >= MAX_FAILURES) {
        await this.#update(id, {
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
      this.#timers.after(id, Math.min(this.#timing.errorCap, 1000 * 2 ** failures), () =>
        this.#spawn(this.#download(id, failures + 1)),
      );
    }
  }

  /** The identical call again, for a fresh link (free: the result is stored). */
  async #reask(id: string): Promise<void> {
    const record = this.#o.store.get(id)!;
    if (record.reasks >= MAX_REASKS) {
      await this.#update(id, {
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
    await this.#update(id, {
      reasks: record.reasks + 1,
      link: undefined,
      view: { note: REASK_NOTE },
    });
    await this.#call(id, 0);
  }

  #schedule(id: string, attempt: number, failures: number): void {
    if (this.#dead) return;
    const record = this.#o.store.get(id);
    if (!record) return;
    const now = this.#o.clock.now();
    const delay = nextPollDelay(
      {
        attempt,
        failures,
        remainingMs: estimateRemaining({
          elapsedMs: now - (record.acceptedAt ?? record.view.createdAt),
          progress: record.view.progress,
        }),
        activePollers: this.#o.activePollers(),
        budgetPerMinute: this.#o.budgetPerMinute,
      },
      this.#timing,
    );
    this.#timers.after(id, delay, () => this.#spawn(this.#call(id, failures)));
  }

  #nextAttempt(id: string): number {
    const next = (this.#attempts.get(id) ?? 0) + 1;
    this.#attempts.set(id, next);
    return next;
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
}

/**
 * Where an earlier run already saved this job's result, if it did: the name it journaled as
 * claimed (when that file is still there), else the final twin of its temporary file.
 */
async function alreadySaved(record: JobRecord): Promise<string | undefined> {
  if (record.claimed && (await stat(record.claimed).catch(() => undefined))?.isFile()) {
    return record.claimed;
  }
  return record.partial ? findSavedTwin(record.partial) : undefined;
}
