/**
 * The library: pages of the account's models fetched as the grid scrolls (the total kept so the
 * grid knows its height), the filters, thumbnails brought into the local cache for the cards in
 * view, the selected model and its family's versions, the local cache (what is on disk, its
 * size, clearing it), and the multi-selection a batch runs on (see `selection.ts`). A failed
 * request never empties what is shown: the banner says what happened; with no network at all the
 * grid shows the models saved on this computer.
 */
import { t } from '@lingui/core/macro';
import type { JobView, LibraryItemView } from '../../../../shared/ipc/contract';
import type { Bridge } from '../../../../shared/ipc/bridge';
import type { ModelSelection } from '../../../../shared/ipc/selection';
import {
  LIBRARY_PAGE_SIZE,
  doneJobCount,
  libraryErrorText,
  type LibraryFilters,
  type LibrarySort,
} from './library-logic';
import { LibraryPager, withThumbnails } from './library-pager';
import {
  LIBRARY_CARD_SIZE,
  LIBRARY_INITIAL,
  NO_PICKS,
  type LibraryFields,
} from './library-initial';
import {
  batchRequest,
  forgottenPositions,
  picked,
  pickedAll,
  picksAfterSearch,
  resolvedPicks,
  selectedModels,
  type PickHow,
} from './library-picks';
import { pendingCount } from './selection-state';
import { clearedSelectionUndo } from './selection-undo';
import { frameBatch } from './frame-batch';
import { ThumbnailQueue } from './thumbnail-queue';
import type { SliceCreator } from '../../store/slice';
import type { UndoRecord } from '../../store/undo';
import type { ViewerState } from '../../viewer/viewer-types';

export type { LibrarySource } from './library-pager';
export { selectedModels } from './library-picks';

/** The library's state ({@link LibraryFields}) and actions. */
export interface LibrarySlice extends LibraryFields {
  /**
   * Brings the library's code, which is not in the entry chunk (`library-lazy-slice.ts`), and
   * puts its actions in the store. Every other action does that first too; this one does only
   * that, for a caller that needs the real actions in place before it calls one synchronously
   * (the unit tests; the window itself has no such caller).
   */
  loadLibrary(): Promise<void>;
  setLibrarySort(sort: LibrarySort): void;
  setLibraryCardSize(px: number): void;
  /** Changes the filters and starts over from page 1. */
  setLibraryFilters(patch: Partial<LibraryFilters>): void;
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
  /**
   * Picks cards for a batch: `toggle` (checkbox, Ctrl/⌘-click, Space), `range` (Shift-click:
   * the anchor to `position` replaces the selection), `add-range` (Ctrl/⌘+Shift-click: joins
   * it), `anchor` (a plain click: where the next range starts). Positions are the grid's.
   */
  pickLibraryModels(how: PickHow, position: number): void;
  /** "Select all N": every model of the current search and filters, without listing them. */
  selectAllLibrary(): void;
  clearLibrarySelection(): void;
  /**
   * Opens the batch form on the selection ("Run a tool on N…"). Rows of a Shift range not listed yet are listed first
   * (`libBatchListing` meanwhile); the batch is asked for once the last of them has arrived.
   */
  requestBatch(): void;
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
  /** Clearing a selection can be undone (Ctrl/⌘+Z, the notice's Undo). */
  recordUndo(record: UndoRecord): void;
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

type LibrarySet = Parameters<SliceCreator<LibrarySlice, LibraryNeeds>>[0];
type LibraryGet = Parameters<SliceCreator<LibrarySlice, LibraryNeeds>>[1];

/**
 * The thumbnails of the cards in view, brought into the local cache through the bridge. What
 * arrives in a burst reaches the store in one update per frame ({@link frameBatch}).
 */
function thumbnailQueue(set: LibrarySet, get: LibraryGet, bridge: Bridge): ThumbnailQueue {
  let arrived: Record<string, string | null> = {};
  let waiting: ReadonlySet<string> | undefined;
  const update = frameBatch(() => {
    const thumbs = arrived;
    arrived = {};
    set({
      ...(Object.keys(thumbs).length > 0 ? { libThumbs: { ...get().libThumbs, ...thumbs } } : {}),
      ...(waiting ? { libThumbsWaiting: waiting } : {}),
    });
    waiting = undefined;
  });
  return new ThumbnailQueue({
    fetch: async (modelId) => (await bridge['library:thumbnail']({ modelId })).url,
    inView: (modelIds) => {
      void bridge['library:thumbnailsInView']({ modelIds: [...modelIds] }).catch(() => undefined);
    },
    known: (modelId) => modelId in get().libThumbs || modelId in arrived,
    settled: (modelId, url) => {
      arrived[modelId] = url;
      update();
    },
    waiting: (modelIds) => {
      waiting = modelIds;
      update();
    },
  });
}

/**
 * The pager over the store and the bridge. When rows arrive, a selection that waited for them
 * resolves, and a batch that waited for the last of them is asked for.
 */
function libraryPager(set: LibrarySet, get: LibraryGet, bridge: Bridge): LibraryPager {
  const arrived = () => {
    const resolved = resolvedPicks(get());
    if (!resolved) return;
    set(resolved);
    if (get().libBatchListing && pendingCount(get().libSelection) === 0) {
      set({ libBatchListing: false });
      const selection = selectedModels(get());
      if (selection) get().openBatch(selection);
    }
  };
  return new LibraryPager({
    list: (query) => bridge['library:list'](query),
    cacheInfo: () => bridge['library:cacheInfo'](undefined),
    read: get,
    write: set,
    arrived,
  });
}

/** Creates the library slice. */
export const createLibrarySlice: SliceCreator<LibrarySlice, LibraryNeeds> = (set, get, bridge) => {
  const thumbnails = thumbnailQueue(set, get, bridge);
  const pager = libraryPager(set, get, bridge);

  /** The grid's positions moved (`why`): picks stay by id, positions still being listed go. */
  const forgetSelectionPositions = (why: string) => {
    const patch = forgottenPositions(get(), why);
    if (patch) set(patch);
  };

  const restart = () => {
    // Listed again (new models at the top, or the service back after the offline cache): the
    // grid's positions move, picked models stay.
    forgetSelectionPositions(t`The library was listed again`);
    set({ libListedDone: doneJobCount(get().jobs) });
    return pager.restart();
  };

  return {
    ...LIBRARY_INITIAL,
    loadLibrary: () => Promise.resolve(),
    setLibrarySort(libSort) {
      if (libSort === get().libSort) return;
      forgetSelectionPositions(t`The order changed`);
      set({ libSort });
    },
    setLibraryCardSize: (px) =>
      set({
        libCardSize: Math.round(
          Math.min(LIBRARY_CARD_SIZE.max, Math.max(LIBRARY_CARD_SIZE.min, px)),
        ),
      }),
    setLibraryFilters(patch) {
      const before = get();
      set({ libFilters: { ...before.libFilters, ...patch } });
      set(picksAfterSearch(before));
      void restart();
    },
    reloadLibrary() {
      // Rows of the service are shown: only the pages that failed are asked again.
      if (get().libSource === 'service' && get().libPages[1]) {
        pager.retryFailed();
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
    ensureLibraryRows: (from, to) => pager.ensureRows(from, to),
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
        set({ libFamily: family, libThumbs: withThumbnails(get().libThumbs, family.versions) });
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
    pickLibraryModels(how, position) {
      const patch = picked(get(), how, position);
      if (patch) set(patch);
    },
    selectAllLibrary() {
      const patch = pickedAll(get());
      if (patch) set(patch);
    },
    clearLibrarySelection() {
      const undo = clearedSelectionUndo(get(), get, set);
      set(NO_PICKS);
      if (undo) get().recordUndo(undo);
    },
    requestBatch() {
      const request = batchRequest(get());
      if (request.kind === 'note') return set(request.patch);
      if (request.kind === 'open') {
        if (request.selection) get().openBatch(request.selection);
        return;
      }
      set({ libBatchListing: true });
      for (const [from, to] of request.ranges) get().ensureLibraryRows(from, to);
    },
    async clearLibraryCache() {
      try {
        await pager.cacheCleared(await bridge['library:clearCache'](undefined));
      } catch (error) {
        set({ libError: libraryErrorText(error) });
      }
    },
  };
};
