/**
 * The local model cache: GLBs stored by the SHA-256 of their bytes, plus an index from model id
 * to cache file. Downloads stream into a temp file and are renamed into place only when complete,
 * so a crash or a dropped connection never leaves a partial file under a final name. A model may
 * also keep its compatible GLB (for drag-out) beside it: counted, evicted and cleared with it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiClient } from '../api/client';
import { streamToFile } from '../files/stream-to-file';
import type { Clock, Paths } from '../ports';
import { RaisablePriority, type Priority } from '../schedule/priorities';
import { systemClock } from '../ports';
import { CoalescedFile } from '../util/coalesced-file';
import { InFlight } from '../util/in-flight';
import { diskBytes, filesOf, pickEvictions, type BudgetEntry } from './cache-budget';

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
  /** When the model was last opened (ms since the epoch); drives eviction, oldest first. */
  readonly usedAt?: number;
  /** The connection mode it was downloaded in (`sandbox` / `live`). */
  readonly mode?: string;
  /** Its compatible GLB (PNG/JPEG textures), made for drag-out, in the cache beside it. */
  readonly compatible?: Readonly<{ file: string; bytes: number }>;
}

/** A cache entry as the eviction rule counts it: its file and its compatible GLB. */
function budgetEntry(entry: CachedModel): BudgetEntry {
  return entry.compatible ? { ...entry, derived: entry.compatible } : entry;
}

/** How much the model cache holds. */
export interface ModelCacheInfo {
  /** Cached models, most recently opened first. */
  readonly models: readonly CachedModel[];
  /** Bytes on disk (a file shared by several models counts once). */
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
  /**
   * The most the cache may keep on disk, read after every download (a setting may change it);
   * undefined = no limit. Least recently opened models are removed first.
   */
  limitBytes?: () => number | undefined;
  /**
   * The connection's mode (`sandbox` / `live`): entries remember it, and listings show only the
   * current mode's models, so the demo library never shows up in the live one (or back).
   */
  mode?: () => string;
  /**
   * The core's work in flight: each download and the writes after it run in it, so the core's
   * close stops them and waits (default: one of its own, never closed).
   */
  inFlight?: InFlight;
}>;

/** Downloads and remembers model files. */
export class ModelCache {
  readonly #api: ApiClient;
  readonly #paths: Paths;
  readonly #maxBytes: number;
  readonly #clock: Clock;
  readonly #limitBytes: () => number | undefined;
  readonly #mode: () => string | undefined;
  readonly #indexFile: string;
  readonly #indexWriter: CoalescedFile;
  readonly #work: InFlight;
  #index: Promise<Record<string, CachedModel>> | undefined;
  /** Downloads under way, each with the priority its requests go at (an open raises it). */
  readonly #inFlight = new Map<
    string,
    Readonly<{ work: Promise<CachedModel>; priority: RaisablePriority }>
  >();

  constructor(options: ModelCacheOptions) {
    this.#api = options.api;
    this.#paths = options.paths;
    this.#maxBytes = options.maxBytes ?? MAX_MODEL_BYTES;
    this.#clock = options.clock ?? systemClock;
    this.#limitBytes = options.limitBytes ?? (() => undefined);
    this.#mode = options.mode ?? (() => undefined);
    this.#indexFile = path.join(options.paths.data, 'model-cache.json');
    this.#indexWriter = new CoalescedFile(this.#indexFile);
    this.#work = options.inFlight ?? new InFlight();
  }

  /**
   * The cached model, downloading it first if needed. Concurrent calls share one download.
   * `priority`: `user` when the user asked to see or use the model now (an open, a drag out),
   * so it goes before thumbnails and polls; `download` (default) for Kiln's own fetches, such as
   * a finished job's model.
   * @throws CancelledError once the core is closing (a download under way stops, its file removed)
   */
  ensure(modelId: string, priority: Priority = 'download'): Promise<CachedModel> {
    const running = this.#inFlight.get(modelId);
    if (running) {
      // The user opens a model Kiln is already fetching for itself (a finished job's result): the
      // requests still waiting go on as the user's, not behind the pace of Kiln's own downloads.
      running.priority.raise(priority);
      return running.work;
    }
    const raisable = new RaisablePriority(priority);
    const work = this.#work
      .run((stop) => this.#ensure(modelId, stop, raisable))
      .finally(() => this.#inFlight.delete(modelId));
    this.#inFlight.set(modelId, { work, priority: raisable });
    return work;
  }

  async #ensure(
    modelId: string,
    stop: AbortSignal,
    priority: RaisablePriority,
  ): Promise<CachedModel> {
    const index = await this.#load();
    const known = index[modelId];
    // A model on disk opens without the network (offline use); only its last use is noted.
    if (known && (await exists(path.join(this.#paths.cache, known.file)))) {
      const touched = { ...known, usedAt: this.#clock.now() };
      index[modelId] = touched;
      // Not awaited (opening does not wait for it), but the core's close does.
      void this.#work
        .run(() => this.#indexWriter.write(() => JSON.stringify(index)))
        .catch(() => undefined);
      return touched;
    }
    const record = await this.#api.model(modelId, stop, priority);
    const { file, bytes } = await this.#download(record.url, stop, priority);
    const entry: CachedModel = {
      modelId,
      file,
      bytes,
      name: record.name ?? `Model ${modelId}`,
      ...(record.created_at ? { createdAt: record.created_at } : {}),
      ...(record.poly_count !== undefined ? { polyCount: record.poly_count } : {}),
      ...(typeof record['source'] === 'string' ? { source: record['source'] } : {}),
      usedAt: this.#clock.now(),
      ...(this.#mode() ? { mode: this.#mode() } : {}),
    };
    index[modelId] = entry;
    await this.#evict(index, modelId);
    // Coalesced: concurrent downloads never let an older index overwrite a newer one.
    await this.#indexWriter.write(() => JSON.stringify(index));
    return entry;
  }

  /** The absolute path of a cached model's file. */
  pathOf(entry: Pick<CachedModel, 'file'>): string {
    return path.join(this.#paths.cache, entry.file);
  }

  /** The cache folder and the scratch folder beside it (the library's housekeeping reads both). */
  get folders(): Readonly<{ cache: string; temp: string }> {
    return { cache: this.#paths.cache, temp: this.#paths.temp };
  }

  /** The cache file names of this cache's models (with their compatible GLBs), every mode's. */
  async files(): Promise<ReadonlySet<string>> {
    return new Set(
      Object.values(await this.#load()).flatMap((e) => filesOf(budgetEntry(e)).map((f) => f.file)),
    );
  }

  /** True when the model is in the index for this mode (its file is checked when opened). */
  async has(modelId: string): Promise<boolean> {
    const entry = (await this.#load())[modelId];
    return entry !== undefined && this.#ofThisMode(entry);
  }

  /** This mode's cached models, and the disk the whole cache uses (both modes share it). */
  async info(): Promise<ModelCacheInfo> {
    const all = Object.values(await this.#load());
    const entries = all.filter((e) => this.#ofThisMode(e));
    entries.sort((a, b) => (b.usedAt ?? 0) - (a.usedAt ?? 0));
    return { models: entries, bytes: diskBytes(all.map(budgetEntry)) };
  }

  #ofThisMode(entry: CachedModel): boolean {
    const mode = this.#mode();
    // Entries written before modes were recorded belong to every mode.
    return mode === undefined || entry.mode === undefined || entry.mode === mode;
  }

  /** Removes every cached model file and forgets them; returns the bytes freed. */
  async clear(): Promise<number> {
    const index = await this.#load();
    const entries = Object.values(index).map(budgetEntry);
    const freed = diskBytes(entries);
    for (const id of Object.keys(index)) delete index[id];
    await this.#indexWriter.write(() => JSON.stringify(index));
    await this.#removeFiles(entries.flatMap((e) => filesOf(e).map((f) => f.file)));
    return freed;
  }

  /**
   * Keeps `glb` as the compatible GLB of a cached model (content addressed like every cache
   * file: temp, then renamed into place), and applies the size limit.
   * @returns the cache entry with it, or undefined when the model left the cache meanwhile
   */
  putCompatible(modelId: string, glb: Uint8Array): Promise<CachedModel | undefined> {
    return this.#work.run(() => this.#putCompatible(modelId, glb));
  }

  async #putCompatible(modelId: string, glb: Uint8Array): Promise<CachedModel | undefined> {
    await mkdir(this.#paths.temp, { recursive: true });
    await mkdir(this.#paths.cache, { recursive: true });
    const file = `${createHash('sha256').update(glb).digest('hex')}.glb`;
    const temp = path.join(this.#paths.temp, `${randomUUID()}.partial`);
    try {
      await writeFile(temp, glb);
      await rename(temp, path.join(this.#paths.cache, file));
    } finally {
      await rm(temp, { force: true });
    }
    const index = await this.#load();
    const entry = index[modelId];
    if (!entry) {
      await this.#removeFiles([file]);
      return undefined;
    }
    const next: CachedModel = { ...entry, compatible: { file, bytes: glb.byteLength } };
    index[modelId] = next;
    await this.#evict(index, modelId);
    await this.#indexWriter.write(() => JSON.stringify(index));
    return next;
  }

  /** Applies the size limit, never removing `keep` (the model being opened). */
  async #evict(index: Record<string, CachedModel>, keep: string): Promise<void> {
    const limit = this.#limitBytes();
    if (limit === undefined) return;
    const drop = pickEvictions(Object.values(index).map(budgetEntry), limit, keep);
    if (drop.length === 0) return;
    const files = drop.flatMap((id) => filesOf(budgetEntry(index[id]!)).map((f) => f.file));
    for (const id of drop) delete index[id];
    const stillUsed = new Set(
      Object.values(index).flatMap((e) => filesOf(budgetEntry(e)).map((f) => f.file)),
    );
    await this.#removeFiles(files.filter((f) => !stillUsed.has(f)));
  }

  async #removeFiles(files: readonly string[]): Promise<void> {
    await Promise.all(
      [...new Set(files)].map((f) => rm(path.join(this.#paths.cache, f), { force: true })),
    );
  }

  async #download(
    url: string,
    stop: AbortSignal,
    priority: RaisablePriority,
  ): Promise<{ file: string; bytes: number }> {
    const response = await this.#api.download(url, stop, priority);
    await mkdir(this.#paths.temp, { recursive: true });
    await mkdir(this.#paths.cache, { recursive: true });
    const temp = path.join(this.#paths.temp, `${randomUUID()}.partial`);
    const { bytes, sha256 } = await streamToFile(response, temp, {
      maxBytes: this.#maxBytes,
      clock: this.#clock,
      what: 'The model file',
      signal: stop,
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
