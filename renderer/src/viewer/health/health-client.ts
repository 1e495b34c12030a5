/**
 * The main thread's side of the health worker: one worker per viewer, one request at a time per
 * kind (a newer request supersedes an older one's answer), progress reported as it comes.
 */
import { t } from '@lingui/core/macro';
import type {
  HealthInput,
  HealthReport,
  HealthRequest,
  HealthResponse,
  HealthStage,
  PrintOptions,
  PrintReport,
} from './health-types';

/** Progress of a running check. */
export interface HealthProgress {
  readonly stage: HealthStage;
  /** 0…1 */
  readonly done: number;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  onProgress?: (p: HealthProgress) => void;
}

/** Thrown when a newer request replaced this one. */
export class Superseded extends Error {
  constructor() {
    super('superseded');
  }
}

/** A health worker and the requests in flight. */
export class HealthClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #next = 1;
  #latest: Record<HealthRequest['type'], number> = { analyse: 0, print: 0 };

  constructor(worker?: Worker) {
    // Vite bundles the worker with its imports into a file of the app: nothing is fetched from
    // elsewhere. (Vite finds the worker only by this literal path inline, so it stays a literal.)
    this.#worker =
      worker ?? new Worker(new URL('./health.worker.ts', import.meta.url), { type: 'module' });
    this.#worker.onmessage = (event: MessageEvent<HealthResponse>) => this.#answer(event.data);
    this.#worker.onerror = (event) => {
      event.preventDefault();
      for (const p of this.#pending.values())
        p.reject(new Error(event.message || t`the check stopped unexpectedly`));
      this.#pending.clear();
    };
  }

  /** Checks a model (replacing the one the worker knew). */
  analyse(input: HealthInput, onProgress?: (p: HealthProgress) => void): Promise<HealthReport> {
    const transfer = [
      ...input.meshes.flatMap((m) => [
        m.position.array.buffer,
        ...(m.index ? [m.index.buffer] : []),
        ...m.uvs.map((u) => u.array.buffer),
      ]),
    ];
    return this.#send({ type: 'analyse', id: 0, input }, [...new Set(transfer)], onProgress);
  }

  /** Checks the last model's printability at a size. */
  print(options: PrintOptions, onProgress?: (p: HealthProgress) => void): Promise<PrintReport> {
    return this.#send({ type: 'print', id: 0, options }, [], onProgress);
  }

  dispose(): void {
    this.#worker.terminate();
    for (const p of this.#pending.values()) p.reject(new Superseded());
    this.#pending.clear();
  }

  #send<T>(
    request: HealthRequest,
    transfer: Transferable[],
    onProgress?: (p: HealthProgress) => void,
  ): Promise<T> {
    const id = this.#next++;
    this.#latest[request.type] = id;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, {
        resolve: resolve as (v: unknown) => void,
        reject,
        ...(onProgress ? { onProgress } : {}),
      });
      this.#worker.postMessage({ ...request, id }, transfer);
    });
  }

  #answer(message: HealthResponse): void {
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.onProgress?.({ stage: message.stage, done: message.done });
      return;
    }
    this.#pending.delete(message.id);
    const kind = message.type === 'report' ? 'analyse' : 'print';
    if (message.type !== 'error' && this.#latest[kind] !== message.id) {
      pending.reject(new Superseded());
    } else if (message.type === 'error') {
      pending.reject(new Error(message.message));
    } else {
      pending.resolve(message.report);
    }
  }
}
