/**
 * The library: pages of the account's models fetched as the grid scrolls (the total kept so the
 * grid knows its height), the filters, thumbnails brought into the local cache for the cards in
 * view, the selected model and its family's versions, the local cache (what is on disk, its
 * size, clearing it), and the multi-selection a batch runs on (see `selection.ts`). A failed
 * request never empties what is shown: the banner says what happened; with no network at all the
 * grid shows the models saved on this computer.
 */
import type {
  JobView,
  LibraryCacheInfoView,
  LibraryItemView,
  LibraryVersionsView,
} from '../../../../shared/ipc/contract';
import { MAX_BATCH_MODELS } from '../../../../shared/ipc/limits';
import type { ModelSelection } from '../../../../shared/ipc/selection';
import {
  LIBRARY_PAGE_SIZE,
  NO_FILTERS,
  doneJobCount,
  isOffline,
  libraryErrorText,
  libraryFilter,
  libraryOrder,
  libraryQuery,
  offlineRows,
  shownSort,
  type LibraryFilters,
  type LibrarySort,
} from './library-logic';
import {
  NO_SELECTION,
  forgetPositions,
  pendingCount,
  pickAll,
  resolvePending,
  selectAll,
  selectRange,
  selectedCount,
  setAnchor,
  toModelSelection,
  toggle,
  type LibrarySelection,
} from './selection';
import { ThumbnailQueue } from './thumbnail-queue';
import type { SliceCreator } from '../../store/slice';
import type { ViewerState } from '../../viewer/viewer-types';

/**
 * Card widths of the grid (px): the strip's (fixed), and the workspace's default and the range of
 * its thumbnail-size slider.
 */
export const LIBRARY_CARD_SIZE = { strip: 118, workspace: 160, min: 96, max: 280 } as const;

/** Where the grid's rows come from. */
export type LibrarySource = 'service' | 'offline';

/** The library's state and actions. */
export interface LibrarySlice {
  libFilters: LibraryFilters;
  /** The grid's order (the service lists newest first; see `libraryOrder`). */
  libSort: LibrarySort;
  setLibrarySort(sort: LibrarySort): void;
  /** The smallest card width of the workspace's grid in pixels (its thumbnail size). */
  libCardSize: number;
  setLibraryCardSize(px: number): void;
  /** Rows by page number (1-based) for the current filters. */
  libPages: Record<number, LibraryItemView[]>;
  /** Rows the current filters match (known once the first page has arrived). */
  libTotal: number | undefined;
  libSource: LibrarySource;
  /** True while the first page of the current filters is on its way. */
  libLoading: boolean;
  /** {@link doneJobCount} when page 1 was last asked for (more now: page 1 is out of date). */
  libListedDone: number;
  /** What went wrong last (a banner); what is shown stays. */
  libError: string | undefined;
  /** Thumbnail URLs on the app's origin, by model id (`null`: could not be fetched). */
  libThumbs: Record<string, string | null>;
  /** Models whose thumbnails were asked for and have not come yet (their cards say they wait). */
  libThumbsWaiting: ReadonlySet<string>;
  libSelectedId: string | undefined;
  /** The versions of the selected family, once listed. */
  libFamily:
    (LibraryVersionsView & { loading?: false }) | { rootId: string; loading: true } | undefined;
  libFamilyError: string | undefined;
  libCache: LibraryCacheInfoView | undefined;
  /** Changes the filters and starts over from page 1. */
  setLibraryFilters(patch: Partial<LibraryFilters>): void;
  /** Bumped by a retry so the grid asks again for the pages in view. */
  libRetryTick: number;
  /**
   * The banner's Retry: asks again for the pages that failed, or lists page 1 again when the
   * grid shows the offline cache or nothing.
   */
  reloadLibrary(): Promise<void>;
  /** Lists page 1 again (a new model was made: it belongs at the top). */
  refreshLibrary(): Promise<void>;
  /**
   * Lists page 1 ahead of the first visit to the Library tab (called when the page is idle), so
   * the tab paints its cards at once. Nothing happens once the library is listed or being
   * listed. Returns false, asking nothing, until the viewer has mounted and while a model is
   * being fetched or loaded: try again later.
   */
  prefetchLibrary(): boolean;
  /** Makes sure the pages holding rows `from`…`to` (0-based) are loaded or on their way. */
  ensureLibraryRows(from: number, to: number): void;
  /**
   * The cards on screen, in the order their thumbnails should come. Thumbnails asked for cards
   * no longer on screen are cancelled in the core if not sent yet; with `fetch` (once the view
   * has rested), the missing ones are asked for.
   */
  wantThumbnails(modelIds: readonly string[], fetch?: boolean): void;
  selectLibraryModel(modelId: string | undefined): void;
  /** Lists every version of the family of `item`. */
  loadFamily(item: LibraryItemView): Promise<void>;
  loadCacheInfo(): Promise<void>;
  clearLibraryCache(): Promise<void>;
  /** The models picked for a batch (not the model whose detail is shown: `libSelectedId`). */
  libSelection: LibrarySelection;
  /** Why the selection changed by itself (a new search ended "Select all"), until it changes. */
  libSelectionNote: string | undefined;
  /**
   * Picks cards for a batch: `toggle` (checkbox, Ctrl/⌘-click, Space), `range` (Shift-click:
   * the anchor to `position` replaces the selection), `add-range` (Ctrl/⌘+Shift-click: joins
   * it), `anchor` (a plain click: where the next range starts). Positions are the grid's.
   */
  pickLibraryModels(how: 'toggle' | 'range' | 'add-range' | 'anchor', position: number): void;
  /** "Select all N": every model of the current search and filters, without listing them. */
  selectAllLibrary(): void;
  clearLibrarySelection(): void;
  /**
   * Opens the batch form on the selection ("Run a tool on N…"). Rows of a Shift range not listed yet are listed first
   * (`libBatchListing` meanwhile); the batch is asked for once the last of them has arrived.
   */
  requestBatch(): void;
  /** True while the rows a batch waits for are being listed. */
  libBatchListing: boolean;
}

/** The order of the grid as shown now (the name order only where it can be had). */
function shownOrder(s: LibrarySlice) {
  const total = s.libTotal ?? 0;
  return libraryOrder(
    shownSort(s.libSort, s.libTotal, s.libSource === 'offline'),
    s.libPages,
    total,
  );
}

/**
 * The library's selection as a batch names it, or null (nothing selected, a range still being
 * listed, or more than a batch takes: `libSelectionNote` says so after `requestBatch`). The main
 * process checks what arrives with `ModelSelectionSchema`; the page checks only the count, so
 * that zod stays out of its first screen (bench B7).
 */
export function selectedModels(s: LibrarySlice): ModelSelection | null {
  if (selectedCount(s.libSelection) > MAX_BATCH_MODELS) return null;
  const order = shownOrder(s);
  return toModelSelection(s.libSelection, (id) => order.indexOf(id));
}

/** What the library reads of Activity and the viewer. */
export interface LibraryNeeds {
  /** Finished jobs are counted when page 1 is listed (a later one makes it out of date). */
  readonly jobs: readonly JobView[];
  /** The prefetch waits until the viewer has mounted and settled. */
  readonly viewerState: ViewerState | undefined;
  readonly openingModelId: string | undefined;
  /** The batch feature's form, opened on the selection. */
  openBatch(selection: ModelSelection): void;
}

/** The row at `index` (0-based) of the loaded pages, if loaded. */
export function libraryRowAt(
  pages: Record<number, LibraryItemView[]>,
  index: number,
): LibraryItemView | undefined {
  return pages[Math.floor(index / LIBRARY_PAGE_SIZE) + 1]?.[index % LIBRARY_PAGE_SIZE];
}

/** Every loaded row (for finding the selected one). */
export function findLibraryRow(
  pages: Record<number, LibraryItemView[]>,
  modelId: string | undefined,
): LibraryItemView | undefined {
  if (!modelId) return undefined;
  for (const rows of Object.values(pages)) {
    const hit = rows.find((r) => r.modelId === modelId);
    if (hit) return hit;
  }
  return undefined;
}

/** Creates the library slice. */
export const createLibrarySlice: SliceCreator<LibrarySlice, LibraryNeeds> = (set, get, bridge) => {
  /** Bumped by every change of filters: answers for an older generation are dropped. */
  let generation = 0;
  const inFlight = new Set<number>();
  /** Pages that failed for this generation (not asked again until a reload). */
  const failed = new Set<number>();
  const thumbnails = new ThumbnailQueue({
    fetch: async (modelId) => (await bridge['library:thumbnail']({ modelId })).url,
    inView: (modelIds) => {
      void bridge['library:thumbnailsInView']({ modelIds: [...modelIds] }).catch(() => undefined);
    },
    known: (modelId) => modelId in get().libThumbs,
    settled: (modelId, url) => set({ libThumbs: { ...get().libThumbs, [modelId]: url } }),
    waiting: (modelIds) => set({ libThumbsWaiting: modelIds }),
  });

  /** Why the grid shows the offline cache (kept so a refresh of it says the same). */
  let offlineReason = '';
  /**
   * Shows the models saved on this computer in place of the service's rows: after `error` (no
   * network), or again after the cache changed (`cache` given).
   */
  const showOffline = async (gen: number, error: unknown, known?: LibraryCacheInfoView) => {
    const cache =
      known ?? (await bridge['library:cacheInfo'](undefined).catch(() => get().libCache));
    if (gen !== generation) return;
    if (!known) offlineReason = libraryErrorText(error);
    const rows = offlineRows(cache?.models ?? [], get().libFilters.search);
    set({
      libSource: 'offline',
      libPages: { 1: rows },
      libTotal: rows.length,
      libLoading: false,
      libCache: cache,
      libError: `${offlineReason} Showing the ${rows.length} model${rows.length === 1 ? '' : 's'} saved on this computer: they open without a network.`,
    });
  };

  const loadPage = async (page: number, gen: number, replace = false) => {
    inFlight.add(page);
    try {
      const answer = await bridge['library:list'](libraryQuery(get().libFilters, page));
      if (gen !== generation) return;
      // A service that leaves `total` out: assume one more page while pages come back full.
      const guess =
        (page - 1) * LIBRARY_PAGE_SIZE +
        answer.items.length +
        (answer.items.length === LIBRARY_PAGE_SIZE ? LIBRARY_PAGE_SIZE : 0);
      const thumbs = { ...get().libThumbs };
      for (const row of answer.items) if (row.thumbnailUrl) thumbs[row.modelId] = row.thumbnailUrl;
      set({
        libPages: replace ? { 1: answer.items } : { ...get().libPages, [page]: answer.items },
        libTotal: answer.total ?? (replace ? guess : Math.max(get().libTotal ?? 0, guess)),
        libThumbs: thumbs,
        libSource: 'service',
        ...(replace ? { libLoading: false, libError: undefined } : {}),
      });
      const order = shownOrder(get());
      const resolved = resolvePending(get().libSelection, (i) => order.rowAt(i)?.modelId);
      if (resolved !== get().libSelection) {
        set({ libSelection: resolved });
        // The batch asked for waited for these rows: with the last of them it is asked for.
        if (get().libBatchListing && pendingCount(resolved) === 0) {
          set({ libBatchListing: false });
          const selection = selectedModels(get());
          if (selection) get().openBatch(selection);
        }
      }
    } catch (error) {
      if (gen !== generation) return;
      failed.add(page);
      // Nothing of these filters shown yet and no network: show what is on disk. Otherwise the
      // rows shown stay and the banner says what happened.
      if (replace && isOffline(error)) return showOffline(gen, error);
      set({ libError: libraryErrorText(error), libLoading: false });
    } finally {
      if (gen === generation) inFlight.delete(page);
    }
  };

  /** Picks stay by id; what was still being listed by position is dropped, and said so. */
  const forgetSelectionPositions = (why: string) => {
    const selection = get().libSelection;
    if (selection.kind === 'all') return;
    const forgotten = forgetPositions(selection);
    set({
      libSelection: forgotten.selection,
      libBatchListing: false,
      ...(forgotten.dropped > 0
        ? {
            libSelectionNote: `${why}: the ${forgotten.dropped.toLocaleString('en-US')} models of the Shift range still being listed were left out. Select the range again.`,
          }
        : {}),
    });
  };

  /**
   * Rows of a Shift range that were not listed yet: their pages are asked for now. Only for a
   * batch: a range over the whole library is 100 pages, nearly two minutes of the key's request
   * budget, which would hold up every other listing (a new search's first page) behind it.
   */
  const listPending = () => {
    const selection = get().libSelection;
    if (selection.kind === 'all') return;
    const order = shownOrder(get());
    for (const [from, to] of selection.pending) {
      const [a, b] = order.serviceRange(from, to);
      get().ensureLibraryRows(a, b);
    }
  };

  const restart = () => {
    // Listed again (new models at the top, or the service back after the offline cache): the
    // grid's positions move, picked models stay.
    forgetSelectionPositions('The library was listed again');
    generation++;
    inFlight.clear();
    failed.clear();
    // The rows shown stay until the new answer replaces them (no blank grid in between).
    set({ libLoading: true, libError: undefined, libListedDone: doneJobCount(get().jobs) });
    return loadPage(1, generation, true);
  };

  return {
    libFilters: NO_FILTERS,
    libSort: 'newest',
    setLibrarySort(libSort) {
      if (libSort === get().libSort) return;
      forgetSelectionPositions('The order changed');
      set({ libSort });
    },
    libCardSize: LIBRARY_CARD_SIZE.workspace,
    setLibraryCardSize: (px) =>
      set({
        libCardSize: Math.round(
          Math.min(LIBRARY_CARD_SIZE.max, Math.max(LIBRARY_CARD_SIZE.min, px)),
        ),
      }),
    libPages: {},
    libTotal: undefined,
    libSource: 'service',
    libLoading: false,
    libListedDone: 0,
    libError: undefined,
    libThumbs: {},
    libThumbsWaiting: new Set(),
    libSelectedId: undefined,
    libFamily: undefined,
    libFamilyError: undefined,
    libCache: undefined,
    libRetryTick: 0,
    setLibraryFilters(patch) {
      const before = get().libSelection;
      set({ libFilters: { ...get().libFilters, ...patch } });
      if (before.kind === 'all') {
        // "All" meant the old search: it would now mean models the user has not seen.
        set({
          libSelection: NO_SELECTION,
          libSelectionNote: `The search or filters changed: “Select all” (${selectedCount(before).toLocaleString('en-US')}) was cleared.`,
        });
      } else {
        forgetSelectionPositions('The search changed');
        if (before.ids.size > 0 && get().libSelectionNote === undefined) {
          set({
            libSelectionNote: `The ${before.ids.size.toLocaleString('en-US')} models picked before the search changed stay selected.`,
          });
        }
      }
      void restart();
    },
    reloadLibrary() {
      // Rows of the service are shown: only the pages that failed are asked again.
      if (get().libSource === 'service' && get().libPages[1]) {
        failed.clear();
        set({ libError: undefined, libRetryTick: get().libRetryTick + 1 });
        return Promise.resolve();
      }
      return restart();
    },
    refreshLibrary: () => restart(),
    prefetchLibrary() {
      const viewer = get().viewerState;
      if (get().openingModelId || viewer === undefined || viewer === 'loading') return false;
      if (get().libTotal === undefined && !get().libLoading) void restart();
      return true;
    },
    ensureLibraryRows(from, to) {
      if (get().libSource === 'offline') return;
      const total = get().libTotal;
      if (total === undefined) return;
      const last = Math.min(to, total - 1);
      for (
        let p = Math.floor(from / LIBRARY_PAGE_SIZE) + 1;
        p <= Math.floor(last / LIBRARY_PAGE_SIZE) + 1;
        p++
      ) {
        if (get().libPages[p] || inFlight.has(p) || failed.has(p)) continue;
        void loadPage(p, generation);
      }
    },
    wantThumbnails: (modelIds, fetch = true) => thumbnails.show(modelIds, fetch),
    selectLibraryModel(modelId) {
      // The same card clicked again (a Ctrl/Shift pick's neighbour, say): its family stays.
      if (modelId === get().libSelectedId) return;
      set({ libSelectedId: modelId, libFamily: undefined, libFamilyError: undefined });
    },
    async loadFamily(item) {
      const rootId = item.rootId ?? item.modelId;
      set({ libFamily: { rootId, loading: true }, libFamilyError: undefined });
      try {
        const family = await bridge['library:versions']({
          rootId,
          name: item.name ?? '',
          ...(item.versionsCount ? { expected: item.versionsCount } : {}),
        });
        if (get().libFamily?.rootId !== rootId) return;
        const thumbs = { ...get().libThumbs };
        for (const v of family.versions) if (v.thumbnailUrl) thumbs[v.modelId] = v.thumbnailUrl;
        set({ libFamily: family, libThumbs: thumbs });
      } catch (error) {
        if (get().libFamily?.rootId !== rootId) return;
        set({ libFamily: undefined, libFamilyError: libraryErrorText(error) });
      }
    },
    async loadCacheInfo() {
      try {
        set({ libCache: await bridge['library:cacheInfo'](undefined) });
      } catch (error) {
        set({ libError: libraryErrorText(error) });
      }
    },
    libSelection: NO_SELECTION,
    libSelectionNote: undefined,
    pickLibraryModels(how, position) {
      const order = shownOrder(get());
      const selection = get().libSelection;
      const modelId = order.rowAt(position)?.modelId;
      const idAt = (i: number) => order.rowAt(i)?.modelId;
      let next: LibrarySelection;
      if (how === 'anchor') next = setAnchor(selection, position);
      else if (how === 'toggle') {
        if (modelId === undefined) return;
        next = toggle(selection, modelId, position);
      } else next = selectRange(selection, position, idAt, how === 'add-range');
      set({
        libSelection: next,
        ...(how === 'anchor' ? {} : { libSelectionNote: undefined, libBatchListing: false }),
      });
    },
    selectAllLibrary() {
      const s = get();
      if (!s.libTotal) return;
      // Offline, the grid holds every row it can show: they are picked by id (a query would
      // need the service).
      const libSelection =
        s.libSource === 'offline'
          ? pickAll((s.libPages[1] ?? []).map((r) => r.modelId))
          : selectAll(libraryFilter(s.libFilters), s.libTotal);
      set({ libSelection, libSelectionNote: undefined, libBatchListing: false });
    },
    clearLibrarySelection: () =>
      set({ libSelection: NO_SELECTION, libSelectionNote: undefined, libBatchListing: false }),
    libBatchListing: false,
    requestBatch() {
      const s = get();
      const count = selectedCount(s.libSelection);
      if (count > MAX_BATCH_MODELS) {
        set({
          libSelectionNote: `A batch takes at most ${MAX_BATCH_MODELS.toLocaleString('en-US')} models (${count.toLocaleString('en-US')} selected): search or filter to fewer.`,
        });
        return;
      }
      if (pendingCount(s.libSelection) > 0) {
        set({ libBatchListing: true });
        listPending();
        return;
      }
      const selection = selectedModels(s);
      if (selection) get().openBatch(selection);
    },
    async clearLibraryCache() {
      try {
        const libCache = await bridge['library:clearCache'](undefined);
        // Offline, the grid is the cache: it and its count show what is left (nothing).
        if (get().libSource === 'offline') {
          const gen = generation;
          set({ libCache, libThumbs: {} });
          return showOffline(gen, undefined, libCache);
        }
        // Cards no longer hold cached thumbnails: fetch them again when seen.
        const pages = Object.fromEntries(
          Object.entries(get().libPages).map(([p, rows]) => [
            p,
            rows.map(({ cached: _c, thumbnailUrl: _t, ...rest }) => rest),
          ]),
        );
        set({ libCache, libThumbs: {}, libPages: pages });
      } catch (error) {
        set({ libError: libraryErrorText(error) });
      }
    },
  };
};
