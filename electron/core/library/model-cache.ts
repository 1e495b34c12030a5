/**
 * The local model cache: GLBs stored by the SHA-256 of their bytes, plus an index from model id
 * to cache file. Downloads stream into a temp file and are renamed into place only when complete,
 * so a crash or a dropped connection never leaves a partial file under a final name.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { Paths } from '../ports';
import { writeFileAtomic } from '../util/fs-atomic';

/** What the cache knows about a downloaded model. */
export interface CachedModel {
  readonly modelId: string;
  readonly file: string;
  readonly name: string;
  readonly createdAt?: string;
  readonly polyCount?: number;
  readonly bytes: number;
}

/** Largest model file Kiln accepts (a 1M-triangle model with 4K textures is well under this). */
export const MAX_MODEL_BYTES = 512 * 1024 * 1024;

/** Options of {@link ModelCache}. */
export type ModelCacheOptions = Readonly<{ api: ApiClient; paths: Paths; maxBytes?: number }>;

/** Downloads and remembers model files. */
export class ModelCache {
  readonly #api: ApiClient;
  readonly #paths: Paths;
  readonly #maxBytes: number;
  readonly #indexFile: string;
  #index: Record<string, CachedModel> | undefined;
  readonly #inFlight = new Map<string, Promise<CachedModel>>();

  constructor(options: ModelCacheOptions) {
    this.#api = options.api;
    this.#paths = options.paths;
    this.#maxBytes = options.maxBytes ?? MAX_MODEL_BYTES;
    this.#indexFile = path.join(options.paths.data, 'model-cache.json');
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
    };
    index[modelId] = entry;
    await writeFileAtomic(this.#indexFile, JSON.stringify(index));
    return entry;
  }

  async #download(url: string): Promise<{ file: string; bytes: number }> {
    const response = await this.#api.download(url);
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > this.#maxBytes) {
      await response.body?.cancel();
      throw new ApiError('too_large', 'The model file is larger than Kiln accepts.');
    }
    if (!response.body) throw new ApiError('empty_answer', 'The service sent an empty model file.');
    await mkdir(this.#paths.temp, { recursive: true });
    await mkdir(this.#paths.cache, { recursive: true });
    const temp = path.join(this.#paths.temp, `${randomUUID()}.partial`);
    const hash = createHash('sha256');
    let bytes = 0;
    const max = this.#maxBytes;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (bytes > max)
          return done(new ApiError('too_large', 'The model file is larger than Kiln accepts.'));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(response.body as never), meter, createWriteStream(temp));
    } catch (error) {
      await rm(temp, { force: true });
      if (error instanceof ApiError) throw error;
      throw new ApiError(
        'download_failed',
        'The model download was interrupted. Kiln will try again.',
        {
          cause: error,
        },
      );
    }
    if (bytes === 0) {
      await rm(temp, { force: true });
      throw new ApiError('empty_answer', 'The service sent an empty model file.');
    }
    const file = `${hash.digest('hex')}.glb`;
    await rename(temp, path.join(this.#paths.cache, file));
    return { file, bytes };
  }

  async #load(): Promise<Record<string, CachedModel>> {
    if (this.#index) return this.#index;
    try {
      this.#index = JSON.parse(await readFile(this.#indexFile, 'utf8')) as Record<
        string,
        CachedModel
      >;
    } catch {
      this.#index = {};
    }
    return this.#index;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
