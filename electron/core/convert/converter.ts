/**
 * Runs {@link toCompatibleGlb} in a worker thread, one conversion at a time: converting is CPU
 * work of seconds (Draco, image re-encoding), and Kiln's main process must keep answering the
 * window and polling jobs meanwhile. The worker starts on the first conversion and stops after a
 * quiet minute, so an idle Kiln holds no extra thread.
 */
import { Worker } from 'node:worker_threads';
import type {
  CompatibleOptions,
  ConvertProgress,
  ConvertReport,
  ConvertResult,
} from './compatible-glb';
import { ConvertError } from './compatible-glb';

/** A message to the worker. */
export interface WorkerRequest {
  readonly id: number;
  readonly input: ArrayBuffer;
  readonly options: CompatibleOptions;
}

/** The worker's answer, or how far it is. */
export type WorkerReply =
  | { readonly id: number; readonly progress: number }
  | {
      readonly id: number;
      readonly ok: true;
      readonly glb: Uint8Array;
      readonly report: ConvertReport;
    }
  | { readonly id: number; readonly ok: false; readonly message: string; readonly known: boolean };

/** Options of {@link Converter}. */
export type ConverterOptions = Readonly<{
  /**
   * The worker's entry: the built `convert-worker.js` in the app, the TypeScript source when
   * Kiln runs from source (browser host, tests), which is then loaded through tsx.
   */
  workerFile?: URL;
  /** The worker stops after this long without work; default 60 s. */
  idleMs?: number;
}>;

/** Options of one {@link Converter.convert}. */
export type ConvertCallOptions = Readonly<{
  /** Aborting it rejects the conversion at once (a running one stops its worker). */
  signal?: AbortSignal;
  /** How far the conversion is, 0–1. */
  onProgress?: ConvertProgress;
}>;

interface Pending {
  readonly request: WorkerRequest;
  readonly resolve: (result: ConvertResult) => void;
  readonly reject: (error: unknown) => void;
  readonly signal: AbortSignal | undefined;
  readonly onProgress: ConvertProgress | undefined;
  readonly onAbort: () => void;
}

/** The conversions' worker thread and their queue. */
export class Converter {
  readonly #file: URL;
  readonly #idleMs: number;
  #worker: Worker | undefined;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #queue: Pending[] = [];
  #running: Pending | undefined;
  #nextId = 1;

  constructor(options: ConverterOptions = {}) {
    this.#file = options.workerFile ?? new URL('./convert-worker.ts', import.meta.url);
    this.#idleMs = options.idleMs ?? 60_000;
  }

  /**
   * Converts `input` off the main thread. The bytes are copied, so the caller keeps its buffer.
   * @throws ConvertError with a sentence for the user; `AbortError` when `signal` aborts
   */
  convert(
    input: Uint8Array,
    options: CompatibleOptions = {},
    call: ConvertCallOptions = {},
  ): Promise<ConvertResult> {
    const { signal, onProgress } = call;
    signal?.throwIfAborted();
    return new Promise<ConvertResult>((resolve, reject) => {
      const request: WorkerRequest = {
        id: this.#nextId++,
        input: input.slice().buffer as ArrayBuffer,
        options,
      };
      const pending: Pending = {
        request,
        resolve,
        reject,
        signal,
        onProgress,
        onAbort: () => this.#abort(pending),
      };
      signal?.addEventListener('abort', pending.onAbort, { once: true });
      this.#queue.push(pending);
      this.#next();
    });
  }

  /**
   * Stops the worker; queued and running conversions are rejected. Resolves once the worker
   * thread has ended.
   */
  async close(): Promise<void> {
    const error = new ConvertError('Kiln is closing: the conversion was stopped.');
    for (const p of [...this.#queue, ...(this.#running ? [this.#running] : [])])
      this.#settle(p, error);
    this.#queue = [];
    this.#running = undefined;
    await this.#stopWorker();
  }

  #next(): void {
    if (this.#running || this.#queue.length === 0) return;
    clearTimeout(this.#idle);
    const pending = this.#queue.shift()!;
    this.#running = pending;
    this.#ensureWorker().postMessage(pending.request, [pending.request.input]);
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = this.#file.pathname.endsWith('.ts')
      ? // From source: register tsx's loader inside the worker, then load the entry.
        new Worker(
          `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(this.#file.href)}); })`,
          { eval: true },
        )
      : new Worker(this.#file);
    worker.on('message', (reply: WorkerReply) => this.#reply(reply));
    worker.on('error', (error) => this.#crashed(worker, error));
    worker.on('exit', (code) => {
      if (this.#worker === worker) {
        this.#worker = undefined;
        if (code !== 0) this.#crashed(worker, new Error(`exit code ${code}`));
      }
    });
    this.#worker = worker;
    return worker;
  }

  #reply(reply: WorkerReply): void {
    const pending = this.#running;
    if (!pending || pending.request.id !== reply.id) return;
    if ('progress' in reply) {
      pending.onProgress?.(reply.progress);
      return;
    }
    this.#running = undefined;
    if (reply.ok)
      this.#settle(pending, undefined, { glb: new Uint8Array(reply.glb), report: reply.report });
    else {
      this.#settle(
        pending,
        reply.known
          ? new ConvertError(reply.message)
          : new ConvertError(`Kiln could not convert this model: ${reply.message}`),
      );
    }
    this.#afterJob();
  }

  /** The worker died (out of memory, a native crash): fail its job, start afresh next time. */
  #crashed(worker: Worker, error: Error): void {
    if (this.#worker === worker) this.#worker = undefined;
    void worker.terminate();
    const pending = this.#running;
    this.#running = undefined;
    if (pending) {
      this.#settle(
        pending,
        new ConvertError(
          `The conversion stopped unexpectedly (${error.message}). The model may be too large: try a smaller texture size.`,
        ),
      );
    }
    this.#afterJob();
  }

  #abort(pending: Pending): void {
    const reason = pending.signal?.reason ?? new DOMException('Aborted', 'AbortError');
    if (this.#running === pending) {
      // A conversion cannot be interrupted inside the worker: stop the thread itself.
      this.#running = undefined;
      void this.#stopWorker();
      this.#settle(pending, reason);
      this.#afterJob();
      return;
    }
    this.#queue = this.#queue.filter((p) => p !== pending);
    this.#settle(pending, reason);
  }

  #afterJob(): void {
    if (this.#queue.length > 0) return this.#next();
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => void this.#stopWorker(), this.#idleMs);
    this.#idle.unref?.();
  }

  /** Ends the worker thread; resolves once it has. */
  async #stopWorker(): Promise<void> {
    clearTimeout(this.#idle);
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #settle(pending: Pending, error: unknown, result?: ConvertResult): void {
    pending.signal?.removeEventListener('abort', pending.onAbort);
    if (result) pending.resolve(result);
    else pending.reject(error);
  }
}
