/**
 * The library's pager: pages of the account's models asked for as the grid needs them, over
 * explicit ports (the list and cache requests, the state it reads and writes). Its rules:
 * - every change of filters starts a new generation; an answer for an older one is dropped;
 * - a page is asked for once at a time, and a page that failed is not asked again until a retry;
 * - a failed request never empties what is shown: the banner says what happened, and with no
 *   network at all before anything was shown, the grid shows the models saved on this computer;
 * - a service that leaves `total` out is assumed to have one more page while pages come back full.
 */
import { plural } from '@lingui/core/macro';
import { formatNumber } from '../../../../shared/format';
import type {
  LibraryCacheInfoView,
  LibraryItemView,
  LibraryListInput,
  LibraryPageView,
} from '../../../../shared/ipc/contract';
import {
  LIBRARY_PAGE_SIZE,
  isOffline,
  libraryErrorText,
  libraryQuery,
  offlineRows,
  type LibraryFilters,
} from './library-logic';

/** The banner over the models saved on this computer: why, and how many are shown. */
function offlineText(reason: string, count: number): string {
  const shown = formatNumber(count);
  return plural(count, {
    one: `${reason} Showing the ${shown} model saved on this computer: they open without a network.`,
    other: `${reason} Showing the ${shown} models saved on this computer: they open without a network.`,
  });
}

/** Where the grid's rows come from. */
export type LibrarySource = 'service' | 'offline';

/** The library state the pager keeps. */
export interface PagerState {
  libFilters: LibraryFilters;
  /** Rows by page number (1-based) for the current filters. */
  libPages: Record<number, LibraryItemView[]>;
  /** Rows the current filters match (known once the first page has arrived). */
  libTotal: number | undefined;
  libSource: LibrarySource;
  /** True while the first page of the current filters is on its way. */
  libLoading: boolean;
  /** What went wrong last (a banner); what is shown stays. */
  libError: string | undefined;
  /** Thumbnail URLs on the app's origin, by model id (`null`: could not be fetched). */
  libThumbs: Record<string, string | null>;
  libCache: LibraryCacheInfoView | undefined;
}

/** What the pager reads, asks and writes. */
export interface PagerPorts {
  list(query: NonNullable<LibraryListInput>): Promise<LibraryPageView>;
  cacheInfo(): Promise<LibraryCacheInfoView>;
  read(): PagerState;
  write(patch: Partial<PagerState>): void;
  /** Rows of the service arrived (a selection waiting for them can now be resolved). */
  arrived(): void;
}

/** The thumbnails a set of rows brings along, merged into `thumbs`. */
export function withThumbnails(
  thumbs: Readonly<Record<string, string | null>>,
  rows: readonly { modelId: string; thumbnailUrl?: string | undefined }[],
): Record<string, string | null> {
  const next = { ...thumbs };
  for (const row of rows) if (row.thumbnailUrl) next[row.modelId] = row.thumbnailUrl;
  return next;
}

/** The total the grid assumes after `page` came back with `count` rows and no total. */
export function guessedTotal(page: number, count: number): number {
  return (
    (page - 1) * LIBRARY_PAGE_SIZE + count + (count === LIBRARY_PAGE_SIZE ? LIBRARY_PAGE_SIZE : 0)
  );
}

/** Pages of the library for the current filters; see the module's rules. */
export class LibraryPager {
  readonly #ports: PagerPorts;
  /** Bumped by every change of filters: answers for an older generation are dropped. */
  #generation = 0;
  readonly #inFlight = new Set<number>();
  /** Pages that failed for this generation (not asked again until a retry). */
  readonly #failed = new Set<number>();
  /** Why the grid shows the offline cache (kept so a refresh of it says the same). */
  #offlineReason = '';

  constructor(ports: PagerPorts) {
    this.#ports = ports;
  }

  /**
   * Lists page 1 again for the current filters (a new generation). The rows shown stay until
   * the new answer replaces them (no blank grid in between).
   */
  restart(): Promise<void> {
    this.#generation++;
    this.#inFlight.clear();
    this.#failed.clear();
    this.#ports.write({ libLoading: true, libError: undefined });
    return this.#load(1, this.#generation, true);
  }

  /** The banner's Retry while the service's rows are shown: failed pages may be asked again. */
  retryFailed(): void {
    this.#failed.clear();
  }

  /** Makes sure the pages holding rows `from`…`to` (0-based) are loaded or on their way. */
  ensureRows(from: number, to: number): void {
    const { libSource, libTotal, libPages } = this.#ports.read();
    if (libSource === 'offline' || libTotal === undefined) return;
    const last = Math.min(to, libTotal - 1);
    const lastPage = Math.floor(last / LIBRARY_PAGE_SIZE) + 1;
    for (let p = Math.floor(from / LIBRARY_PAGE_SIZE) + 1; p <= lastPage; p++) {
      if (libPages[p] || this.#inFlight.has(p) || this.#failed.has(p)) continue;
      void this.#load(p, this.#generation);
    }
  }

  /**
   * The local cache was cleared (`cache`: what is left of it). Offline, the grid is the cache:
   * it and its count show what is left. Otherwise the cards no longer hold cached thumbnails:
   * they are fetched again when seen.
   */
  cacheCleared(cache: LibraryCacheInfoView): Promise<void> {
    if (this.#ports.read().libSource === 'offline') {
      this.#ports.write({ libCache: cache, libThumbs: {} });
      return this.#showOffline(this.#generation, undefined, cache);
    }
    const pages = Object.fromEntries(
      Object.entries(this.#ports.read().libPages).map(([p, rows]) => [
        p,
        rows.map(({ cached: _c, thumbnailUrl: _t, ...rest }) => rest),
      ]),
    );
    this.#ports.write({ libCache: cache, libThumbs: {}, libPages: pages });
    return Promise.resolve();
  }

  async #load(page: number, gen: number, replace = false): Promise<void> {
    this.#inFlight.add(page);
    try {
      const answer = await this.#ports.list(libraryQuery(this.#ports.read().libFilters, page));
      if (gen !== this.#generation) return;
      const s = this.#ports.read();
      const guess = guessedTotal(page, answer.items.length);
      this.#ports.write({
        libPages: replace ? { 1: answer.items } : { ...s.libPages, [page]: answer.items },
        libTotal: answer.total ?? (replace ? guess : Math.max(s.libTotal ?? 0, guess)),
        libThumbs: withThumbnails(s.libThumbs, answer.items),
        libSource: 'service',
        ...(replace ? { libLoading: false, libError: undefined } : {}),
      });
      this.#ports.arrived();
    } catch (error) {
      if (gen !== this.#generation) return;
      this.#failed.add(page);
      // Nothing of these filters shown yet and no network: show what is on disk. Otherwise the
      // rows shown stay and the banner says what happened.
      if (replace && isOffline(error)) return this.#showOffline(gen, error);
      this.#ports.write({ libError: libraryErrorText(error), libLoading: false });
    } finally {
      if (gen === this.#generation) this.#inFlight.delete(page);
    }
  }

  /**
   * Shows the models saved on this computer in place of the service's rows: after `error` (no
   * network), or again after the cache changed (`known` given).
   */
  async #showOffline(gen: number, error: unknown, known?: LibraryCacheInfoView): Promise<void> {
    const cache = known ?? (await this.#ports.cacheInfo().catch(() => this.#ports.read().libCache));
    if (gen !== this.#generation) return;
    if (!known) this.#offlineReason = libraryErrorText(error);
    const rows = offlineRows(cache?.models ?? [], this.#ports.read().libFilters.search);
    this.#ports.write({
      libSource: 'offline',
      libPages: { 1: rows },
      libTotal: rows.length,
      libLoading: false,
      libCache: cache,
      libError: offlineText(this.#offlineReason, rows.length),
    });
  }
}
