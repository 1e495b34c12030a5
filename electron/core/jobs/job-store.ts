/**
 * The jobs in memory, kept in step with the journal on disk and with the renderer: every change of
 * state is written (atomically) before the caller goes on, and reported as `jobs.updated`. What
 * Kiln shows (`views()`, the reports) is only what the journal holds, so a state the user or a
 * test read is a state a restart comes back to; the runners read the records themselves (`get`,
 * `all`), their own changes included, at once. Once
 * closed (the app quits, or a test "kills" the core) the store neither writes nor reports
 * anything, as a dead process would not.
 */
import type { JobView } from '../../../shared/ipc/contract';
import type { Emit, Logger } from '../ports';
import type { JobJournal } from './job-journal';
import { toView, type JobRecord, type StoredView } from './job-record';

/** A change to a record: view fields merged, other fields replaced. */
export type RecordPatch = Partial<Omit<JobRecord, 'view'>> & { view?: Partial<StoredView> };

/** Options of {@link JobStore}. */
export type JobStoreOptions = Readonly<{
  journal: JobJournal;
  emit: Emit;
  logger: Logger;
  /** Called after every change (the account view shows the queue). */
  onChange?: () => void;
  /** Called with each changed job's view (batches follow their items). */
  onJobChanged?: (view: JobView) => void;
}>;

/** The jobs and their journal. */
export class JobStore {
  readonly #o: JobStoreOptions;
  readonly #records = new Map<string, JobRecord>();
  /** Each job as last reported: what the journal holds, plus progress reported since. */
  readonly #shown = new Map<string, JobView>();
  /** The latest journal write: every change made before it was asked for is in it. */
  #written: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(options: JobStoreOptions) {
    this.#o = options;
  }

  /** True once closed: nothing more is written or reported. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Loads records without writing or reporting them. */
  adopt(records: readonly JobRecord[]): void {
    for (const r of records) {
      this.#records.set(r.view.id, r);
      this.#shown.set(r.view.id, toView(r));
    }
  }

  /** A record by job id. */
  get(id: string): JobRecord | undefined {
    return this.#records.get(id);
  }

  /** Every record. */
  all(): JobRecord[] {
    return [...this.#records.values()];
  }

  /** Every job as the renderer sees it, newest first: only changes the journal holds. */
  views(): JobView[] {
    return [...this.#shown.values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Adds a job; resolves once it is on disk. */
  async add(record: JobRecord): Promise<JobView> {
    this.#records.set(record.view.id, record);
    await this.persist();
    this.#report(record);
    return toView(record);
  }

  /**
   * Changes a job. `durable` (the default) writes the journal before resolving; progress-only
   * changes pass `false` and are not written, but are reported only after any write under way:
   * the record they report may carry a durable change that write is still putting on disk.
   */
  async update(id: string, patch: RecordPatch, durable = true): Promise<JobRecord | undefined> {
    const current = this.#records.get(id);
    if (!current || this.#closed) return current;
    const { view, ...rest } = patch;
    const next: JobRecord = { ...current, ...rest, view: { ...current.view, ...view } };
    for (const [k, v] of Object.entries(view ?? {})) {
      if (v === undefined) delete (next.view as Record<string, unknown>)[k];
    }
    this.#records.set(id, next);
    if (durable) await this.persist();
    else await this.#written.catch(() => undefined);
    this.#report(next);
    return next;
  }

  /** Writes every record to the journal. */
  async persist(): Promise<void> {
    if (this.#closed) return;
    this.#written = this.#o.journal.save(this.all());
    await this.#written;
  }

  /** Stops writing and reporting. */
  close(): void {
    this.#closed = true;
  }

  #report(record: JobRecord): void {
    if (this.#closed) return;
    const view = toView(record);
    this.#shown.set(view.id, view);
    this.#o.emit('jobs.updated', view);
    this.#o.onChange?.();
    this.#o.onJobChanged?.(view);
  }
}
