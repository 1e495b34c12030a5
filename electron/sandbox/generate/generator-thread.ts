/**
 * Runs the generator ({@link generateFromViews}) and the retexturer ({@link retextureFromPhoto})
 * in a worker thread (`electron/threads/worker-queue.ts`), one model at a time. Making a model is seconds of CPU work (segmentation,
 * meshing, atlas rendering, GLB writing); a real service does it elsewhere, and the sandbox lives
 * in Kiln's main process (or the browser host), whose event loop must keep answering the window,
 * polls and downloads meanwhile. The worker starts on the first model and stops after a quiet
 * minute; it keeps the process alive only while a model is being made.
 *
 * The same queue as the compatible-GLB conversion's `Converter` (electron/core/convert/).
 */
import { WorkerQueue } from '../../threads/worker-queue';
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

/** A model not made because the sandbox is closing. */
class ClosingError extends Error {
  constructor() {
    super('The sandbox is closing: the model was not made.');
  }
}

// Named through a variable: Vite would otherwise inline the source file as an asset of the
// bundle, where the built app passes its own `generate-worker.js` anyway.
const SOURCE_ENTRY = './generate-worker.ts';

/** The generator's worker thread and its queue (one model at a time, `WorkerQueue`). */
export class GeneratorThread {
  readonly #queue: WorkerQueue<GeneratorReply>;

  constructor(options: GeneratorThreadOptions = {}) {
    this.#queue = new WorkerQueue({
      file: options.workerFile ?? new URL(SOURCE_ENTRY, import.meta.url),
      ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}),
    });
  }

  /**
   * {@link generateFromViews} in the worker; the views are copied, so the caller keeps them.
   * @throws what the generator throws, of the same class (`NoObjectError`, `RangeError`, …)
   */
  generate(views: readonly Uint8Array[], options: GenerateOptions): Promise<ModelBytes> {
    const transfer: ArrayBuffer[] = [];
    const message = { op: 'generate', views: views.map((v) => copy(v, transfer)), options };
    return this.#send(message, transfer);
  }

  /**
   * {@link retextureFromPhoto} in the worker; the bytes are copied, so the caller keeps them.
   * @throws what the retexturer throws, of the same class
   */
  retexture(glb: Uint8Array, photo: Uint8Array, options: RetextureOptions): Promise<ModelBytes> {
    const transfer: ArrayBuffer[] = [];
    const message = {
      op: 'retexture',
      glb: copy(glb, transfer),
      photo: copy(photo, transfer),
      options,
    };
    return this.#send(message, transfer);
  }

  /**
   * Starts the worker ahead of its first model (loading the generator's libraries in a new thread
   * takes about a second), e.g. when models are sure to be asked for soon. It stops again after
   * the idle time if none is.
   */
  warm(): void {
    this.#queue.warm();
  }

  /** Stops the worker; queued and running models are rejected. Resolves once it has ended. */
  close(): Promise<void> {
    return this.#queue.close(new ClosingError());
  }

  #send(message: Record<string, unknown>, transfer: ArrayBuffer[]): Promise<ModelBytes> {
    return new Promise<ModelBytes>((resolve, reject) => {
      this.#queue.run({
        message,
        transfer,
        onReply: (reply) => {
          if (reply.ok) resolve(reply.model);
          else reject(revive(reply));
          return true;
        },
        onFailed: (error) =>
          reject(
            error instanceof ClosingError
              ? error
              : new Error(`the generator stopped unexpectedly (${error.message})`),
          ),
      });
    });
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
