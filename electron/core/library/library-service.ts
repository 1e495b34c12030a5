/**
 * The library as the renderer sees it: pages of `GET /library` with each row marked when its
 * model and thumbnail are on disk, the versions of a family, thumbnails brought into the local
 * cache, and what the cache holds (with a way to empty it).
 */
import type { LibraryRow } from '../../../shared/api/schemas';
import type {
  LibraryCacheInfoView,
  LibraryItemView,
  LibraryListInput,
  LibraryPageView,
  LibraryVersionsInput,
  LibraryVersionsView,
  ThumbnailView,
} from '../../../shared/ipc/contract';
import { LIMITS } from '../../../shared/api/rules';
import path from 'node:path';
import type { ApiClient } from '../api/client';
import { folderFiles, removeFiles, totalBytes, UPLOADS_FOLDER } from './cache-folder';
import type { ModelCache } from './model-cache';
import type { ThumbnailCache } from './thumbnail-cache';

/** Pages of 200 rows read at most when collecting a family's versions by name. */
export const MAX_FAMILY_PAGES = 5;

/** Options of {@link LibraryService}. */
export type LibraryServiceOptions = Readonly<{
  api: ApiClient;
  models: ModelCache;
  thumbnails: ThumbnailCache;
  /** The URL under which the renderer loads a cache file. */
  cacheFileUrl: (file: string) => string;
  /** The model cache's size limit in bytes, when one is set. */
  limitBytes?: () => number | undefined;
}>;

/** A library row in the app's words (no service URL: thumbnails need the key). */
export function libraryItem(row: LibraryRow): LibraryItemView {
  return {
    modelId: row.model_id,
    ...(row.name !== undefined ? { name: row.name } : {}),
    ...(row.created_at !== undefined ? { createdAt: row.created_at } : {}),
    ...(row.poly_count !== undefined ? { polyCount: row.poly_count } : {}),
    ...(row.root_id !== undefined ? { rootId: row.root_id } : {}),
    ...(row.parent_id !== undefined ? { parentId: row.parent_id } : {}),
    ...(row.version !== undefined ? { version: row.version } : {}),
    ...(row.versions_count !== undefined ? { versionsCount: row.versions_count } : {}),
    ...(row.kind !== undefined ? { kind: row.kind } : {}),
    ...(row.source !== undefined ? { source: row.source } : {}),
    ...(row.published !== undefined ? { published: row.published } : {}),
    ...(row.favourite !== undefined ? { favourite: row.favourite } : {}),
  };
}

/** Library listing, family versions, thumbnails and the cache. */
export class LibraryService {
  readonly #o: LibraryServiceOptions;
  /** Thumbnails asked for and not answered yet, by model id (cancelled when scrolled away). */
  readonly #pendingThumbnails = new Map<string, AbortController>();
  /** Rows listed in this session, by model id (a batch of models picked in the grid). */
  readonly #seen = new Map<string, LibraryItemView>();

  constructor(options: LibraryServiceOptions) {
    this.#o = options;
  }

  /** One page of the library; rows say whether their model and thumbnail are on disk. */
  async list(input: LibraryListInput = {}): Promise<LibraryPageView> {
    const page = await this.#o.api.library(input);
    return {
      items: await this.#mark(page.items),
      page: 'page' in page && page.page !== undefined ? page.page : (input.page ?? 1),
      limit: 'limit' in page && page.limit !== undefined ? page.limit : (input.limit ?? 50),
      ...('total' in page && page.total !== undefined ? { total: page.total } : {}),
      ...('pages' in page && page.pages !== undefined ? { pages: page.pages } : {}),
    };
  }

  /**
   * Every version of a family, oldest first. The service lists families only one row each, so
   * the versions are found by searching the family's name (remesh and rig versions included)
   * and keeping the rows of that root, page by page until all `expected` versions are found.
   */
  async versions(input: LibraryVersionsInput): Promise<LibraryVersionsView> {
    const found = new Map<string, LibraryRow>();
    let complete = false;
    const limit = LIMITS.libraryLimit.max;
    for (let page = 1; page <= MAX_FAMILY_PAGES; page++) {
      const answer = await this.#o.api.library({
        search: input.name,
        includeRemesh: true,
        page,
        limit,
      });
      for (const row of answer.items) {
        if ((row.root_id ?? row.model_id) === input.rootId) found.set(row.model_id, row);
      }
      const pages = 'pages' in answer && answer.pages !== undefined ? answer.pages : undefined;
      const lastPage = answer.items.length < limit || (pages !== undefined && page >= pages);
      if (input.expected !== undefined && found.size >= input.expected) {
        complete = true;
        break;
      }
      if (lastPage) {
        complete = input.expected === undefined || found.size >= input.expected;
        break;
      }
    }
    const rows = [...found.values()].sort(
      (a, b) =>
        (a.version ?? 0) - (b.version ?? 0) ||
        (a.created_at ?? '').localeCompare(b.created_at ?? ''),
    );
    return { rootId: input.rootId, versions: await this.#mark(rows), complete };
  }

  /**
   * Brings a model's thumbnail into the cache and returns its local URL. It waits for the
   * budget's unused share, and is cancelled while it waits if its card leaves the screen
   * ({@link thumbnailsInView}).
   * @throws CancelledError (`cancelled`) when its card scrolled away before it was sent
   */
  async thumbnail(modelId: string): Promise<ThumbnailView> {
    const controller = new AbortController();
    this.#pendingThumbnails.set(modelId, controller);
    try {
      const file = await this.#o.thumbnails.ensure(modelId, controller.signal);
      return { modelId, url: this.#o.cacheFileUrl(file) };
    } finally {
      if (this.#pendingThumbnails.get(modelId) === controller) {
        this.#pendingThumbnails.delete(modelId);
      }
    }
  }

  /**
   * The cards on screen now: thumbnails asked for other models are cancelled if they have not
   * been sent yet (those already sent finish and are kept: the scheduler does not abort an
   * `idle` request in flight). Returns how many were asked to stop.
   */
  thumbnailsInView(modelIds: readonly string[]): number {
    const keep = new Set(modelIds);
    let cancelled = 0;
    for (const [modelId, controller] of this.#pendingThumbnails) {
      if (keep.has(modelId)) continue;
      controller.abort();
      this.#pendingThumbnails.delete(modelId);
      cancelled++;
    }
    return cancelled;
  }

  /**
   * What the cache holds: models (most recently opened first) and thumbnails, with sizes, and
   * the other files Kiln wrote there (previews of saved results, models opened from the
   * desktop, photos uploaded for jobs).
   */
  async cacheInfo(): Promise<LibraryCacheInfoView> {
    const [models, thumbs, others] = await Promise.all([
      this.#o.models.info(),
      this.#o.thumbnails.info(),
      this.#otherFiles(),
    ]);
    const limit = this.#o.limitBytes?.();
    return {
      models: await Promise.all(
        models.models.map(async (m) => {
          const thumb = await this.#o.thumbnails.known(m.modelId);
          return {
            modelId: m.modelId,
            name: m.name,
            ...(m.createdAt ? { createdAt: m.createdAt } : {}),
            ...(m.polyCount !== undefined ? { polyCount: m.polyCount } : {}),
            bytes: m.bytes,
            ...(thumb ? { thumbnailUrl: this.#o.cacheFileUrl(thumb) } : {}),
          };
        }),
      ),
      modelBytes: models.bytes,
      thumbnailCount: thumbs.count,
      thumbnailBytes: thumbs.bytes,
      otherCount: others.cache.length + others.uploads.length,
      otherBytes: totalBytes(others.cache) + totalBytes(others.uploads),
      ...(limit !== undefined ? { limitBytes: limit } : {}),
    };
  }

  /**
   * Empties the cache: every model, thumbnail and other file in the cache folder (models open
   * again from the service), and the uploaded photos, except while a job still has to send one
   * (`keepUploads`).
   */
  async clearCache(
    options: Readonly<{ keepUploads?: boolean }> = {},
  ): Promise<LibraryCacheInfoView> {
    await Promise.all([this.#o.models.clear(), this.#o.thumbnails.clear()]);
    const { cache, uploads } = await this.#otherFiles();
    const folders = this.#o.models.folders;
    await removeFiles(folders.cache, cache);
    if (!options.keepUploads) await removeFiles(path.join(folders.temp, UPLOADS_FOLDER), uploads);
    return this.cacheInfo();
  }

  /** Files of the cache folder that are neither models nor thumbnails, and the uploads. */
  async #otherFiles() {
    const folders = this.#o.models.folders;
    const [inCache, uploads, models, thumbs] = await Promise.all([
      folderFiles(folders.cache),
      folderFiles(path.join(folders.temp, UPLOADS_FOLDER)),
      this.#o.models.files(),
      this.#o.thumbnails.files(),
    ]);
    const cache = inCache.filter((f) => !models.has(f.name) && !thumbs.has(f.name));
    return { cache, uploads };
  }

  /** A row the library listed in this session, if it did. */
  seen(modelId: string): LibraryItemView | undefined {
    return this.#seen.get(modelId);
  }

  async #mark(rows: readonly LibraryRow[]): Promise<LibraryItemView[]> {
    this.#o.thumbnails.remember(rows);
    for (const row of rows) this.#seen.set(row.model_id, libraryItem(row));
    return Promise.all(
      rows.map(async (row) => {
        const [cached, thumb] = await Promise.all([
          this.#o.models.has(row.model_id),
          this.#o.thumbnails.known(row.model_id),
        ]);
        return {
          ...libraryItem(row),
          ...(cached ? { cached: true } : {}),
          ...(thumb ? { thumbnailUrl: this.#o.cacheFileUrl(thumb) } : {}),
        };
      }),
    );
  }
}
