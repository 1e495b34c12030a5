/**
 * The sandbox's shared context: state, stores, money, time and URLs. One per sandbox; the task,
 * job and route modules all work through it.
 */
import { randomUUID } from 'node:crypto';
import { sniffPhotoType } from '../../../shared/api/rules';
import { Billing } from './billing';
import type { FileStore, StateStore } from './persist';
import type { PriceList } from './prices';
import type { ModelRow, SandboxState } from './state';
import type { Clock } from '../types';
import { WorkQueue } from './work-queue';

/** Timings and limits the core needs. */
export interface CoreSettings {
  taskSeconds: number;
  jobSeconds: number;
  linkSeconds: number;
  baseUrl?: string;
}

/** Shared context of one sandbox. */
export class SandboxCore {
  readonly state: SandboxState;
  readonly files: FileStore;
  readonly clock: Clock;
  readonly billing: Billing;
  readonly prices: PriceList;
  readonly settings: CoreSettings;
  /** Generations run one at a time. */
  readonly generationQueue = new WorkQueue(1);
  /** Builds (exports, print files, rigs, …) run one at a time, beside generations. */
  readonly buildQueue = new WorkQueue(1);
  readonly #stateStore: StateStore;
  #servedUrl: string | undefined;
  #revision = 0;

  constructor(init: {
    state: SandboxState;
    files: FileStore;
    stateStore: StateStore;
    clock: Clock;
    prices: PriceList;
    settings: CoreSettings;
  }) {
    this.state = init.state;
    this.files = init.files;
    this.#stateStore = init.stateStore;
    this.clock = init.clock;
    this.prices = init.prices;
    this.settings = init.settings;
    this.billing = new Billing(this.state, this.clock, () => this.changed());
  }

  /** Current time in milliseconds. */
  now(): number {
    return this.clock.now();
  }

  /** Marks the state dirty; it is written shortly after (when persisted). */
  changed(): void {
    this.#revision++;
    this.#stateStore.save(this.state);
  }

  /**
   * Bumped by every {@link changed}: what is derived from the state (the library's sorted
   * listings) is valid while it stays the same. Every change of the state goes through
   * `changed()`, which is also what persists it.
   */
  get revision(): number {
    return this.#revision;
  }

  /** Writes pending state now. */
  flush(): Promise<void> {
    return this.#stateStore.flush();
  }

  /** Records the URL the sandbox is served at (used when no `baseUrl` was given). */
  setServedUrl(url: string): void {
    this.#servedUrl = url.replace(/\/+$/, '');
  }

  /** The origin of URLs in answers: the option, else the served URL, else the request's. */
  base(request: Request): string {
    return (this.settings.baseUrl ?? this.#servedUrl ?? new URL(request.url).origin).replace(
      /\/+$/,
      '',
    );
  }

  /** Stores bytes as a new file. */
  async putFile(bytes: Uint8Array, contentType: string): Promise<string> {
    const id = `f${randomUUID().replaceAll('-', '')}`;
    await this.files.put(id, bytes);
    this.state.files[id] = { id, contentType, size: bytes.byteLength };
    this.changed();
    return id;
  }

  /** The bytes of a stored file. */
  async readFile(id: string): Promise<Uint8Array> {
    const bytes = await this.files.get(id);
    if (!bytes) throw new Error(`Stored file ${id} is missing`);
    return bytes;
  }

  /** Deletes a stored file. */
  async deleteFile(id: string): Promise<void> {
    delete this.state.files[id];
    await this.files.delete(id);
    this.changed();
  }

  /** A model, if it exists and its task or job has reported it. */
  model(id: string): ModelRow | undefined {
    const model = Object.hasOwn(this.state.models, id) ? this.state.models[id] : undefined;
    return model && model.readyAt <= this.now() ? model : undefined;
  }

  /** Adds a model as the next version of its family (or as a new family's root). */
  addModel(
    fields: Omit<ModelRow, 'id' | 'version' | 'rootId' | 'parentId' | 'published' | 'favourite'>,
    parent?: ModelRow,
  ): ModelRow {
    const id = `m${randomUUID().replaceAll('-', '')}`;
    const rootId = parent?.rootId ?? id;
    let version = 1;
    if (parent) {
      for (const m of Object.values(this.state.models)) {
        if (m.rootId === rootId) version = Math.max(version, m.version + 1);
      }
    }
    const model: ModelRow = {
      ...fields,
      id,
      rootId,
      parentId: parent?.id ?? null,
      version,
      published: false,
      favourite: false,
    };
    this.state.models[id] = model;
    this.changed();
    return model;
  }
}

/** The MIME type of stored image bytes (thumbnails come as WebP, PNG or JPEG). */
export function imageType(bytes: Uint8Array): string {
  return sniffPhotoType(bytes.subarray(0, 16)) ?? 'application/octet-stream';
}

/** Milliseconds as an ISO date (the answers' date format). */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
