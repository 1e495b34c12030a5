/**
 * Thumbnails of library models on disk. The service's thumbnail links need the key, so the core
 * downloads each one once (through {@link ImageCache}, content-addressed) and the renderer shows
 * it from the app's own origin. The index (model id → cache file) survives restarts, so a grid
 * seen once shows its pictures again offline.
 *
 * Every request counts against the service's 60 a minute per key, and a scrolled grid could ask
 * for hundreds: thumbnails go through the scheduler at `idle` priority (the budget's unused
 * share, never the slots a user action needs) and can be cancelled until they are sent (cards
 * scrolled away).
 *
 * The contract says every request needs the key and counts (service-api.md §5, §8), and the
 * sandbox reads it so. A live service may serve its thumbnail links to anyone (a public link, a
 * CDN): then Kiln sends no key and they cost nothing. Which it is is learned per origin from the
 * service's answer to the first thumbnail asked for without the key (a picture: open; a 401:
 * keyed), never guessed; until an answer decides it, thumbnails are fetched with the key. That
 * first keyless try is paced and counted like any request (at `idle`): it reaches the service
 * before anything proved that it costs nothing.
 */
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ApiClient } from '../api/client';
import type { Clock, Paths } from '../ports';
import { CoalescedFile } from '../util/coalesced-file';
import { InFlight } from '../util/in-flight';
import { AuthError } from '../api/errors';
import type { ImageCache } from './image-cache';

/** How an origin serves thumbnail links: only with the key, or to anyone. */
export type ThumbnailAccess = 'keyed' | 'open';

/** Options of {@link ThumbnailCache}. */
export type ThumbnailCacheOptions = Readonly<{
  api: ApiClient;
  images: ImageCache;
  paths: Paths;
  /**
   * @deprecated Unused: thumbnails are paced by the request scheduler's idle share, no longer by
   * a clock of their own. Kept so `services.ts` (another branch's file now) need not change.
   */
  clock?: Clock;
  /** The core's work in flight: its close stops a download and the index write after it. */
  inFlight?: InFlight;
}>;

/** How much the thumbnail cache holds. */
export interface ThumbnailCacheInfo {
  readonly count: number;
  /** Bytes on disk (shared files count once). */
  readonly bytes: number;
}

/** Downloads and remembers library thumbnails. */
export class ThumbnailCache {
  readonly #o: ThumbnailCacheOptions;
  readonly #indexFile: string;
  readonly #writer: CoalescedFile;
  /** Service links seen in library pages, so a thumbnail costs one request, not two. */
  readonly #links = new Map<string, string>();
  readonly #inFlight = new Map<string, Promise<string>>();
  readonly #work: InFlight;
  /** What each origin's answers proved about its thumbnail links. */
  readonly #access = new Map<string, ThumbnailAccess>();
  /** The first keyless fetch of an origin while it runs: the others wait for its answer. */
  readonly #probes = new Map<string, Promise<unknown>>();
  #index: Record<string, string> | undefined;
  #loading: Promise<Record<string, string>> | undefined;

  constructor(options: ThumbnailCacheOptions) {
    this.#o = options;
    this.#indexFile = path.join(options.paths.data, 'thumbnail-cache.json');
    this.#writer = new CoalescedFile(this.#indexFile);
    this.#work = options.inFlight ?? new InFlight();
  }

  /** Notes the thumbnail links of library rows (kept in memory only: links may change). */
  remember(rows: Iterable<{ model_id: string; thumbnail_url?: string | undefined }>): void {
    for (const row of rows) if (row.thumbnail_url) this.#links.set(row.model_id, row.thumbnail_url);
  }

  /** The cache file of a model's thumbnail if it was downloaded before. */
  async known(modelId: string): Promise<string | undefined> {
    return (await this.#load())[modelId];
  }

  /**
   * The cache file of the model's thumbnail, downloading it first if needed (at `idle`
   * priority). Concurrent calls for one model share one download.
   * @param signal cancels the download while it still waits to be sent (a CancelledError)
   */
  ensure(modelId: string, signal?: AbortSignal): Promise<string> {
    const running = this.#inFlight.get(modelId);
    if (running) return running;
    const work = this.#work
      .run(() => this.#ensure(modelId, signal))
      .finally(() => this.#inFlight.delete(modelId));
    this.#inFlight.set(modelId, work);
    return work;
  }

  async #ensure(modelId: string, signal: AbortSignal | undefined): Promise<string> {
    const index = await this.#load();
    const known = index[modelId];
    if (known && (await exists(path.join(this.#o.paths.cache, known)))) return known;
    const link =
      this.#links.get(modelId) ?? (await this.#o.api.model(modelId, signal, 'idle')).thumbnail_url;
    if (!link) throw new Error(`The service gave no thumbnail for model ${modelId}.`);
    const file = await this.#download(link, signal);
    index[modelId] = file;
    // Shown at once; the index follows on disk (the core's close waits for it). A write that
    // fails costs at most a second fetch after a restart, never the picture on screen now.
    void this.#work
      .run(() => this.#writer.write(() => JSON.stringify(index)))
      .catch(() => undefined);
    return file;
  }

  /** What the service's answers proved about the thumbnail links of `origin`, if anything yet. */
  access(origin: string): ThumbnailAccess | undefined {
    return this.#access.get(origin);
  }

  /** Downloads a thumbnail link: without the key where that is proved to work, else with it. */
  async #download(link: string, signal: AbortSignal | undefined): Promise<string> {
    const keyed = () =>
      this.#o.images.fetch(link, { priority: 'idle', ...(signal ? { signal } : {}) });
    const origin = new URL(link).origin;
    const running = this.#probes.get(origin);
    if (running && !this.#access.has(origin)) await running.catch(() => undefined);
    const access = this.#access.get(origin);
    if (access === 'keyed') return keyed();
    const keyless = (free: boolean) =>
      this.#o.images.fetch(link, {
        withoutKey: true,
        ...(free ? { free } : { priority: 'idle' as const }),
        ...(signal ? { signal } : {}),
      });
    if (access === 'open') return keyless(true);
    const open = keyless(false);
    this.#probes.set(origin, open);
    try {
      const file = await open;
      this.#access.set(origin, 'open');
      return file;
    } catch (error) {
      // A 401 proves the links need the key; any other failure proves nothing: this one is
      // fetched with the key, and the next asks again.
      if (error instanceof AuthError) this.#access.set(origin, 'keyed');
      return keyed();
    } finally {
      if (this.#probes.get(origin) === open) this.#probes.delete(origin);
    }
  }

  /** The cache file names of the thumbnails. */
  async files(): Promise<ReadonlySet<string>> {
    return new Set(Object.values(await this.#load()));
  }

  /** Number of thumbnails and the disk they use. */
  async info(): Promise<ThumbnailCacheInfo> {
    const index = await this.#load();
    const files = [...new Set(Object.values(index))];
    const sizes = await Promise.all(
      files.map((f) =>
        stat(path.join(this.#o.paths.cache, f)).then(
          (s) => s.size,
          () => 0,
        ),
      ),
    );
    return { count: Object.keys(index).length, bytes: sizes.reduce((a, b) => a + b, 0) };
  }

  /** Removes every thumbnail file and forgets them; returns the bytes freed. */
  async clear(): Promise<number> {
    const { bytes } = await this.info();
    const index = await this.#load();
    const files = [...new Set(Object.values(index))];
    for (const id of Object.keys(index)) delete index[id];
    await this.#writer.write(() => JSON.stringify(index));
    await Promise.all(files.map((f) => rm(path.join(this.#o.paths.cache, f), { force: true })));
    return bytes;
  }

  async #load(): Promise<Record<string, string>> {
    if (this.#index) return this.#index;
    this.#loading ??= readFile(this.#indexFile, 'utf8')
      .then((text) => JSON.parse(text) as Record<string, string>)
      .catch(() => ({}));
    this.#index = await this.#loading;
    return this.#index;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
