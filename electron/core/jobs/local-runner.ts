/**
 * Kiln's own conversions: a model's GLB made into a "compatible GLB" (PNG/JPEG textures, no
 * required `EXT_texture_webp`) on this computer. No paid call leaves, so none of the paid-call
 * protocol's rules about sending applies; everything else is as for the other runners: the job is
 * journaled before it starts, reports its stage and progress, saves its result by the same rule
 * (`job-files.ts`), can be cancelled at any point and run again, and after a restart starts over
 * (converting is free and gives the same file), adopting a result an earlier run already saved.
 *
 * Steps: `waiting` (in this runner's queue) → `downloading` (the model's GLB into the model cache,
 * free, through the scheduler like every request) → `processing` (the conversion, in the
 * converter's worker thread, with progress) → `done` with the saved path.
 */
import { readFile } from 'node:fs/promises';
import type { CompatibleOp, JobView } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import { ApiError, isAmbiguous } from '../api/errors';
import { ConvertError, type CompatibleOptions } from '../convert/compatible-glb';
import type { Converter } from '../convert/converter';
import { sanitizeFilename } from '../files/filename';
import type { ModelCache } from '../library/model-cache';
import { recoverSave, saveJobResult } from './job-files';
import { codeOf, messageOf } from './job-messages';
import { convertedNote, JOB_NOTES, unreachableNote } from '../../../shared/job-notes';
import type { Words } from '../../../shared/words';
import { isMoving } from '../../../shared/jobs';
import { toView, type JobRecord } from './job-record';
import type { JobRunner, NewJob, RunnerOptions } from './job-runner';
import { runUnlessClosed } from '../util/in-flight';
import type { RecordPatch } from './job-store';
import { JobTimers } from './job-timers';

/** Options of {@link LocalRunner}. */
export type LocalRunnerOptions = RunnerOptions &
  Readonly<{
    cache: Pick<ModelCache, 'ensure' | 'pathOf'>;
    converter: Pick<Converter, 'convert'>;
    /** Conversions under way at once (one downloads while another converts). Default 2. */
    concurrency?: number;
  }>;

/** Downloads of the model that failed in transit, tried again before the job fails. */
const MAX_TRANSIENT = 5;
/** Progress is reported in steps of at least this many percent. */
const PROGRESS_STEP = 5;

/** The converter's options for an operation. */
export function convertOptions(op: CompatibleOp): CompatibleOptions {
  return {
    compression: op.compression ?? 'none',
    ...(op.maxTextureSize !== undefined ? { maxTextureSize: op.maxTextureSize } : {}),
    ...(op.sizeBudgetMb !== undefined
      ? { sizeBudgetBytes: Math.floor(op.sizeBudgetMb * 1024 * 1024) }
      : {}),
  };
}

/** Runs local conversions. */
export class LocalRunner implements JobRunner {
  readonly #o: LocalRunnerOptions;
  readonly #timers: JobTimers;
  /** Conversions under way, by job: aborting one stops it where it is. */
  readonly #running = new Map<string, AbortController>();
  /** Aborted by {@link close}: work stops, nothing more is journaled, jobs resume next start. */
  readonly #closing = new AbortController();

  constructor(options: LocalRunnerOptions) {
    this.#o = options;
    this.#timers = new JobTimers(options.clock);
  }

  /** Journals a new conversion and queues it. Resolves once it is on disk. */
  async create(job: NewJob): Promise<JobView> {
    const modelId = job.input.kind === 'local' ? job.input.modelId : undefined;
    const view = await this.#o.store.add({
      ...job,
      view: { ...job.view, state: 'waiting', ...(modelId ? { modelId } : {}) },
    });
    this.pump();
    return view;
  }

  /** Carries on a conversion of an earlier run: adopts its saved result, or starts it over. */
  async resume(record: JobRecord): Promise<void> {
    const saved = await recoverSave(record, (id, patch) => this.#update(id, patch));
    if (saved) {
      await this.#done(record.view.id, saved, undefined);
      return;
    }
    if (record.view.state !== 'waiting') {
      await this.#update(record.view.id, {
        view: { state: 'waiting', progress: undefined, note: undefined },
      });
    }
  }

  /** Starts queued conversions of the current connection, oldest first, up to the concurrency. */
  pump(): void {
    if (this.#closing.signal.aborted) return;
    const limit = this.#o.concurrency ?? 2;
    const waiting = this.#o.store
      .all()
      .filter(
        (r) =>
          r.input.kind === 'local' &&
          r.view.state === 'waiting' &&
          r.origin === this.#o.api.origin &&
          !this.#running.has(r.view.id),
      )
      .sort((a, b) => a.view.createdAt - b.view.createdAt);
    for (const record of waiting) {
      if (this.#running.size >= limit) return;
      const controller = new AbortController();
      this.#running.set(record.view.id, controller);
      this.#spawn(record.view.id, controller, 0);
    }
  }

  /**
   * Stops a conversion at any point before it is done: nothing was sent or charged, and a
   * half-saved file is removed.
   * @throws KilnError `not_cancellable` once it is done
   */
  async cancel(id: string): Promise<JobView> {
    const record = this.#o.store.get(id);
    if (!record) throw new KilnError('unknown_job', 'Kiln does not know this job.');
    if (!isMoving(record.view.state)) {
      throw new KilnError('not_cancellable', 'This conversion has already finished.');
    }
    this.#timers.clear(id);
    this.#running.get(id)?.abort(new KilnError('cancelled', 'Cancelled.'));
    this.#running.delete(id);
    const next = await this.#update(id, {
      view: {
        state: 'cancelled',
        progress: undefined,
        note: JOB_NOTES.cancelledFree,
        finishedAt: this.#o.clock.now(),
      },
    });
    this.pump();
    return toView(next ?? record);
  }

  /** Runs a failed or cancelled conversion again, as the same job. */
  async again(record: JobRecord): Promise<JobView | undefined> {
    if (record.view.state !== 'failed' && record.view.state !== 'cancelled') return undefined;
    const next = await this.#update(record.view.id, {
      view: {
        state: 'waiting',
        error: undefined,
        note: undefined,
        finishedAt: undefined,
        progress: undefined,
        savedPath: undefined,
      },
    });
    this.pump();
    return toView(next ?? record);
  }

  /** Stops conversions and timers; the jobs stay journaled and start over on the next start. */
  close(): void {
    this.#closing.abort();
    for (const controller of this.#running.values()) controller.abort();
    this.#running.clear();
    this.#timers.clearAll();
  }

  get #dead(): boolean {
    return this.#closing.signal.aborted || this.#o.store.closed;
  }

  #update(id: string, patch: RecordPatch, durable = true): Promise<JobRecord | undefined> {
    if (this.#closing.signal.aborted) return Promise.resolve(this.#o.store.get(id));
    return this.#o.store.update(id, patch, durable);
  }

  #spawn(id: string, controller: AbortController, transient: number): void {
    // The core's close stops the conversion and its save, and waits for them.
    runUnlessClosed(this.#o.inFlight, () => this.#run(id, controller, transient))
      .catch((error: unknown) =>
        this.#o.logger.error('conversion step failed', {
          code: codeOf(error),
          error: String(error),
        }),
      )
      .finally(() => {
        // Another attempt after a backoff keeps its place; anything else frees it.
        if (this.#running.get(id) === controller && !this.#timers.has(id)) {
          this.#running.delete(id);
          this.pump();
        }
      });
  }

  async #run(id: string, controller: AbortController, transient: number): Promise<void> {
    const record = this.#o.store.get(id);
    if (!record || record.input.kind !== 'local' || !isMoving(record.view.state)) return;
    const input = record.input;
    const signal = AbortSignal.any([controller.signal, this.#closing.signal]);
    try {
      await this.#update(id, {
        view: { state: 'downloading', progress: undefined, note: undefined },
      });
      const cached = await this.#o.cache.ensure(input.modelId);
      signal.throwIfAborted();
      const bytes = await readFile(this.#o.cache.pathOf(cached));
      signal.throwIfAborted();
      await this.#update(id, { view: { state: 'processing', progress: 0 } });
      let shown = 0;
      const result = await this.#o.converter.convert(bytes, convertOptions(input.op), {
        signal,
        onProgress: (fraction) => {
          const percent = Math.floor(fraction * 100);
          if (percent - shown < PROGRESS_STEP || this.#dead) return;
          shown = percent;
          void this.#update(id, { view: { progress: percent } }, false);
        },
      });
      signal.throwIfAborted();
      const fileName = sanitizeFilename(`${cached.name}.glb`, {
        fallbackStem: input.modelId,
        extensions: ['glb'],
      });
      const saved = await saveJobResult(
        { update: (i, patch) => this.#update(i, patch), clock: this.#o.clock, signal },
        id,
        {
          response: new Response(result.glb as Uint8Array<ArrayBuffer>),
          folder: input.folder,
          fileName,
        },
      );
      if (this.#dead) return;
      await this.#done(id, saved.path, convertedNote(result.report));
    } catch (error) {
      // Cancelled (already journaled as such) or Kiln closing (it starts over next time).
      if (signal.aborted || this.#dead) return;
      await this.#failed(id, controller, error, transient);
    }
  }

  async #done(id: string, savedPath: string, note: Words | undefined): Promise<void> {
    await this.#update(id, {
      partial: undefined,
      claimed: undefined,
      view: {
        state: 'done',
        savedPath,
        progress: 100,
        finishedAt: this.#o.clock.now(),
        note,
      },
    });
  }

  async #failed(
    id: string,
    controller: AbortController,
    error: unknown,
    transient: number,
  ): Promise<void> {
    await this.#update(id, { partial: undefined, claimed: undefined });
    const inTransit =
      isAmbiguous(error) ||
      (error instanceof ApiError && ['unreachable', 'download_failed'].includes(error.code));
    if (inTransit && transient + 1 < MAX_TRANSIENT) {
      // Fetching the model is free: try again after a pause, keeping the job's place.
      const delay = Math.min(60_000, 5000 * 2 ** transient);
      await this.#update(
        id,
        { view: { state: 'waiting', note: unreachableNote(delay / 1000) } },
        false,
      );
      this.#timers.after(id, delay, () => this.#spawn(id, controller, transient + 1));
      return;
    }
    this.#o.logger.warn('conversion failed', { job: id, code: codeOf(error) });
    await this.#update(id, {
      view: {
        state: 'failed',
        progress: undefined,
        finishedAt: this.#o.clock.now(),
        error: {
          code: error instanceof ConvertError ? 'convert_failed' : codeOf(error),
          // A ConvertError's sentence is written for the user (what happened, what to do).
          message: error instanceof ConvertError ? error.message : messageOf(error),
        },
      },
    });
  }
}
