/**
 * The local model cache: GLBs stored by the SHA-256 of their bytes, plus an index from model id
 * to cache file. Downloads stream into a temp file and are renamed into place only when complete,
 * so a crash or a dropped connection never leaves a partial file under a final name.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ApiClient } from '../api/client';
import { streamToFile } from '../files/stream-to-file';
import type { Clock, Paths } from '../ports';
import { systemClock } from '../ports';
import { CoalescedFile } from '../util/coalesced-file';

/** What the cache knows about a downloaded model. */
export interface CachedModel {
  readonly modelId: string;
  readonly file: string;
  readonly name: string;
  readonly createdAt?: string;
  readonly polyCount?: number;
  /** `api` or `website`, as the service said. */
  readonly source?: string;
  readonly bytes: number;
}

/** Largest model file Kiln accepts (a 1M-triangle model with 4K textures is well under this). */
export const MAX_MODEL_BYTES = 512 * 1024 * 1024;

/** Options of {@link ModelCache}. */
export type ModelCacheOptions = Readonly<{
  api: ApiClient;
  paths: Paths;
  maxBytes?: number;
  /** Times the stall timeout of downloads; default the system clock. */
  clock?: Clock;
}>;

/** Downloads and remembers model files. */
export class ModelCache {
  readonly #api: ApiClient;
  readonly #paths: Paths;
  readonly #maxBytes: number;
  readonly #clock: Clock;
  readonly #indexFile: string;
  readonly #indexWriter: CoalescedFile;
  #index: Promise<Record<string, CachedModel>> | undefined;
  readonly #inFlight = new Map<string, Promise<CachedModel>>();

  constructor(options: ModelCacheOptions) {
    this.#api = options.api;
    this.#paths = options.paths;
    this.#maxBytes = options.maxBytes ?? MAX_MODEL_BYTES;
    this.#clock = options.clock ?? systemClock;
    this.#indexFile = path.join(options.paths.data, 'model-cache.json');
    this.#indexWriter = new CoalescedFile(this.#indexFile);
  }

  /** The cached model, downloading it first if needed. Concurrent calls share one download. */
  ensure(modelId: string): Promise<CachedModel> {
    const running = this.#inFlight.get(modelId);
    if (running) return running;
    const work = this.#ensure(modelId).finally(() => this.#inFlight.delete(modelId));
    this.#inFlight.set(modelId, work);
    return work;
  }

  async #ensure(modelId: string): Promise<CachedModel> {
    const index = await this.#load();
    const known = index[modelId];
    if (known && (await exists(path.join(this.#paths.cache, known.file)))) return known;
    const record = await this.#api.model(modelId);
    const { file, bytes } = await this.#download(record.url);
    const entry: CachedModel = {
      modelId,
      file,
      bytes,
      name: record.name ?? `Model ${modelId}`,
      ...(record.created_at ? { createdAt: record.created_at } : {}),
      ...(record.poly_count !== undefined ? { polyCount: record.poly_count } : {}),
      ...(typeof record['source'] === 'string' ? { source: record['source'] } : {}),
    };
    index[modelId] = entry;
    // Coalesced: concurrent downloads never let an older index overwrite a newer one.
    await this.#indexWriter.write(() => JSON.stringify(index));
    return entry;
  }

  async #download(url: string): Promise<{ file: string; bytes: number }> {
    const response = await this.#api.download(url);
    await mkdir(this.#paths.temp, { recursive: true });
    await mkdir(this.#paths.cache, { recursive: true });
    const temp = path.join(this.#paths.temp, `${randomUUID()}.partial`);
    const { bytes, sha256 } = await streamToFile(response, temp, {
      maxBytes: this.#maxBytes,
      clock: this.#clock,
      what: 'The model file',
    });
    const file = `${sha256}.glb`;
    await rename(temp, path.join(this.#paths.cache, file));
    return { file, bytes };
  }

  /** The index, read once: concurrent first calls share one read (and one object). */
  #load(): Promise<Record<string, CachedModel>> {
    this.#index ??= readFile(this.#indexFile, 'utf8')
      .then(
        (text) => JSON.parse(text) as Record<string, CachedModel>,
        () => ({}),
      )
      .catch(() => ({}));
    return this.#index;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
