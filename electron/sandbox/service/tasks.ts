/**
 * Generation tasks (service-api.md §3.1): queued → processing → done | error.
 *
 * A task's state is computed from timestamps when asked (lazily), against the injected clock:
 * it is `queued` until the generation worker picks it up, `processing` while the work runs or
 * until `taskSeconds` have passed since the start call, then `done` or `error`. So a test that
 * moves the clock sees the same sequence as a user who waits. The real work (the mesh) runs in a
 * one-at-a-time queue as soon as the task is started, and a failed generation refunds its charge.
 */
import { randomUUID } from 'node:crypto';
import { LIMITS } from '../../../shared/api/rules';
import type { BillingInfo } from './billing';
import { imageType, iso, type SandboxCore } from './core';
import { cachedRetexturer, isNoObjectError, type Generator, type Retexturer } from './generation';
import { codedError } from './service-error';
import type { TaskInput, TaskRow } from './state';

/** What a start call provides. */
export interface TaskStart {
  kind: TaskRow['kind'];
  key: string;
  operation: string;
  input: TaskInput;
  /** Photo bytes to store as the task's input (absent when `input.photoFileId` is set). */
  photo?: Uint8Array;
  /** Multi-view: the views after the front, stored beside it. */
  views?: Uint8Array[];
  /** True when the photo file belongs to something else (a concept) and must be kept. */
  sharedPhoto?: boolean;
}

/** A task's visible state. */
export interface TaskView {
  status: 'queued' | 'processing' | 'done' | 'error';
  progress: number;
}

/** The generation tasks of the account. */
export class Tasks {
  readonly #core: SandboxCore;
  readonly #generate: Generator;
  readonly #retexture: Retexturer;

  constructor(core: SandboxCore, generate: Generator, retexture: Retexturer = cachedRetexturer()) {
    this.#core = core;
    this.#generate = generate;
    this.#retexture = retexture;
  }

  /** The state of a task now. */
  view(task: TaskRow): TaskView {
    const now = this.#core.now();
    const elapsed = now - task.createdAt;
    const total = task.seconds * 1000;
    if (task.outcome && elapsed >= total) {
      return { status: task.outcome.ok ? 'done' : 'error', progress: 100 };
    }
    if (task.startedAt === undefined) return { status: 'queued', progress: 0 };
    const share = total === 0 ? 0.99 : Math.min(0.99, elapsed / total);
    return { status: 'processing', progress: Math.max(1, Math.floor(share * 100)) };
  }

  /** Tasks queued or processing: what the concurrency limit counts. */
  running(): number {
    let count = 0;
    for (const task of Object.values(this.#core.state.tasks)) {
      const { status } = this.view(task);
      if (status === 'queued' || status === 'processing') count++;
    }
    return count;
  }

  /**
   * Starts a task: checks the concurrency limit, charges, stores the input, queues the work.
   * @throws ServiceError 429 `too_many_jobs`, 402 from billing.
   */
  async start(start: TaskStart): Promise<{ task: TaskRow; billing: BillingInfo | undefined }> {
    const core = this.#core;
    if (this.running() >= LIMITS.concurrentJobs) {
      throw codedError(
        429,
        'too_many_jobs',
        `${LIMITS.concurrentJobs} generations are already running on this account; start another when one finishes.`,
        { limit: LIMITS.concurrentJobs },
      );
    }
    const price = core.prices.price(start.operation);
    const charge =
      price === '0.00' ? undefined : core.billing.charge(start.key, start.operation, price);
    const id = `t${randomUUID().replaceAll('-', '')}`;
    // The task is recorded before any await, so a concurrent start already counts it.
    const task: TaskRow = {
      id,
      kind: start.kind,
      key: start.key,
      createdAt: core.now(),
      seconds: core.settings.taskSeconds,
      input: start.sharedPhoto ? { ...start.input, sharedPhoto: true } : { ...start.input },
      ...(charge ? { chargeId: charge.id } : {}),
    };
    core.state.tasks[id] = task;
    if (charge) core.billing.setSubject(charge.id, id);
    try {
      if (start.photo)
        task.input.photoFileId = await core.putFile(start.photo, imageType(start.photo));
      if (start.views && start.views.length > 0) {
        const ids: string[] = [];
        for (const view of start.views) ids.push(await core.putFile(view, imageType(view)));
        task.input.viewFileIds = ids;
      }
    } catch (error) {
      // Storing the upload failed: nothing was started, so nothing may stay charged.
      delete core.state.tasks[id];
      if (charge) core.billing.refund(charge.id, 'the task could not be started');
      throw error;
    }
    core.changed();
    this.#queue(task);
    return { task, billing: charge ? core.billing.info(charge) : undefined };
  }

  /** The answer of `GET /task/{id}/status`, or undefined for an unknown id. */
  answer(id: string, base: string): Record<string, unknown> | undefined {
    const task = Object.hasOwn(this.#core.state.tasks, id) ? this.#core.state.tasks[id] : undefined;
    if (!task) return undefined;
    const { status, progress } = this.view(task);
    const answer: Record<string, unknown> = {
      task_id: task.id,
      status,
      progress,
      kind: task.kind,
      created_at: iso(task.createdAt),
    };
    if (status === 'done' && task.outcome?.ok) {
      const model = this.#core.state.models[task.outcome.modelId]!;
      answer.model_id = model.id;
      answer.thumbnail_url = `${base}/files/models/${model.id}/thumbnail`;
    }
    if (status === 'error' && task.outcome && !task.outcome.ok) {
      answer.message = task.outcome.message;
      answer.refunded = task.chargeId !== undefined;
    }
    return answer;
  }

  /** Queues again the tasks a restart interrupted. */
  resume(): void {
    for (const task of Object.values(this.#core.state.tasks)) {
      if (!task.outcome) {
        delete task.startedAt;
        this.#queue(task);
      }
    }
  }

  #queue(task: TaskRow): void {
    this.#core.generationQueue.push(() => this.#run(task));
  }

  async #run(task: TaskRow): Promise<void> {
    const core = this.#core;
    task.startedAt = core.now();
    core.changed();
    const { input } = task;
    try {
      const parent = input.parentModelId ? core.state.models[input.parentModelId] : undefined;
      if (input.parentModelId && !parent) throw new Error('The model to retexture is gone.');
      const photo = await core.readFile(input.photoFileId);
      const views: Uint8Array[] = [];
      for (const id of input.viewFileIds ?? []) views.push(await core.readFile(id));
      // A retexture keeps its parent's geometry and paints it from the photo; the rest generate.
      const result = parent
        ? await this.#retexture(await core.readFile(parent.fileId), photo, {
            textureSize: input.textureSize,
            textureFormat: input.textureFormat,
            ...(input.seed !== undefined ? { seed: input.seed } : {}),
          })
        : await this.#generate(photo, {
            polyCount: input.polyCount,
            remesh: input.remesh,
            textureSize: input.textureSize,
            textureFormat: input.textureFormat,
            ...(input.seed !== undefined ? { seed: input.seed } : {}),
            name: input.name,
            ...(views.length > 0 ? { views } : {}),
          });
      const fileId = await core.putFile(result.glb, 'model/gltf-binary');
      const thumbnailId = await core.putFile(result.thumbnail, imageType(result.thumbnail));
      const now = core.now();
      const model = core.addModel(
        {
          name: input.name,
          createdAt: now,
          readyAt: Math.max(now, task.createdAt + task.seconds * 1000),
          source: parent?.source ?? 'api',
          kind: task.kind === 'retexture' ? 'retexture' : 'generation',
          modelVersion: input.modelVersion,
          polyCount: result.triangles,
          vertexCount: result.vertices,
          textureSize: input.textureSize,
          textureFormat: input.textureFormat,
          fileId,
          thumbnailId,
          origin: task.id,
        },
        parent,
      );
      task.outcome = { ok: true, modelId: model.id };
    } catch (error) {
      const message = isNoObjectError(error)
        ? 'No object could be told apart from the background of the photo. Use a photo of one object that stands out from its background.'
        : `Generation failed: ${error instanceof Error ? error.message : String(error)}`;
      task.outcome = { ok: false, message };
      if (task.chargeId) core.billing.refund(task.chargeId, `task ${task.id} failed`);
    }
    task.finishedAt = core.now();
    if (!input.sharedPhoto) await core.deleteFile(input.photoFileId).catch(() => undefined);
    for (const id of input.viewFileIds ?? []) await core.deleteFile(id).catch(() => undefined);
    core.changed();
  }
}
