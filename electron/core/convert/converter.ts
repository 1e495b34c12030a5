/**
 * Runs {@link toCompatibleGlb} in a worker thread, one conversion at a time: converting is CPU
 * work of seconds (Draco, image re-encoding), and Kiln's main process must keep answering the
 * window and polling jobs meanwhile. The worker starts on the first conversion and stops after a
 * quiet minute, so an idle Kiln holds no extra thread (`electron/threads/worker-queue.ts`, the
 * queue the sandbox's generator runs in too).
 */
import { WorkerQueue } from '../../threads/worker-queue';
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

/** A conversion not finished because Kiln is closing. */
const CLOSING = 'Kiln is closing: the conversion was stopped.';

/** The conversions' worker thread and their queue (one at a time, `WorkerQueue`). */
export class Converter {
  readonly #queue: WorkerQueue<WorkerReply>;

  constructor(options: ConverterOptions = {}) {
    this.#queue = new WorkerQueue({
      file: options.workerFile ?? new URL('./convert-worker.ts', import.meta.url),
      ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}),
    });
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
      const own = input.slice().buffer as ArrayBuffer;
      const settle = (error: unknown, result?: ConvertResult) => {
        signal?.removeEventListener('abort', onAbort);
        if (result) resolve(result);
        else reject(error);
      };
      const handle = this.#queue.run({
        message: { input: own, options },
        transfer: [own],
        onReply: (reply) => {
          if ('progress' in reply) {
            onProgress?.(reply.progress);
            return false;
          }
          if (reply.ok) settle(undefined, { glb: new Uint8Array(reply.glb), report: reply.report });
          else {
            settle(
              reply.known
                ? new ConvertError(reply.message)
                : new ConvertError(`Kiln could not convert this model: ${reply.message}`),
            );
          }
          return true;
        },
        onFailed: (error) =>
          settle(
            error.message === CLOSING
              ? new ConvertError(CLOSING)
              : new ConvertError(
                  `The conversion stopped unexpectedly (${error.message}). The model may be too large: try a smaller texture size.`,
                ),
          ),
      });
      // A running conversion cannot be interrupted inside the worker: the queue stops the thread.
      const onAbort = () => {
        this.#queue.cancel(handle);
        settle(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * Stops the worker; queued and running conversions are rejected. Resolves once the worker
   * thread has ended.
   */
  close(): Promise<void> {
    return this.#queue.close(new Error(CLOSING));
  }
}
