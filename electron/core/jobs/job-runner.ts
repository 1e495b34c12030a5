/**
 * What {@link JobService} asks of the runner of one kind of job: generations (photo, multi-view,
 * text, retexture) hold one of the account's slots; post-processing calls repeat one URL. Both
 * follow the one paid-call protocol (`paid-call.ts`); each keeps its own rules of what comes next.
 * Local conversions (a compatible GLB) send no paid call at all, but are journaled, resumed,
 * cancelled and reported like the others.
 */
import type { JobView } from '../../../shared/ipc/contract';
import type { AccountService } from '../account/account-service';
import type { ApiClient } from '../api/client';
import type { Clock, Logger } from '../ports';
import type { InFlight } from '../util/in-flight';
import type { JobInput, JobRecord, StoredView } from './job-record';
import type { JobStore } from './job-store';
import type { PollTiming } from './poll-delay';

/** The kinds of runner: each job belongs to one, by its input. */
export type RunnerKind = 'generation' | 'op' | 'local';

/** The runner a job belongs to. */
export function runnerKind(input: JobInput): RunnerKind {
  return input.kind === 'op' || input.kind === 'local' ? input.kind : 'generation';
}

/** A job not yet journaled: its runner gives it its first state. */
export type NewJob = Omit<JobRecord, 'view'> & Readonly<{ view: Omit<StoredView, 'state'> }>;

/** Options every runner takes. */
export type RunnerOptions = Readonly<{
  api: ApiClient;
  store: JobStore;
  account: AccountService;
  clock: Clock;
  logger: Logger;
  /** Requests a minute the scheduler allows (polling keeps within a share of it). */
  budgetPerMinute: number;
  /** Jobs polling now, across runners. */
  activePollers: () => number;
  pollTiming?: PollTiming;
  /**
   * The core's work in flight: a runner saves results in it, so the core's close stops a save
   * under way (its temporary file removed) and waits for it. Absent: nobody waits (tests).
   */
  inFlight?: InFlight;
}>;

/** Runs the jobs of one kind. */
export interface JobRunner {
  /** Journals a new job and sets it going. Resolves once it is on disk. */
  create(job: NewJob): Promise<JobView>;
  /** Carries on a job of an earlier run, or of the connection before a change. */
  resume(record: JobRecord): Promise<void>;
  /**
   * Withdraws a job whose paid call has not left.
   * @throws KilnError `not_cancellable` once it may have left
   */
  cancel(id: string): Promise<JobView>;
  /**
   * Sends the job's own call again where that cannot charge twice for the same work; undefined
   * when a retry must be a new job.
   */
  again(record: JobRecord): Promise<JobView | undefined>;
  /** Starts what may start now (after every job has been resumed). */
  pump(): void;
  /** Stops timers; jobs stay journaled and resume on the next start or connection. */
  close(): void;
}

/**
 * A runner whose jobs talk to the service: it polls, and sends paid calls. Local conversions
 * do neither, so they implement only {@link JobRunner}.
 */
export interface ServiceRunner extends JobRunner {
  /** Jobs polling now. */
  readonly polling: number;
  /** Paid calls being sent now: the connection must not change under them. */
  readonly busy: number;
  /** Holds paid calls before they leave while the connection changes; returns the release. */
  hold(): () => void;
}
