/**
 * Every job Kiln runs, behind one face: generations (photo, multi-view, text, retexture) through
 * the {@link GenerationRunner}, post-processing through the {@link OpsRunner} (one
 * {@link JobRunner} interface, one paid-call protocol), Kiln's own conversions through the
 * {@link LocalRunner}, one journal, one list for the renderer, and the user's decisions (cancel,
 * retry, resolve an unknown outcome).
 *
 * Jobs belong to the service origin they were started on: after a switch between the sandbox and
 * the live service they wait, and carry on when Kiln uses their origin again.
 */
import { COMPATIBLE_OPERATION, postOperation } from '../../../shared/api/operations';
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ModelTier } from '../../../shared/api/rules';
import type {
  AccountView,
  GenerationOptions,
  JobView,
  Op,
  OpRepeatView,
  SettingsView,
  ToolOp,
} from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import { jobOf } from '../../../shared/tools';
import { inEnglish } from '../i18n/english';
import type { Words } from '../../../shared/words';
import type { AccountService } from '../account/account-service';
import type { ApiClient } from '../api/client';
import { generationCall, opCall, sameCall } from '../api/query';
import type { Converter } from '../convert/converter';
import { exportFolder } from '../files/export-folder';
import type { FileStager } from '../files/file-stager';
import type { ModelCache } from '../library/model-cache';
import type { Clock, Emit, Logger } from '../ports';
import type { SessionListener } from '../session';
import { GenerationRunner } from './generation-runner';
import type { JobJournal } from './job-journal';
import { isMoving } from '../../../shared/jobs';
import {
  conceptSource,
  isNote,
  JOB_NOTES,
  retextureSource,
  viewsSource,
} from '../../../shared/job-notes';
import { toView, type JobInput, type JobRecord } from './job-record';
import {
  runnerKind,
  type JobRunner,
  type NewJob,
  type RunnerKind,
  type ServiceRunner,
} from './job-runner';
import { JobStore } from './job-store';
import { LocalRunner } from './local-runner';
import { OpsRunner } from './ops-runner';
import type { PollTiming } from './poll-delay';
import type { InFlight } from '../util/in-flight';

/** Options of {@link JobService}. */
export type JobServiceOptions = Readonly<{
  api: ApiClient;
  files: FileStager;
  cache: ModelCache;
  /** Runs local conversions (a compatible GLB) off the main thread. */
  converter: Pick<Converter, 'convert'>;
  journal: JobJournal;
  account: AccountService;
  clock: Clock;
  emit: Emit;
  logger: Logger;
  settings: () => SettingsView;
  /** Requests a minute the scheduler allows. */
  budgetPerMinute: number;
  pollTiming?: PollTiming;
  /** Called after any job changes (the account view shows the queue). */
  onChange?: () => void;
  /**
   * The connection now (`Session.identity()`: the sandbox, or live with the active key's id).
   * Each new job records it, so the renderer lists a connection's jobs only. Default: live, no key.
   */
  connection?: () => Readonly<{ mode: 'sandbox' | 'live'; keyId?: string | undefined }>;
  /** The core's work in flight: runners save results in it (see `RunnerOptions.inFlight`). */
  inFlight?: InFlight;
}>;

/** The note of a job waiting for the connection it was started on. */
/** A job's label: in English for logs and the CSV, and the words the page shows in its language. */
function labelled(words: Words): { source: string; sourceWords: Words } {
  return { source: inEnglish(words), sourceWords: words };
}

/** The runners of the current connection, one per kind of job. */
type Runners = Readonly<{ generation: GenerationRunner; op: OpsRunner; local: LocalRunner }> &
  Readonly<Record<RunnerKind, JobRunner>>;

/** Runs and remembers every job; follows the session's changes of connection. */
export class JobService implements SessionListener {
  readonly #o: JobServiceOptions;
  readonly #store: JobStore;
  readonly #listeners = new Set<(view: JobView) => void>();
  #runners: Runners;

  constructor(options: JobServiceOptions) {
    this.#o = options;
    this.#store = new JobStore({
      journal: options.journal,
      emit: options.emit,
      logger: options.logger,
      ...(options.onChange ? { onChange: options.onChange } : {}),
      onJobChanged: (view) => {
        for (const listener of this.#listeners) listener(view);
      },
    });
    this.#runners = this.#newRunners();
  }

  /** Loads the journal and carries on every job of the current origin that was under way. */
  async resume(): Promise<void> {
    this.#store.adopt(await this.#o.journal.load(this.#o.api.origin));
    await this.#resumeAll();
  }

  /** Every job, newest first. */
  list(): JobView[] {
    return this.#store.views();
  }

  /** Calls `listener` with every job that changes; returns the unsubscribe. */
  subscribe(listener: (view: JobView) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * True when running `op` on `modelId` again is not charged (§3.2): {@link repeatOf} found the
   * same call on this connection done or under way. Kiln's own conversions are never charged.
   */
  isRepeat(modelId: string, op: ToolOp): boolean {
    return op.kind !== 'compatible' && this.repeatOf(modelId, op).repeatOf !== undefined;
  }

  /**
   * Whether running `op` is charged by the price list now (Kiln's own conversions never are):
   * the one answer to "is this build paid?", for a job and for a batch, which journals it and
   * hands it to its items' jobs so the two cannot disagree when prices change in between.
   */
  async isPaidOp(op: ToolOp): Promise<boolean> {
    return op.kind !== 'compatible' && this.#o.account.isPaid(postOperation(op));
  }

  /** Kiln's generation queue now. */
  queue(): AccountView['queue'] {
    return this.#runners.generation.queue();
  }

  /** Kiln's tasks the service of the current connection runs now (accepted, not ended). */
  tasksRunning(): number {
    const origin = this.#o.api.origin;
    return this.#store
      .all()
      .filter(
        (r) =>
          r.origin === origin &&
          runnerKind(r.input) === 'generation' &&
          (r.view.state === 'queued' || r.view.state === 'processing'),
      ).length;
  }

  /**
   * The job of this service that made, or is making, the build `op` on `modelId` would ask for
   * (identical call): the service answers a repeat with the same build, not charged again (§3.2).
   * A failed build is no such job: a later identical call may start a new, charged one.
   */
  repeatOf(modelId: string, op: Op): OpRepeatView {
    const call = opCall(modelId, op);
    const origin = this.#o.api.origin;
    let found: { record: JobRecord; state: 'done' | 'running' } | undefined;
    for (const record of this.#store.all()) {
      const input = record.input;
      if (input.kind !== 'op' || record.origin !== origin || !sameCall(input.call, call)) continue;
      const state =
        record.view.state === 'done'
          ? 'done'
          : isMoving(record.view.state) && record.answered
            ? 'running'
            : undefined;
      if (state && (!found || record.view.createdAt > found.record.view.createdAt)) {
        found = { record, state };
      }
    }
    return found ? { repeatOf: { jobId: found.record.view.id, state: found.state } } : {};
  }

  /**
   * True while a job has not sent its upload yet (waiting, or starting): its staged photo must
   * stay. Read from the records, so a job whose journal write is still under way counts too.
   */
  holdsUploads(): boolean {
    return this.#store.all().some((r) => r.view.state === 'waiting' || r.view.state === 'starting');
  }

  /** Paid calls being sent right now (the connection must not change under them). */
  busy(): number {
    return this.#serviceRunners().reduce((n, runner) => n + runner.busy, 0);
  }

  /**
   * Holds every paid call at its last step before it leaves while the connection is being
   * changed (a key, the service address): none can leave between the check that nothing is on
   * its way and the change. Once the change is made they are withdrawn and carry on with the new
   * connection; released without a change, they go on.
   * @returns the release
   */
  holdPaidCalls(): () => void {
    const releases = this.#serviceRunners().map((runner) => runner.hold());
    return () => {
      for (const release of releases) release();
    };
  }

  /**
   * Starts a photo generation. Its call is built (the options checked) once, here, and journaled
   * with the job: the job sends exactly it. Resolves once the job is journaled; the rest reports
   * by event.
   * @throws ValidationError for an option the service refuses (no job is made)
   */
  async startPhoto(
    fileId: string,
    tier: ModelTier,
    options: GenerationOptions = {},
  ): Promise<JobView> {
    const file = this.#o.files.get(fileId);
    const call = generationCall({ kind: 'photo', tier, options });
    return this.#startGeneration(
      { kind: 'photo', tier, file: upload(file), call },
      { kind: 'photo', tier, source: file.name },
    );
  }

  /** Starts a multi-view generation from 2–4 staged views, front first (see {@link startPhoto}). */
  async startMulti(
    fileIds: readonly string[],
    tier: ModelTier,
    options: GenerationOptions = {},
  ): Promise<JobView> {
    const files = fileIds.map((id) => this.#o.files.get(id));
    const call = generationCall({ kind: 'multi', tier, options });
    return this.#startGeneration(
      { kind: 'multi', tier, files: files.map(upload), call },
      {
        kind: 'multi',
        tier,
        ...labelled(viewsSource(files[0]!.name, files.length - 1)),
      },
    );
  }

  /** Starts a model from a concept picture; `tier` is the text route's `mode` (see {@link startPhoto}). */
  async startText(
    conceptId: string,
    tier: ModelTier,
    options: GenerationOptions = {},
    label?: string,
  ): Promise<JobView> {
    const call = generationCall({ kind: 'text', conceptId, tier, options });
    return this.#startGeneration(
      { kind: 'text', tier, call },
      {
        kind: 'text',
        tier,
        ...(label?.trim() ? { source: label.trim() } : labelled(conceptSource(conceptId))),
      },
    );
  }

  /** Paints a model anew from a staged photo, a new version (see {@link startPhoto}). */
  async retexture(
    modelId: string,
    fileId: string,
    options: Readonly<{ textureSize?: number; seed?: number }> = {},
  ): Promise<JobView> {
    const file = this.#o.files.get(fileId);
    const call = generationCall({ kind: 'retexture', modelId, options });
    return this.#startGeneration(
      { kind: 'retexture', file: upload(file), call },
      { kind: 'retexture', ...labelled(retextureSource(file.name)), sourceModelId: modelId },
    );
  }

  /** Journals a generation with its call (whose operation it is charged as) and queues it. */
  #startGeneration(
    input: Extract<JobInput, { kind: 'photo' | 'multi' | 'text' | 'retexture' }>,
    view: Pick<NewJob['view'], 'kind' | 'source'> & Partial<NewJob['view']>,
  ): Promise<JobView> {
    return this.#create(this.#record(input, view, input.call.operation, true));
  }

  /**
   * Runs a post-processing operation, or Kiln's own compatible-GLB conversion; the result is
   * saved in `folder` (default: the settings' export folder).
   * @throws KilnError `invalid_folder`, or a ValidationError for a parameter the service refuses
   */
  async runOp(
    modelId: string,
    op: ToolOp,
    folder?: string,
    batch?: Readonly<{ id: string; item: number; paid?: boolean }>,
  ): Promise<JobView> {
    const target = exportFolder(folder, this.#o.settings().exportDir);
    // The model is named as the user knows it when Kiln has opened it (else by its id).
    const name = (await this.#o.cache.info()).models.find((m) => m.modelId === modelId)?.name;
    const view = {
      kind: op.kind,
      ...labelled(jobOf(op, name ?? modelId)),
      sourceModelId: modelId,
      ...(batch ? { batchId: batch.id, batchItem: batch.item } : {}),
    };
    if (op.kind === 'compatible') {
      return this.#create(
        this.#record(
          { kind: 'local', op, modelId, folder: path.normalize(target) },
          view,
          COMPATIBLE_OPERATION,
          false,
        ),
      );
    }
    const call = opCall(modelId, op);
    const paid = batch?.paid ?? (await this.isPaidOp(op));
    return this.#create(
      this.#record(
        { kind: 'op', op, call, folder: path.normalize(target) },
        view,
        call.operation,
        paid,
      ),
    );
  }

  /**
   * Cancels a job whose paid call has not been sent.
   * @throws KilnError `not_cancellable` once it may have left
   */
  cancel(id: string): Promise<JobView> {
    return this.#runnerOf(this.#get(id)).cancel(id);
  }

  /**
   * Tries a job again when that cannot charge twice for the same work: a refusal the user fixed
   * (balance, key), a job cancelled before it was sent, a failed task or build (its charge was
   * refunded), or a build of unknown outcome (the identical call; a build is charged once).
   * @throws KilnError `not_retryable` otherwise (a generation of unknown outcome: see
   *   {@link JobService.resolveUnknown})
   */
  async retry(id: string): Promise<JobView> {
    const record = this.#get(id);
    if (!toView(record).canRetry) {
      throw new KilnError(
        'not_retryable',
        record.view.state === 'outcome_unknown'
          ? 'Kiln cannot tell whether this job was charged, so it will not send it again by itself. Check your library and balance, then choose “Try again anyway” or “Dismiss”.'
          : isMoving(record.view.state)
            ? 'This job is still running.'
            : 'This job finished; start a new one instead.',
      );
    }
    return (await this.#runnerOf(record).again(record)) ?? this.#again(record);
  }

  /**
   * The user's decision about a paid call of unknown outcome: `dismiss` leaves it; `retry` sends it
   * again as a new job (for a build: the identical call), accepting that a generation may be
   * charged twice if the first did go through.
   */
  async resolveUnknown(id: string, resolution: 'dismiss' | 'retry'): Promise<JobView> {
    const record = this.#get(id);
    if (record.view.state !== 'outcome_unknown') {
      throw new KilnError('not_unknown', 'This job’s outcome is known; nothing to decide.');
    }
    if (resolution === 'retry') {
      // The identical call, where it cannot charge twice (a build); else a new job, below.
      const same = await this.#runnerOf(record).again(record);
      if (same) return same;
    }
    const note = resolution === 'dismiss' ? JOB_NOTES.dismissed : JOB_NOTES.replaced;
    const next = await this.#store.update(id, { view: { state: 'cancelled', note } });
    if (resolution === 'retry') return this.#again(record);
    return toView(next ?? record);
  }

  /**
   * Follows a change of connection (a key added, replaced or removed, the base URL changed) at
   * once: the runners of the old connection stop (calls not yet sent are withdrawn), and the jobs
   * are resumed in the background (nothing here may keep a key change waiting on the network),
   * jobs of the new origin carrying on, the others waiting for theirs. Each job reports its new
   * state as it is resumed, so Activity shows the progress.
   */
  connectionChanged(): void {
    for (const runner of this.#all()) runner.close();
    this.#runners = this.#newRunners();
    this.#resumeAll().catch((error: unknown) =>
      this.#o.logger.error('resuming jobs failed', { error: String(error) }),
    );
  }

  /** Stops timers and writes (app quitting). Jobs stay journaled and resume on the next start. */
  close(): void {
    this.#store.close();
    for (const runner of this.#all()) runner.close();
  }

  /**
   * Carries on every active job with the current runners, oldest first; stops when the runners
   * are replaced meanwhile (a newer change of connection resumes them itself).
   */
  async #resumeAll(): Promise<void> {
    const runners = this.#runners;
    const origin = this.#o.api.origin;
    const ids = this.#store
      .all()
      .sort((a, b) => a.view.createdAt - b.view.createdAt)
      .map((r) => r.view.id);
    for (const id of ids) {
      // Read again at each step: the user may cancel a job while others resume.
      const record = this.#store.get(id);
      if (this.#runners !== runners) return;
      if (!record || !isMoving(record.view.state)) continue;
      if (record.origin !== origin) {
        await this.#store.update(id, { view: { note: JOB_NOTES.otherConnection } }, false);
        continue;
      }
      // Resumed on its own connection: the note of a wait for it no longer holds.
      if (isNote(record.view.note, JOB_NOTES.otherConnection)) {
        await this.#store.update(id, { view: { note: undefined } }, false);
      }
      await runners[runnerKind(record.input)].resume(this.#store.get(id) ?? record);
    }
    for (const runner of Object.values(runners)) runner.pump();
  }

  async #again(record: JobRecord): Promise<JobView> {
    const input = record.input;
    for (const file of filesOf(input)) {
      const there = await stat(file.path).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!there) {
        throw new KilnError(
          'file_gone',
          `“${file.name}” is no longer where it was. Drop it again to start a new job.`,
        );
      }
    }
    const { view } = record;
    const next = this.#record(
      input,
      {
        kind: view.kind,
        source: view.source,
        ...(view.sourceWords ? { sourceWords: view.sourceWords } : {}),
        ...(view.tier ? { tier: view.tier } : {}),
        ...(view.sourceModelId ? { sourceModelId: view.sourceModelId } : {}),
        retryOf: view.id,
      },
      record.operation,
      record.paid,
    );
    return this.#create(next);
  }

  /** Hands a new job to the runner of its kind. */
  #create(job: NewJob): Promise<JobView> {
    return this.#runnerOf(job).create(job);
  }

  #record(
    input: JobInput,
    view: Pick<NewJob['view'], 'kind' | 'source'> & Partial<NewJob['view']>,
    operation: string,
    paid: boolean,
  ): NewJob {
    return {
      view: {
        ...view,
        id: randomUUID(),
        createdAt: this.#o.clock.now(),
      },
      input,
      origin: this.#o.api.origin,
      ...this.#connection(),
      operation,
      paid,
      dispatched: false,
      answered: false,
      retryable: false,
      reasks: 0,
    };
  }

  /** The connection a new job records: its mode, and the key of a live one. */
  #connection(): Pick<JobRecord, 'mode' | 'keyId'> {
    const { mode, keyId } = this.#o.connection?.() ?? { mode: 'live' as const };
    return { mode, ...(keyId ? { keyId } : {}) };
  }

  #get(id: string): JobRecord {
    const record = this.#store.get(id);
    if (!record)
      throw new KilnError('unknown_job', 'Kiln does not know this job. Reload the list.');
    return record;
  }

  #runnerOf(job: Pick<JobRecord, 'input'>): JobRunner {
    return this.#runners[runnerKind(job.input)];
  }

  #all(): JobRunner[] {
    return Object.values(this.#runners);
  }

  /** The runners that poll and send paid calls (local conversions do neither). */
  #serviceRunners(): ServiceRunner[] {
    return [this.#runners.generation, this.#runners.op];
  }

  #newRunners(): Runners {
    const common = {
      api: this.#o.api,
      store: this.#store,
      account: this.#o.account,
      clock: this.#o.clock,
      logger: this.#o.logger,
      budgetPerMinute: this.#o.budgetPerMinute,
      activePollers: () => this.#serviceRunners().reduce((n, runner) => n + runner.polling, 0),
      ...(this.#o.pollTiming ? { pollTiming: this.#o.pollTiming } : {}),
      ...(this.#o.inFlight ? { inFlight: this.#o.inFlight } : {}),
    };
    return {
      generation: new GenerationRunner({
        ...common,
        cache: this.#o.cache,
        capacity: () => this.#o.settings().maxConcurrentJobs,
      }),
      op: new OpsRunner(common),
      local: new LocalRunner({ ...common, cache: this.#o.cache, converter: this.#o.converter }),
    };
  }
}

function upload(file: Readonly<{ path: string; name: string; type: string }>) {
  return { path: file.path, name: file.name, type: file.type };
}

function filesOf(input: JobInput): Array<{ path: string; name: string }> {
  switch (input.kind) {
    case 'photo':
    case 'retexture':
      return [input.file];
    case 'multi':
      return input.files;
    default:
      return [];
  }
}
