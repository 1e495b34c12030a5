/**
 * Batches: one tool run on many library models, with one price first (issue 22).
 *
 * A batch is a list of items, each an ordinary job of the {@link JobService} (the same paid-call
 * protocol, scheduler, journal, refunds and Activity rows as a single tool's run): this service
 * only decides when each item's job is created, follows the jobs, and keeps the batch's own
 * journal and CSV. Before an item's job is created the item is journaled as `starting`; the job
 * carries the batch's id and the item's index, so after a restart an item that was starting is
 * matched with its job if it was created (and the job carries on by itself, its paid call never
 * sent twice) or started now if it was not.
 *
 * A few items run at once ({@link BatchServiceOptions.window}); the scheduler keeps every request
 * within the service's limits. Pause stops starting items; cancel drops the items not started and
 * cancels the jobs whose paid call has not left (the others finish and are charged). A failed item
 * is listed with its reason and its refund; the others go on.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { postOperation } from '../../../shared/api/operations';
import { needsConfirmation } from '../../../shared/api/quote';
import { needsWebsitePlan } from '../../../shared/api/rules';
import type {
  BatchItemView,
  BatchQuoteInput,
  BatchQuoteView,
  BatchStartInput,
  BatchView,
  JobView,
  PricesView,
  SettingsView,
  ToolOp,
} from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import { FINAL_STATES } from '../../../shared/jobs';
import {
  addUsd,
  compareUsd,
  fromMicros,
  mulUsd,
  subUsd,
  toMicros,
  type Usd,
} from '../../../shared/money';
import { exportFolder } from '../files/export-folder';
import type { JobService } from '../jobs/job-service';
import { messageOf } from '../jobs/job-messages';
import type { Clock, Emit, Logger } from '../ports';
import { CoalescedFile } from '../util/coalesced-file';
import { batchCsv, claimCsv, itemFolders, netCost } from './batch-files';
import type { BatchItemRecord, BatchJournal, BatchRecord } from './batch-journal';
import { resolveSelection, type ResolveDeps, type SelectedModel } from './resolve-selection';

/** Options of {@link BatchService}. */
export type BatchServiceOptions = Readonly<{
  jobs: Pick<JobService, 'runOp' | 'list' | 'subscribe' | 'cancel' | 'isRepeat' | 'isPaidOp'>;
  library: ResolveDeps;
  account: Readonly<{
    prices: () => Promise<PricesView>;
    isPaid: (operation: string) => Promise<boolean>;
    balanceUsd: () => Usd | undefined;
  }>;
  journal: BatchJournal;
  settings: () => SettingsView;
  /** The service origin Kiln uses now. */
  origin: () => string;
  /** The connection now, recorded with each batch so Activity lists it with its connection. */
  connection?: () => Readonly<{ mode: 'sandbox' | 'live'; keyId?: string | undefined }>;
  label: (op: ToolOp) => string;
  clock: Clock;
  emit: Emit;
  logger: Logger;
  /** Items whose jobs run at once. Default 4. */
  window?: number;
}>;

/** A model the batch would run on, priced. */
type Priced = SelectedModel & Readonly<{ paid: boolean }>;

/** A quote with the models behind it. */
/** A batch as quoted: its view, its items, and whether its operation is charged (`JobService.isPaidOp`). */
type Plan = Readonly<{ view: BatchQuoteView; items: readonly Priced[]; charged: boolean }>;

const FINISHED = new Set<BatchItemRecord['state']>(FINAL_STATES);

/** Why a model is left out, or undefined when the tool can take it. */
function leftOutReason(model: SelectedModel, op: ToolOp, label: string): string | undefined {
  if (model.missing === 'local') {
    return 'opened from a file on this computer: only models of your library can be sent to the service';
  }
  if (model.missing === 'not_found') return 'not in the library of this connection';
  if (needsWebsitePlan(model.source, op.kind)) {
    return `made on the website: ${label} needs a plan or a one-off unlock for it on the platform`;
  }
  return undefined;
}

/** Runs and remembers batches. */
export class BatchService {
  readonly #o: BatchServiceOptions;
  readonly #batches = new Map<string, BatchRecord>();
  /** One pump at a time per batch: an item is never started twice. */
  readonly #pumping = new Map<string, Promise<void>>();
  readonly #csvWriters = new Map<string, CoalescedFile>();
  readonly #unsubscribe: () => void;
  #closed = false;

  constructor(options: BatchServiceOptions) {
    this.#o = options;
    this.#unsubscribe = options.jobs.subscribe((view) => void this.#jobChanged(view));
  }

  /** Every batch, newest first. */
  list(): BatchView[] {
    return [...this.#batches.values()]
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((b) => this.#view(b));
  }

  /**
   * One price first: the total of the paid builds by the live price list, the free ones, the
   * balance after, what the balance covers, and the models left out with why. Nothing is sent.
   * @throws KilnError `invalid_folder`, or `empty_batch` when no model can be taken
   */
  async quote(input: BatchQuoteInput): Promise<BatchQuoteView> {
    return (await this.#plan(input)).view;
  }

  /**
   * Starts a batch from a fresh quote (prices and balance read again): with `onlyAffordable`,
   * the paid items past what the balance covers are left out.
   */
  async start(input: BatchStartInput): Promise<BatchView> {
    const plan = await this.#plan(input);
    const { view } = plan;
    let items = plan.items;
    const leftOut = [...view.leftOut];
    if (input.onlyAffordable && view.affordable !== undefined) {
      let paid = 0;
      items = items.filter((item) => {
        if (!item.paid) return true;
        paid++;
        if (paid <= view.affordable!) return true;
        leftOut.push({
          modelId: item.modelId,
          name: item.name,
          reason: `not started: the balance covered ${view.affordable} of the ${view.paid} paid builds`,
        });
        return false;
      });
    }
    const folders = itemFolders(view.folder, items);
    const batch: BatchRecord = {
      id: randomUUID(),
      createdAt: this.#o.clock.now(),
      origin: this.#o.origin(),
      ...this.#connection(),
      label: this.#o.label(input.op),
      op: input.op,
      charged: plan.charged,
      folder: view.folder,
      csv: await claimCsv(view.folder),
      state: 'running',
      items: items.map((m, i) => ({
        modelId: m.modelId,
        name: m.name,
        ...(m.version !== undefined ? { version: m.version } : {}),
        folder: folders[i]!,
        paid: m.paid,
        state: 'pending',
      })),
      leftOut,
    };
    this.#batches.set(batch.id, batch);
    await this.#save();
    await this.#writeCsv(batch);
    this.#changed(batch);
    this.#pump(batch);
    return this.#view(batch);
  }

  /** Stops starting items; those under way finish. */
  async pause(batchId: string): Promise<BatchView> {
    const batch = this.#get(batchId);
    if (batch.state === 'running') batch.state = 'paused';
    await this.#save();
    this.#changed(batch);
    return this.#view(batch);
  }

  /** Starts items again. */
  async resume(batchId: string): Promise<BatchView> {
    const batch = this.#get(batchId);
    if (batch.state === 'paused') batch.state = 'running';
    await this.#save();
    this.#changed(batch);
    this.#pump(batch);
    return this.#view(batch);
  }

  /**
   * Cancels the rest: items not started are dropped (nothing sent, nothing charged), and jobs
   * whose paid call has not left are cancelled; the ones already sent finish and are charged.
   */
  async cancel(batchId: string): Promise<BatchView> {
    const batch = this.#get(batchId);
    if (batch.state === 'done' || batch.state === 'cancelled') return this.#view(batch);
    batch.state = 'cancelled';
    for (const item of batch.items) {
      if (item.state === 'pending') {
        item.state = 'cancelled';
        item.reason = 'cancelled before it was sent: nothing was charged';
      }
    }
    await this.#save();
    const jobs = this.#o.jobs.list();
    for (const item of batch.items) {
      const job = item.state === 'running' ? jobs.find((j) => j.id === item.jobId) : undefined;
      if (job?.canCancel) await this.#o.jobs.cancel(job.id).catch(() => undefined);
    }
    await this.#writeCsv(batch);
    this.#changed(batch);
    return this.#view(batch);
  }

  /** Stops following jobs and writing. */
  close(): void {
    this.#closed = true;
    this.#unsubscribe();
  }

  /**
   * Loads the journal after the jobs have resumed: items that were starting are matched with
   * their jobs (or started now if theirs was never created), and running batches go on.
   */
  async load(): Promise<void> {
    const jobs = this.#o.jobs.list();
    for (const batch of await this.#o.journal.load()) {
      this.#batches.set(batch.id, batch);
      batch.items.forEach((item, index) => {
        if (item.state !== 'running') return;
        const job = item.jobId
          ? jobs.find((j) => j.id === item.jobId)
          : jobs.find((j) => j.batchId === batch.id && j.batchItem === index);
        if (job) {
          item.jobId = job.id;
          delete item.starting;
          this.#apply(item, job);
        } else if (item.starting || !item.jobId) {
          // Journaled as starting, but its job was never created: nothing was sent.
          delete item.starting;
          item.state = 'pending';
        } else {
          item.state = 'outcome_unknown';
          item.reason = 'Kiln lost track of this item’s job: check Activity and the ledger.';
        }
      });
      this.#settle(batch);
    }
    // Nothing to write before the first batch: no journal file appears until one is started.
    if (this.#batches.size > 0) await this.#save();
    for (const batch of this.#batches.values()) {
      await this.#writeCsv(batch);
      this.#pump(batch);
    }
  }

  async #plan(input: BatchQuoteInput): Promise<Plan> {
    const folder = exportFolder(input.folder, this.#o.settings().exportDir);
    const label = this.#o.label(input.op);
    const models = await resolveSelection(input.selection, this.#o.library);
    const leftOut: BatchQuoteView['leftOut'] = [];
    const taken: SelectedModel[] = [];
    for (const model of models) {
      const reason = leftOutReason(model, input.op, label);
      if (reason) leftOut.push({ modelId: model.modelId, name: model.name, reason });
      else taken.push(model);
    }
    if (taken.length === 0) {
      throw new KilnError(
        'empty_batch',
        leftOut.length > 0
          ? `None of the ${leftOut.length} models can be taken by ${label}: ${leftOut[0]!.reason}.`
          : 'Select at least one model of the library.',
      );
    }
    const operation = postOperation(input.op);
    // The one answer to "is this build paid?": journaled with the batch, its jobs reuse it.
    const charged = await this.#o.jobs.isPaidOp(input.op);
    const prices = charged ? await this.#o.account.prices().catch(() => undefined) : undefined;
    const listed = prices?.byOperation[operation];
    const items: Priced[] = taken.map((m) => ({
      ...m,
      paid: charged && !this.#o.jobs.isRepeat(m.modelId, input.op),
    }));
    const paid = items.filter((i) => i.paid).length;
    const unitUsd = charged ? listed : '0.00';
    const totalUsd = unitUsd !== undefined ? mulUsd(unitUsd, paid) : undefined;
    const balanceUsd = this.#o.account.balanceUsd();
    const balanceAfterUsd =
      totalUsd !== undefined && balanceUsd !== undefined ? subUsd(balanceUsd, totalUsd) : undefined;
    let affordable: number | undefined;
    if (
      balanceAfterUsd !== undefined &&
      compareUsd(balanceAfterUsd, '0') < 0 &&
      unitUsd !== undefined &&
      compareUsd(unitUsd, '0') > 0
    ) {
      const micros = toMicros(balanceUsd!);
      affordable = micros <= 0n ? 0 : Number(micros / toMicros(unitUsd));
    }
    const confirmAbove = this.#o.settings().confirmAboveUsd;
    const view: BatchQuoteView = {
      count: items.length,
      paid,
      free: items.length - paid,
      ...(unitUsd !== undefined ? { unitUsd } : {}),
      ...(totalUsd !== undefined ? { totalUsd } : {}),
      ...(balanceUsd !== undefined ? { balanceUsd } : {}),
      ...(balanceAfterUsd !== undefined ? { balanceAfterUsd } : {}),
      ...(affordable !== undefined
        ? { affordable, affordableUsd: fromMicros(toMicros(unitUsd!) * BigInt(affordable)) }
        : {}),
      needsConfirmation: needsConfirmation(
        {
          free: paid === 0,
          totalUsd,
          unknown: totalUsd === undefined ? [operation] : [],
        },
        confirmAbove,
      ),
      leftOut,
      folder: path.normalize(folder),
    };
    return { view, items, charged };
  }

  #get(batchId: string): BatchRecord {
    const batch = this.#batches.get(batchId);
    if (!batch) throw new KilnError('unknown_batch', 'Kiln does not know this batch.');
    return batch;
  }

  /** Starts pending items of a running batch, up to the window, one pump at a time. */
  #pump(batch: BatchRecord): void {
    const previous = this.#pumping.get(batch.id) ?? Promise.resolve();
    const next = previous
      .then(() => this.#startItems(batch))
      .catch((error: unknown) =>
        this.#o.logger.error('batch step failed', { batch: batch.id, error: String(error) }),
      );
    this.#pumping.set(batch.id, next);
  }

  async #startItems(batch: BatchRecord): Promise<void> {
    const window = this.#o.window ?? 4;
    while (!this.#closed && batch.state === 'running' && batch.origin === this.#o.origin()) {
      const running = batch.items.filter((i) => i.state === 'running').length;
      const index = batch.items.findIndex((i) => i.state === 'pending');
      if (running >= window || index < 0) break;
      const item = batch.items[index]!;
      item.state = 'running';
      item.starting = true;
      // On disk before the job exists: a restart now finds the item by its job, or starts it.
      await this.#save();
      try {
        const job = await this.#o.jobs.runOp(item.modelId, batch.op, item.folder, {
          id: batch.id,
          item: index,
          ...(batch.charged !== undefined ? { paid: batch.charged } : {}),
        });
        item.jobId = job.id;
        delete item.starting;
        this.#apply(item, job);
      } catch (error) {
        delete item.starting;
        item.state = 'failed';
        item.reason = messageOf(error);
      }
      this.#settle(batch);
      await this.#save();
      await this.#writeCsv(batch);
      this.#changed(batch);
    }
  }

  async #jobChanged(view: JobView): Promise<void> {
    if (this.#closed || view.batchId === undefined || view.batchItem === undefined) return;
    const batch = this.#batches.get(view.batchId);
    const item = batch?.items[view.batchItem];
    if (!batch || !item || (item.jobId !== undefined && item.jobId !== view.id)) return;
    item.jobId = view.id;
    const before = item.state;
    this.#apply(item, view);
    this.#settle(batch);
    if (before === item.state && !FINISHED.has(item.state)) {
      this.#changed(batch);
      return;
    }
    await this.#save();
    await this.#writeCsv(batch);
    this.#changed(batch);
    this.#pump(batch);
  }

  /** The item's state from its job's. */
  #apply(item: BatchItemRecord, job: JobView): void {
    if (job.costUsd !== undefined) item.costUsd = job.costUsd;
    if (job.refundedUsd !== undefined) item.refundedUsd = job.refundedUsd;
    switch (job.state) {
      case 'done':
        item.state = 'done';
        // A rig or parts makes a new version of the model: its id is the result.
        item.file = job.savedPath ?? (job.modelId ? `new version ${job.modelId}` : undefined);
        delete item.reason;
        break;
      case 'failed':
        item.state = 'failed';
        item.reason = job.error?.message ?? 'the service could not finish it';
        break;
      case 'cancelled':
        item.state = 'cancelled';
        item.reason = job.note?.message ?? 'cancelled';
        break;
      case 'outcome_unknown':
        item.state = 'outcome_unknown';
        item.reason =
          job.error?.message ?? job.note?.message ?? 'Kiln could not learn whether it was sent';
        break;
      default:
        item.state = 'running';
    }
  }

  /** A running batch whose items have all finished is done. */
  #settle(batch: BatchRecord): void {
    if (batch.state === 'running' && batch.items.every((i) => FINISHED.has(i.state))) {
      batch.state = 'done';
    }
  }

  #save(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return this.#o.journal.save(() => [...this.#batches.values()]);
  }

  async #writeCsv(batch: BatchRecord): Promise<void> {
    if (this.#closed) return;
    let writer = this.#csvWriters.get(batch.id);
    if (!writer) {
      writer = new CoalescedFile(batch.csv);
      this.#csvWriters.set(batch.id, writer);
    }
    await writer
      .write(() => batchCsv(batch))
      .catch((error: unknown) =>
        this.#o.logger.warn('batch CSV not written', { batch: batch.id, error: String(error) }),
      );
  }

  #changed(batch: BatchRecord): void {
    if (!this.#closed) this.#o.emit('batch.updated', this.#view(batch));
  }

  #view(batch: BatchRecord): BatchView {
    const items: BatchItemView[] = batch.items.map((i) => ({
      modelId: i.modelId,
      name: i.name,
      ...(i.version !== undefined ? { version: i.version } : {}),
      state: i.state,
      ...(i.jobId ? { jobId: i.jobId } : {}),
      ...(i.file ? { file: i.file } : {}),
      ...(i.costUsd ? { costUsd: i.costUsd } : {}),
      ...(i.refundedUsd ? { refundedUsd: i.refundedUsd } : {}),
      ...(i.reason ? { reason: i.reason } : {}),
    }));
    let cost: Usd = '0.00';
    for (const item of batch.items) {
      const net = netCost(item);
      if (net) cost = addUsd(cost, net);
    }
    return {
      id: batch.id,
      createdAt: batch.createdAt,
      label: batch.label,
      op: batch.op,
      folder: batch.folder,
      csv: batch.csv,
      state: batch.state,
      items,
      leftOut: batch.leftOut,
      finished: batch.items.filter((i) => FINISHED.has(i.state)).length,
      failed: batch.items.filter((i) => i.state === 'failed').length,
      costUsd: cost,
      ...(batch.mode
        ? {
            connection: {
              mode: batch.mode,
              origin: batch.origin,
              ...(batch.mode === 'live' && batch.keyId ? { keyId: batch.keyId } : {}),
            },
          }
        : {}),
    };
  }

  /** The connection a new batch records: its mode, and the key of a live one. */
  #connection(): Pick<BatchRecord, 'mode' | 'keyId'> {
    const now = this.#o.connection?.();
    if (!now) return {};
    return { mode: now.mode, ...(now.mode === 'live' && now.keyId ? { keyId: now.keyId } : {}) };
  }
}
