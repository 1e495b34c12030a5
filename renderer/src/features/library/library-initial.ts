/**
 * The library's fields, and their values at start: what the window holds before the library's
 * code is loaded (`library-lazy-slice.ts`), and what the real slice starts from.
 */
import type { LibraryVersionsView } from '../../../../shared/ipc/contract';
import type { LibraryFilters, LibrarySort } from './library-logic';
import type { PagerState } from './library-pager';
import type { PicksState } from './library-picks';
import { NO_SELECTION } from './selection-state';

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

/** Nothing picked. */
export const NO_PICKS: Readonly<PicksState> = {
  libSelection: NO_SELECTION,
  libSelectionNote: undefined,
  libBatchListing: false,
};

/** The library's fields (the pages': {@link PagerState}; the picks': {@link PicksState}). */
export interface LibraryFields extends PagerState, PicksState {
  /** The grid's order (the service lists newest first; see `libraryOrder`). */
  libSort: LibrarySort;
  /** The smallest card width of the workspace's grid in pixels (its thumbnail size). */
  libCardSize: number;
  /** {@link doneJobCount} when page 1 was last asked for (more now: page 1 is out of date). */
  libListedDone: number;
  /** Models whose thumbnails were asked for and have not come yet (their cards say they wait). */
  libThumbsWaiting: ReadonlySet<string>;
  libSelectedId: string | undefined;
  /** The versions of the selected family, once listed. */
  libFamily:
    (LibraryVersionsView & { loading?: false }) | { rootId: string; loading: true } | undefined;
  libFamilyError: string | undefined;
  /** Bumped by a retry so the grid asks again for the pages in view. */
  libRetryTick: number;
}

/** The library's fields at start, before anything is listed (the real slice starts from them). */
export const LIBRARY_INITIAL: LibraryFields = {
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
