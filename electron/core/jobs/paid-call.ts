/**
 * The paid-call protocol: the rules every job's calls follow, written once for every runner.
 *
 * - **Journaled before it leaves.** The job is on disk before its call is queued; right before
 *   the call is sent, the journal records `dispatched` (it may reach the service), and until its
 *   outcome is journaled the job counts as busy: the connection must not change under it.
 * - **A refusal is "not sent", first.** An answer that proves the service did not act (429
 *   `rate_limited` or `too_many_jobs`, 402, 401, 422, any 4xx) or a connection never made is
 *   journaled as not sent before anything else happens to the job: a kill while it waits (a 429
 *   pause) brings it back waiting, never of unknown outcome.
 * - **Never sent twice by accident.** A failure that leaves open whether the service acted on a
 *   paid call (timeout, reset after sending, 5xx, unreadable 2xx) makes the job `outcome_unknown`,
 *   with the charge in the ledger when the headers told it, else an unconfirmed row; Kiln never
 *   sends it again by itself. A restart shows a dispatched-but-unanswered paid call the same way.
 * - **Withdrawn while it waits.** Until it is dispatched, a call can be cancelled, by the user or
 *   by Kiln closing: nothing was sent.
 * - **Held while the connection changes.** A key or address change holds paid calls at their last
 *   step (see {@link PaidCallProtocol.hold}): none leaves on the old key once the change began.
 * - **Free calls are free.** A call that cannot be charged (a repeat of a build, a free export)
 *   is journaled and withdrawn the same way, but a failure in transit simply leaves it to be
 *   sent again.
 *
 * The protocol also owns each job's one timer (its next poll, retry or backoff) and the closing
 * of a runner: once closed (quit, or a change of connection), late answers are dropped and
 * nothing is written, as in a dead process, and the jobs carry on from their journal.
 */
import type { JobView } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import type { Usd } from '../../../shared/money';
import type { AccountService } from '../account/account-service';
import type { BillingCapture, PaidCallHooks } from '../api/client';
import {
  ApiError,
  CancelledError,
  ConnectionError,
  isAmbiguous,
  RateLimitError,
} from '../api/errors';
import type { Clock, Logger } from '../ports';
import { codeOf } from './job-messages';
import { isNote, JOB_NOTES } from '../../../shared/job-notes';
import { toView, type JobRecord } from './job-record';
import type { JobStore, RecordPatch } from './job-store';
import { JobTimers } from './job-timers';
import {
  DEFAULT_POLL_TIMING,
  checkBy,
  estimateRemaining,
  nextPoll,
  pollOrder,
  type PollOrder,
  type PollTiming,
} from './poll-delay';

/** Options of {@link PaidCallProtocol}. */
export type PaidCallOptions = Readonly<{
  store: JobStore;
  account: AccountService;
  clock: Clock;
  logger: Logger;
  /** Polling: first delay, backoff, cap (default {@link DEFAULT_POLL_TIMING}). */
  pollTiming?: PollTiming;
  /** Requests a minute the scheduler allows (polling keeps within a share of it). */
  budgetPerMinute: number;
  /** Jobs polling now, across runners. */
  activePollers: () => number;
  /** What the user reads about a paid call of unknown outcome (with the charge when known). */
  unknownMessage: (chargedUsd?: Usd) => string;
  /** What the user reads when asking to cancel a call that may have left. */
  sentMessage: string;
}>;

/** How one call of a job ended, as far as what comes next is concerned. */
export type CallOutcome<T> =
  | Readonly<{ kind: 'answered'; answer: T }>
  /** Withdrawn before it left (the user's cancel, or Kiln closing): nothing was sent. */
  | Readonly<{ kind: 'withdrawn' }>
  /** The connection was never made: nothing was sent, it may be sent again later. */
  | Readonly<{ kind: 'unreachable'; error: ConnectionError }>
  /** A paid call the service may have acted on: already journaled as `outcome_unknown`. */
  | Readonly<{ kind: 'unknown' }>
  /** Anything else: a definite refusal, or a free call's failure. */
  | Readonly<{ kind: 'failed'; error: unknown }>;

/** Options of one {@link PaidCallProtocol.call}. */
export type CallOptions = Readonly<{
  /** The call may be charged: journaled as dispatched before it leaves, never sent twice. */
  paid: boolean;
  /** The call can be withdrawn while it waits (the first call of a job). */
  withdrawable: boolean;
  /** Journaled (after the call is registered, so a cancel meanwhile is seen) before it is sent. */
  before?: RecordPatch;
}>;

/** What a job's last poll saw and aimed at. */
type PollTrack = Readonly<{
  at: number;
  progress: number | undefined;
  /** It was aimed at the expected end. */
  atEnd: boolean;
  /** Polls aimed at the end before it, in a row, that found the job running. */
  endMisses: number;
}>;

/** The paid-call protocol of one runner. */
export class PaidCallProtocol {
  readonly #o: PaidCallOptions;
  readonly #timers: JobTimers;
  /** Calls that can still be withdrawn, by job. */
  readonly #aborts = new Map<string, AbortController>();
  /** Jobs whose paid call is being sent (past the point of no return). */
  readonly #dispatching = new Set<string>();
  /** Aborted by {@link close}: the runner is closed, and a save in flight claims no name. */
  readonly #closing = new AbortController();
  /** While the connection is being changed, paid calls wait at their last step (see {@link hold}). */
  #held: { readonly until: Promise<void>; readonly release: () => void } | undefined;
  /** What each polling job's last poll saw and aimed at ({@link poll}). */
  readonly #polls = new Map<string, PollTrack>();

  /** Polling: first delay, backoff, cap. */
  readonly timing: PollTiming;

  constructor(options: PaidCallOptions) {
    this.#o = options;
    this.timing = options.pollTiming ?? DEFAULT_POLL_TIMING;
    this.#timers = new JobTimers(options.clock);
  }

  /** Paid calls being sent now: the connection must not change under them. */
  get busy(): number {
    return this.#dispatching.size;
  }

  /** True once {@link close} was called. */
  get closed(): boolean {
    return this.#closing.signal.aborted;
  }

  /** Aborted when the runner closes: work under way (a save) stops there. */
  get closing(): AbortSignal {
    return this.#closing.signal;
  }

  /** True once the runner or the store is closed: late answers are dropped, as in a dead process. */
  get dead(): boolean {
    return this.closed || this.#o.store.closed;
  }

  /** Changes a job unless the runner is closed (a newer runner owns the jobs then). */
  update(id: string, patch: RecordPatch, durable = true): Promise<JobRecord | undefined> {
    if (this.closed) return Promise.resolve(this.#o.store.get(id));
    return this.#o.store.update(id, patch, durable);
  }

  /**
   * Runs a job step nobody awaits. A step that fails unexpectedly (the journal cannot be written,
   * say) is logged; the job stays as journaled and carries on after a restart.
   */
  spawn(step: Promise<void>): void {
    step.catch((error: unknown) =>
      this.#o.logger.error('job step failed', { code: codeOf(error), error: String(error) }),
    );
  }

  /**
   * Sends one call of job `id` by the protocol, then hands its outcome to `next` (a paid call
   * counts as busy until `next` has journaled it). Nothing is handed over once the runner is
   * closed, or when the call was withdrawn right after `before` was journaled.
   * @param send makes the call with the hooks the protocol gives it
   */
  async call<T>(
    id: string,
    o: CallOptions,
    send: (hooks: PaidCallHooks) => Promise<T>,
    next: (outcome: CallOutcome<T>) => Promise<void>,
  ): Promise<void> {
    const controller = new AbortController();
    if (o.withdrawable) this.#aborts.set(id, controller);
    if (o.before) {
      await this.update(id, o.before);
      if (controller.signal.aborted) return;
    }
    const hooks: PaidCallHooks = {
      ...(o.withdrawable ? { signal: controller.signal } : {}),
      ...(o.paid
        ? { onDispatch: () => this.#dispatched(id), onRefused: (e) => this.#refused(id, e) }
        : {}),
    };
    try {
      let outcome: CallOutcome<T> | undefined;
      try {
        outcome = { kind: 'answered', answer: await send(hooks) };
      } catch (error) {
        this.#aborts.delete(id);
        outcome = await this.#failed(id, error, o.paid);
      }
      this.#aborts.delete(id);
      if (!outcome || this.dead) return;
      await next(outcome);
    } finally {
      // Only now: until the outcome is journaled, the connection must not change.
      this.#dispatching.delete(id);
    }
  }

  /** True when the job's paid call may have reached the service without Kiln reading the answer. */
  mayHaveLeft(record: JobRecord): boolean {
    return record.paid && record.dispatched && !record.answered;
  }

  /**
   * Records a paid call of unknown outcome: the charge the headers told, else an unconfirmed row
   * in the ledger; then the job, which Kiln never sends again by itself.
   */
  async unknown(id: string, charged?: BillingCapture): Promise<void> {
    const record = this.#o.store.get(id);
    if (!record) return;
    const context = { operation: record.operation, jobId: id };
    if (charged) await this.#o.account.noteBilling(charged, context);
    else await this.#o.account.noteUnconfirmed(context);
    await this.update(id, {
      view: {
        state: 'outcome_unknown',
        finishedAt: this.#o.clock.now(),
        note: undefined,
        ...(charged ? { costUsd: charged.costUsd } : {}),
        error: { code: 'outcome_unknown', message: this.#o.unknownMessage(charged?.costUsd) },
      },
    });
  }

  /**
   * Cancels a job whose call has not left: it is withdrawn from the scheduler (or the runner's
   * queue, through `withdraw`) and journaled as cancelled.
   * @throws KilnError `unknown_job`, or `not_cancellable` once the paid call may have left
   */
  async cancel(id: string, withdraw?: () => void): Promise<JobView> {
    const record = this.#o.store.get(id);
    if (!record) throw new KilnError('unknown_job', 'Kiln does not know this job.');
    const { state } = record.view;
    const withdrawable =
      !this.#dispatching.has(id) &&
      (state === 'waiting' || (state === 'starting' && !record.dispatched));
    if (!withdrawable) throw new KilnError('not_cancellable', this.#o.sentMessage);
    this.#timers.clear(id);
    this.#aborts.get(id)?.abort();
    withdraw?.();
    const next = await this.update(id, {
      view: {
        state: 'cancelled',
        note: JOB_NOTES.cancelledBeforeSent,
        finishedAt: this.#o.clock.now(),
      },
    });
    return toView(next ?? record);
  }

  /**
   * Runs `step` after `delayMs`, replacing the job's pending timer. A step after which nothing
   * is scheduled for the job (it ended, or moved on without polling) drops what its polls saw.
   */
  after(id: string, delayMs: number, step: () => Promise<void>): void {
    if (this.dead) return;
    this.#timers.after(id, delayMs, () =>
      this.spawn(
        step().finally(() => {
          if (!this.#timers.has(id)) this.#polls.delete(id);
        }),
      ),
    );
  }

  /**
   * Runs `step` when the job should be asked again: soon, backing off to a cap, faster near the
   * expected end, within a share of the request budget. `step` is given how to schedule the
   * poll as the job stands when it runs: near its end (or of unknown end), or far from it.
   * @param expectedMs how long jobs like this one took before, when known
   */
  poll(
    id: string,
    o: Readonly<{ attempt: number; failures: number; expectedMs?: number | undefined }>,
    step: (order: PollOrder) => Promise<void>,
  ): void {
    const record = this.#o.store.get(id);
    if (!record) return;
    const now = this.#o.clock.now();
    const last = this.#polls.get(id);
    const progress = record.view.progress;
    // Estimated now, from the progress just read: read later, the same progress would say the
    // job is further from its end than it is.
    const remaining = estimateRemaining({
      elapsedMs: now - (record.acceptedAt ?? record.view.createdAt),
      progress,
      expectedMs: o.expectedMs,
      since:
        last?.progress !== undefined ? { ms: now - last.at, progress: last.progress } : undefined,
    });
    const endAt = checkBy(now, remaining);
    // Polled again after a poll aimed at the end: the estimate was early.
    const endMisses = last?.atEnd ? last.endMisses + 1 : 0;
    const activePollers = this.#o.activePollers();
    const firstAlone = o.attempt === 0 && activePollers <= 1;
    const next = nextPoll(
      {
        attempt: o.attempt,
        failures: o.failures,
        remainingMs: remaining?.ms,
        activePollers,
        budgetPerMinute: this.#o.budgetPerMinute,
        endMisses,
      },
      this.timing,
    );
    // A failed poll read nothing new: the pace is still measured from the last read.
    const read = o.failures > 0 && last ? last : { at: now, progress };
    this.#polls.set(id, { at: read.at, progress: read.progress, atEnd: next.atEnd, endMisses });
    this.after(id, next.delayMs, () =>
      step(pollOrder(endAt, this.#o.clock.now(), firstAlone, this.timing)),
    );
  }

  /** When the job's last poll found it still running, while it polls. */
  lastRunning(id: string): number | undefined {
    return this.#polls.get(id)?.at;
  }

  /**
   * Holds every paid call at its last step before it leaves, while the connection is being
   * changed: once the change is made (this runner closed) they are withdrawn, not sent, and carry
   * on with the new connection; if it is not made, they go on when released.
   * @returns the release
   */
  hold(): () => void {
    let release!: () => void;
    const until = new Promise<void>((r) => (release = r));
    const held = { until, release };
    this.#held = held;
    return () => {
      if (this.#held === held) this.#held = undefined;
      release();
    };
  }

  /** Stops timers and withdraws calls not yet dispatched; the journal still says "not sent". */
  close(): void {
    this.#closing.abort();
    for (const controller of this.#aborts.values()) controller.abort();
    this.#timers.clearAll();
    this.#held?.release();
  }

  /** Right before the paid call leaves: from now on it may reach the service. */
  async #dispatched(id: string): Promise<void> {
    while (this.#held && !this.closed) await this.#held.until;
    // A closed runner's call never leaves: the connection may already be another one.
    if (this.closed) throw new CancelledError('cancelled', 'Kiln stopped before this was sent.');
    this.#dispatching.add(id);
    const waited = isNote(this.#o.store.get(id)?.view.note, JOB_NOTES.rateLimited);
    await this.update(id, { dispatched: true, ...(waited ? { view: { note: undefined } } : {}) });
  }

  /** The service did not act on the paid call: journaled as not sent before anything else. */
  async #refused(id: string, error: ApiError): Promise<void> {
    this.#dispatching.delete(id);
    await this.update(id, {
      dispatched: false,
      // Sent again after the pause, by the scheduler: the user learns why it waits.
      ...(error instanceof RateLimitError ? { view: { note: JOB_NOTES.rateLimited } } : {}),
    });
  }

  /** What a failed call means by the rules of a paid call; undefined once the runner is dead. */
  async #failed(
    id: string,
    error: unknown,
    paid: boolean,
  ): Promise<CallOutcome<never> | undefined> {
    const record = this.#o.store.get(id);
    if (!record || this.dead) return undefined;
    if (error instanceof CancelledError && !record.dispatched) return { kind: 'withdrawn' };
    if (error instanceof ConnectionError && !error.sent) return { kind: 'unreachable', error };
    if (paid && isAmbiguous(error)) {
      this.#o.logger.warn('paid call outcome unknown', { job: id, code: codeOf(error) });
      await this.unknown(id, error instanceof ApiError ? error.billing : undefined);
      return { kind: 'unknown' };
    }
    return { kind: 'failed', error };
  }
}
