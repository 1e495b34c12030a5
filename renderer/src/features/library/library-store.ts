/**
 * The library's place in the store while its code is not loaded. The library slice (its pager,
 * picks and thumbnail queue: ~4 kB of the entry's gzip, bench B7) is a chunk of its own: the
 * window starts with the fields below, and the first library action (the idle prefetch of page 1,
 * the Library tab, a job that refreshes the list) brings the code (see `lazy-slice.ts`).
 */
import { lazySlice, type StateOf } from '../../store/lazy-slice';
import type { LibraryFilters } from './library-logic';
import type { PagerState } from './library-pager';
import type { PicksState } from './library-picks';
import type { LibraryNeeds, LibrarySlice } from './library-slice';
import type { PickedSelection } from './selection';

/**
 * Card widths of the grid (px): the strip's (fixed), and the workspace's default and the range of
 * its thumbnail-size slider.
 */
export const LIBRARY_CARD_SIZE = { strip: 118, workspace: 160, min: 96, max: 280 } as const;

/** No filter: every model, newest first. */
export const NO_FILTERS: LibraryFilters = {
  search: '',
  published: false,
  favourite: false,
  includeRemesh: false,
  families: false,
  hasVersions: false,
};

/** Nothing listed yet, no filters. */
export const NO_PAGES: Readonly<PagerState> = {
  libFilters: NO_FILTERS,
  libPages: {},
  libTotal: undefined,
  libSource: 'service',
  libLoading: false,
  libError: undefined,
  libThumbs: {},
  libCache: undefined,
};

/** Nothing selected. */
export const NO_SELECTION: PickedSelection = {
  kind: 'picked',
  ids: new Map(),
  pending: [],
  anchor: undefined,
};

/** Nothing picked. */
export const NO_PICKS: Readonly<PicksState> = {
  libSelection: NO_SELECTION,
  libSelectionNote: undefined,
  libBatchListing: false,
};

/** The library's fields at start, before anything is listed (the real slice starts from them). */
export const LIBRARY_INITIAL: StateOf<LibrarySlice> = {
  ...NO_PAGES,
  ...NO_PICKS,
  libSort: 'newest',
  libCardSize: LIBRARY_CARD_SIZE.workspace,
  libListedDone: 0,
  libThumbsWaiting: new Set(),
  libSelectedId: undefined,
  libFamily: undefined,
  libFamilyError: undefined,
  libRetryTick: 0,
};

/** The library slice as the store makes it: its code fetched on the first action. */
export const createLazyLibrarySlice = lazySlice<LibrarySlice, LibraryNeeds>({
  initial: LIBRARY_INITIAL,
  actions: {
    loadLibrary: true,
    setLibrarySort: true,
    setLibraryCardSize: true,
    setLibraryFilters: true,
    reloadLibrary: true,
    refreshLibrary: true,
    prefetchLibrary: true,
    ensureLibraryRows: true,
    wantThumbnails: true,
    selectLibraryModel: true,
    loadFamily: true,
    loadCacheInfo: true,
    clearLibraryCache: true,
    pickLibraryModels: true,
    selectAllLibrary: true,
    clearLibrarySelection: true,
    requestBatch: true,
  },
  // "Not yet, try again later": the idle prefetch asks again once the code is here.
  meanwhile: { prefetchLibrary: false },
  load: () => import('./library-slice').then((m) => m.createLibrarySlice),
});
