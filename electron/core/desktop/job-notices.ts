/**
 * When Kiln tells the desktop that jobs finished: only when a generation (or a post-processing job
 * that took a while) moves into `done` or `failed`, once per job, and only while the user is
 * looking elsewhere (the window is not focused). Several jobs finishing close together make one
 * notice, not a flood. Pure policy with an injected clock; the Electron shell shows the notice.
 */
import { GENERATION_KINDS, type JobView } from '../../../shared/ipc/contract';
import type { Say } from '../i18n/main-language';
import { NOTICE } from '../i18n/main-words';
import type { Clock } from '../ports';

/** A notice to show. */
export interface JobNotice {
  readonly title: string;
  readonly body: string;
  /** The model to open when the notice is clicked (the latest finished one), if any. */
  readonly modelId?: string;
  /** The jobs it covers. */
  readonly jobIds: readonly string[];
}

/** Options of {@link JobNotices}. */
export type JobNoticesOptions = Readonly<{
  clock: Clock;
  /** Called with each notice once the burst it belongs to is over. */
  notify: (notice: JobNotice) => void;
  /** Whether the user is looking at Kiln now. */
  focused: () => boolean;
  /** The notices' words in the user's language as they are shown (`MainLanguage.say`). */
  say: Say;
  /** How long to wait for more jobs finishing before showing one notice for all; default 1.5 s. */
  coalesceMs?: number;
  /** Post-processing jobs shorter than this finish under the user's eyes; default 10 s. */
  longOpMs?: number;
}>;

const GENERATIONS: ReadonlySet<string> = new Set(GENERATION_KINDS);

/** Decides which job transitions become desktop notices. */
export class JobNotices {
  readonly #o: JobNoticesOptions;
  /** Last state seen per job. */
  readonly #states = new Map<string, JobView['state']>();
  readonly #notified = new Set<string>();
  #pending: JobView[] = [];
  #timer: unknown;
  readonly #since: number;

  constructor(options: JobNoticesOptions) {
    this.#o = options;
    this.#since = options.clock.now();
  }

  /** Sees the jobs Kiln already had (at start): their current states are not transitions. */
  seed(jobs: Iterable<JobView>): void {
    for (const job of jobs) this.#states.set(job.id, job.state);
  }

  /** Sees one job update. */
  observe(job: JobView): void {
    const before = this.#states.get(job.id);
    this.#states.set(job.id, job.state);
    if (job.state !== 'done' && job.state !== 'failed') return;
    if (before === job.state || this.#notified.has(job.id)) return;
    // A job first seen already finished is news only if it finished during this run.
    if (before === undefined && (job.finishedAt ?? 0) < this.#since) return;
    if (!this.#worthNotice(job)) return;
    this.#notified.add(job.id);
    if (this.#o.focused()) return;
    this.#pending.push(job);
    this.#timer ??= this.#o.clock.setTimeout(() => this.#flush(), this.#o.coalesceMs ?? 1500);
  }

  /** Drops a pending notice (the app is quitting). */
  close(): void {
    if (this.#timer !== undefined) this.#o.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending = [];
  }

  #worthNotice(job: JobView): boolean {
    if (GENERATIONS.has(job.kind)) return true;
    const took = (job.finishedAt ?? this.#o.clock.now()) - job.createdAt;
    return took >= (this.#o.longOpMs ?? 10_000);
  }

  #flush(): void {
    this.#timer = undefined;
    const jobs = this.#pending;
    this.#pending = [];
    // The user came back meanwhile: the Activity list already shows it.
    if (jobs.length === 0 || this.#o.focused()) return;
    this.#o.notify(noticeFor(jobs, this.#o.say));
  }
}

/** The words of one notice for the jobs that finished together, in `say`'s language. */
export function noticeFor(jobs: readonly JobView[], say: Say): JobNotice {
  const done = jobs.filter((j) => j.state === 'done');
  const failed = jobs.filter((j) => j.state === 'failed');
  const open = [...done].reverse().find((j) => j.modelId)?.modelId;
  const base = { jobIds: jobs.map((j) => j.id), ...(open ? { modelId: open } : {}) };
  if (jobs.length === 1) {
    const job = jobs[0]!;
    if (job.state === 'done') {
      return {
        ...base,
        title: say(NOTICE.readyTitle, { source: job.source }),
        body: job.savedPath
          ? say(NOTICE.readySaved, { path: job.savedPath })
          : say(NOTICE.readyOpen),
      };
    }
    return {
      ...base,
      title: say(NOTICE.failedTitle, { source: job.source }),
      body: job.error?.message ?? say(NOTICE.failedBody),
    };
  }
  const counts = { ready: done.length, failed: failed.length };
  const summary = say(
    done.length && failed.length
      ? NOTICE.manyReadyFailed
      : done.length
        ? NOTICE.manyReady
        : NOTICE.manyFailed,
    counts,
  );
  const action = say(open ? NOTICE.manyOpen : NOTICE.manyDetails);
  return {
    ...base,
    title: say(NOTICE.manyTitle, { count: jobs.length }),
    body: say(NOTICE.manyBody, { summary, action }),
  };
}
