/**
 * The jobs in memory, kept in step with the journal on disk and with the renderer: every change of
 * state is written (atomically) before the caller goes on, and reported as `jobs.updated`. Once
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
    for (const r of records) this.#records.set(r.view.id, r);
  }

  /** A record by job id. */
  get(id: string): JobRecord | undefined {
    return this.#records.get(id);
  }

  /** Every record. */
  all(): JobRecord[] {
    return [...this.#records.values()];
  }

  /** Every job as the renderer sees it, newest first. */
  views(): JobView[] {
    return this.all()
      .map(toView)
      .sort((a, b) => b.createdAt - a.createdAt);
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
   * changes pass `false` and are only reported.
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
    this.#report(next);
    return next;
  }

  /** Writes every record to the journal. */
  async persist(): Promise<void> {
    if (this.#closed) return;
    await this.#o.journal.save(this.all());
  }

  /** Stops writing and reporting. */
  close(): void {
    this.#closed = true;
  }

  #report(record: JobRecord): void {
    if (this.#closed) return;
    const view = toView(record);
    this.#o.emit('jobs.updated', view);
    this.#o.onChange?.();
    this.#o.onJobChanged?.(view);
  }
}
