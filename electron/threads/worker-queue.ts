/**
 * One worker thread that runs jobs one at a time, for CPU work of seconds that must not stall the
 * process's event loop: the compatible-GLB conversion (`electron/core/convert/converter.ts`) and
 * the sandbox's model generator (`electron/sandbox/generate/generator-thread.ts`). Both share
 * this mechanism; each keeps its own messages, errors and words.
 *
 * The thread starts with the first job (or {@link WorkerQueue.warm}) and stops after `idleMs`
 * without work. It keeps the process alive only while a job runs, so a script that only awaits
 * a job does not exit early and an idle thread never holds a finished one (a CLI, a bench, a test
 * run) open. A thread that dies (out of memory, a native crash) fails its running job; the next
 * job starts a new one.
 */
import { Worker } from 'node:worker_threads';

/** Every message the worker sends names the job it is about. */
export interface JobReply {
  readonly id: number;
}

/** One job as its owner hands it to the queue. */
export interface WorkerJob<Reply extends JobReply> {
  /** The message for the worker, without the `id` the queue gives it. */
  readonly message: Readonly<Record<string, unknown>>;
  /** Buffers moved to the worker with the message (the owner copies what its caller keeps). */
  readonly transfer: readonly ArrayBuffer[];
  /** A message of the worker about this job; true when it is the last (the job is done). */
  onReply(reply: Reply): boolean;
  /** The job ends without its last reply: its thread died, or the queue was closed. */
  onFailed(error: Error): void;
}

/** A job in the queue, to cancel it by. */
export type JobHandle = Readonly<{ id: number }>;

/** Options of {@link WorkerQueue}. */
export type WorkerQueueOptions = Readonly<{
  /**
   * The worker's entry: a built `.js` file in the app, or the TypeScript source when Kiln runs
   * from source (the browser host, tests, CLIs), which is then loaded through tsx.
   */
  file: URL;
  /** The thread stops after this long without work; default 60 s. */
  idleMs?: number;
}>;

interface Queued<Reply extends JobReply> {
  readonly id: number;
  readonly job: WorkerJob<Reply>;
}

/** A worker thread and the queue of jobs it runs, one at a time. */
export class WorkerQueue<Reply extends JobReply> {
  readonly #file: URL;
  readonly #idleMs: number;
  #worker: Worker | undefined;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #queue: Queued<Reply>[] = [];
  #running: Queued<Reply> | undefined;
  #nextId = 1;

  constructor(options: WorkerQueueOptions) {
    this.#file = options.file;
    this.#idleMs = options.idleMs ?? 60_000;
  }

  /** Queues `job`; it runs when the jobs before it are done. */
  run(job: WorkerJob<Reply>): JobHandle {
    const queued = { id: this.#nextId++, job };
    this.#queue.push(queued);
    this.#next();
    return { id: queued.id };
  }

  /**
   * Takes a job back without a word to it (its owner settles it): a queued one leaves the queue;
   * a running one cannot be interrupted inside the thread, so the thread itself is stopped and
   * the next job starts a new one.
   */
  cancel(handle: JobHandle): void {
    if (this.#running?.id === handle.id) {
      this.#running = undefined;
      void this.#stopWorker();
      this.#afterJob();
      return;
    }
    this.#queue = this.#queue.filter((q) => q.id !== handle.id);
  }

  /**
   * Starts the thread ahead of its first job (loading a worker's libraries takes about a second),
   * when jobs are sure to come soon. It stops again after the idle time if none does.
   */
  warm(): void {
    if (this.#worker) return;
    this.#ensureWorker();
    if (!this.#running) this.#afterJob();
  }

  /** Fails every queued and running job with `error` and stops the thread; resolves once it has. */
  async close(error: Error): Promise<void> {
    const jobs = [...this.#queue, ...(this.#running ? [this.#running] : [])];
    this.#queue = [];
    this.#running = undefined;
    for (const q of jobs) q.job.onFailed(error);
    await this.#stopWorker();
  }

  #next(): void {
    if (this.#running || this.#queue.length === 0) return;
    clearTimeout(this.#idle);
    const queued = this.#queue.shift()!;
    this.#running = queued;
    const worker = this.#ensureWorker();
    // Busy: the process waits for this job (a script that only awaits it must not exit).
    worker.ref();
    worker.postMessage({ ...queued.job.message, id: queued.id }, [...queued.job.transfer]);
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
    worker.on('message', (reply: Reply) => this.#reply(reply));
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

  #reply(reply: Reply): void {
    const running = this.#running;
    if (!running || running.id !== reply.id) return;
    if (!running.job.onReply(reply)) return;
    this.#running = undefined;
    this.#afterJob();
  }

  /** The thread died: its job fails with why, and the next job starts a new thread. */
  #crashed(worker: Worker, error: Error): void {
    if (this.#worker === worker) this.#worker = undefined;
    void worker.terminate();
    const running = this.#running;
    this.#running = undefined;
    running?.job.onFailed(error);
    this.#afterJob();
  }

  #afterJob(): void {
    if (this.#queue.length > 0) return this.#next();
    // Idle: a waiting thread must not keep a finished script running.
    this.#worker?.unref();
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => void this.#stopWorker(), this.#idleMs);
    this.#idle.unref?.();
  }

  /** Ends the thread; resolves once it has. */
  async #stopWorker(): Promise<void> {
    clearTimeout(this.#idle);
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }
}
