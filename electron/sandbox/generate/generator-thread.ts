/**
 * Runs the generator ({@link generateFromViews}) and the retexturer ({@link retextureFromPhoto})
 * in a worker thread, one model at a time. Making a model is seconds of CPU work (segmentation,
 * meshing, atlas rendering, GLB writing); a real service does it elsewhere, and the sandbox lives
 * in Kiln's main process (or the browser host), whose event loop must keep answering the window,
 * polls and downloads meanwhile. The worker starts on the first model and stops after a quiet
 * minute; it keeps the process alive only while a model is being made.
 *
 * The same mechanism as the compatible-GLB conversion's `Converter`
 * (electron/core/convert/converter.ts); the sandbox imports nothing of the core, so it is
 * mirrored here rather than shared.
 */
import { Worker } from 'node:worker_threads';
import { NoObjectError, type GenerateOptions } from './index';
import type { RetextureOptions } from './retexture';

/** What a model is made of, as it crosses the thread boundary. */
export interface ModelBytes {
  glb: Uint8Array;
  thumbnail: Uint8Array;
  triangles: number;
  vertices: number;
}

/** A message to the worker. */
export type GeneratorRequest =
  | {
      readonly id: number;
      readonly op: 'generate';
      readonly views: Uint8Array[];
      readonly options: GenerateOptions;
    }
  | {
      readonly id: number;
      readonly op: 'retexture';
      readonly glb: Uint8Array;
      readonly photo: Uint8Array;
      readonly options: RetextureOptions;
    };

/** The worker's answer. */
export type GeneratorReply =
  | { readonly id: number; readonly ok: true; readonly model: ModelBytes }
  | {
      readonly id: number;
      readonly ok: false;
      readonly name: string;
      readonly message: string;
      readonly stack?: string;
    };

/** A request before it has its id. */
type Unsent = GeneratorRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'id'>
    : never
  : never;

/** Options of {@link GeneratorThread}. */
export type GeneratorThreadOptions = Readonly<{
  /**
   * The worker's entry: the built `generate-worker.js` in the app, the TypeScript source when
   * Kiln runs from source (browser host, tests, the CLI), which is then loaded through tsx.
   */
  workerFile?: URL;
  /** The worker stops after this long without work; default 60 s. */
  idleMs?: number;
}>;

interface Pending {
  readonly request: GeneratorRequest;
  readonly transfer: ArrayBuffer[];
  readonly resolve: (model: ModelBytes) => void;
  readonly reject: (error: unknown) => void;
}

/** A private copy of the caller's bytes, which the caller keeps; the copy is moved to the worker. */
function copy(bytes: Uint8Array, transfer: ArrayBuffer[]): Uint8Array {
  const own = new Uint8Array(bytes);
  transfer.push(own.buffer);
  return own;
}

/**
 * The error the worker threw, as the class the service layer tests for: errors lose their class
 * crossing threads (a `NoObjectError` must still refund a generation with its own sentence).
 */
function revive(reply: { name: string; message: string; stack?: string }): Error {
  const error =
    reply.name === 'NoObjectError'
      ? new NoObjectError(reply.message)
      : reply.name === 'RangeError'
        ? new RangeError(reply.message)
        : reply.name === 'TypeError'
          ? new TypeError(reply.message)
          : new Error(reply.message);
  if (error.name !== reply.name) error.name = reply.name;
  if (reply.stack) error.stack = reply.stack;
  return error;
}

// Named through a variable: Vite would otherwise inline the source file as an asset of the
// bundle, where the built app passes its own `generate-worker.js` anyway.
const SOURCE_ENTRY = './generate-worker.ts';

/** The generator's worker thread and its queue. */
export class GeneratorThread {
  readonly #file: URL;
  readonly #idleMs: number;
  #worker: Worker | undefined;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #queue: Pending[] = [];
  #running: Pending | undefined;
  #nextId = 1;

  constructor(options: GeneratorThreadOptions = {}) {
    this.#file = options.workerFile ?? new URL(SOURCE_ENTRY, import.meta.url);
    this.#idleMs = options.idleMs ?? 60_000;
  }

  /**
   * {@link generateFromViews} in the worker; the views are copied, so the caller keeps them.
   * @throws what the generator throws, of the same class (`NoObjectError`, `RangeError`, …)
   */
  generate(views: readonly Uint8Array[], options: GenerateOptions): Promise<ModelBytes> {
    const transfer: ArrayBuffer[] = [];
    const request = {
      op: 'generate' as const,
      views: views.map((v) => copy(v, transfer)),
      options,
    };
    return this.#send(request, transfer);
  }

  /**
   * {@link retextureFromPhoto} in the worker; the bytes are copied, so the caller keeps them.
   * @throws what the retexturer throws, of the same class
   */
  retexture(glb: Uint8Array, photo: Uint8Array, options: RetextureOptions): Promise<ModelBytes> {
    const transfer: ArrayBuffer[] = [];
    const request = {
      op: 'retexture' as const,
      glb: copy(glb, transfer),
      photo: copy(photo, transfer),
      options,
    };
    return this.#send(request, transfer);
  }

  /**
   * Starts the worker ahead of its first model (loading the generator's libraries in a new thread
   * takes about a second), e.g. when models are sure to be asked for soon. It stops again after
   * the idle time if none is.
   */
  warm(): void {
    if (this.#worker) return;
    this.#ensureWorker();
    if (!this.#running) this.#afterJob();
  }

  /** Stops the worker; queued and running models are rejected. Resolves once it has ended. */
  async close(): Promise<void> {
    const error = new Error('The sandbox is closing: the model was not made.');
    for (const p of [...this.#queue, ...(this.#running ? [this.#running] : [])]) p.reject(error);
    this.#queue = [];
    this.#running = undefined;
    await this.#stopWorker();
  }

  #send(request: Unsent, transfer: ArrayBuffer[]): Promise<ModelBytes> {
    return new Promise<ModelBytes>((resolve, reject) => {
      const full = { ...request, id: this.#nextId++ } as GeneratorRequest;
      this.#queue.push({ request: full, transfer, resolve, reject });
      this.#next();
    });
  }

  #next(): void {
    if (this.#running || this.#queue.length === 0) return;
    clearTimeout(this.#idle);
    const pending = this.#queue.shift()!;
    this.#running = pending;
    const worker = this.#ensureWorker();
    // Busy: the process waits for this model (a script that only awaits it must not exit).
    worker.ref();
    worker.postMessage(pending.request, pending.transfer);
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
    worker.on('message', (reply: GeneratorReply) => this.#reply(reply));
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

  #reply(reply: GeneratorReply): void {
    const pending = this.#running;
    if (!pending || pending.request.id !== reply.id) return;
    this.#running = undefined;
    if (reply.ok) pending.resolve(reply.model);
    else pending.reject(revive(reply));
    this.#afterJob();
  }

  /** The worker died (out of memory, a native crash): fail its model, start afresh next time. */
  #crashed(worker: Worker, error: Error): void {
    if (this.#worker === worker) this.#worker = undefined;
    void worker.terminate();
    const pending = this.#running;
    this.#running = undefined;
    pending?.reject(new Error(`the generator stopped unexpectedly (${error.message})`));
    this.#afterJob();
  }

  #afterJob(): void {
    if (this.#queue.length > 0) return this.#next();
    // Idle: a waiting worker must not keep a finished script (the CLI, a bench) running.
    this.#worker?.unref();
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
}

/** One thread per worker entry, shared by every sandbox of the process (as the cache is). */
const threads = new Map<string, GeneratorThread>();

/**
 * The process-wide generator thread of `workerFile` (default: the TypeScript source).
 * Nothing starts until the first model is asked for.
 */
export function generatorThread(workerFile?: URL): GeneratorThread {
  const key = workerFile?.href ?? '';
  let thread = threads.get(key);
  if (!thread) {
    thread = new GeneratorThread(workerFile ? { workerFile } : {});
    threads.set(key, thread);
  }
  return thread;
}
