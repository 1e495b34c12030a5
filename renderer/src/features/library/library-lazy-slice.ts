/**
 * The library's place in the store while its code is not loaded. The library slice (its pager,
 * picks and thumbnail queue: ~4 kB of the entry's gzip, bench B7) is a chunk of its own: the
 * window starts with its fields (`library-initial.ts`), and the first library action (the idle
 * prefetch of page 1, the Library tab, a job that refreshes the list) brings the code (see
 * `store/lazy-slices.ts`).
 */
import { lazySlice } from '../../store/lazy-slices';
import { LIBRARY_INITIAL } from './library-initial';
import type { LibraryNeeds, LibrarySlice } from './library-slice';

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
