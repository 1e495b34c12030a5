/**
 * Undo of a cleared selection (Escape, Clear): the selection is an immutable value (ids, ranges
 * of positions, or "all of this search but these"), so its snapshot is the value itself, kept by
 * reference: clearing thousands of models copies nothing.
 */
import { plural } from '@lingui/core/macro';
import type { UndoRecord } from '../../store/undo';
import { libraryFilter, type LibrarySort } from './library-logic';
import type { PagerState } from './library-pager';
import { type PicksState } from './library-picks';
import { NO_PICKS } from './library-initial';
import { forgetPositions } from './selection';
import { selectedCount } from './selection-state';

/** What the undo reads of the library: the selection and the listing it was made on. */
export type SelectionScene = Pick<PicksState, 'libSelection'> &
  Pick<PagerState, 'libFilters'> & { libSort: LibrarySort };

/** True when two filter states ask the service for the same listing (a search typed back too). */
function sameSearch(a: SelectionScene['libFilters'], b: SelectionScene['libFilters']): boolean {
  return a === b || JSON.stringify(libraryFilter(a)) === JSON.stringify(libraryFilter(b));
}

/**
 * The undo of clearing the selection of `before` (undefined when nothing was selected). It puts
 * the selection back as it was while the grid lists the same search in the same order; after a
 * new search or order, models picked by id come back (their positions no longer mean anything),
 * and "Select all" of the earlier search does not (it would now mean models not seen).
 */
export function clearedSelectionUndo(
  before: SelectionScene,
  read: () => SelectionScene,
  write: (patch: Partial<PicksState>) => void,
): UndoRecord | undefined {
  const { libSelection, libFilters, libSort } = before;
  const count = selectedCount(libSelection);
  if (count === 0) return undefined;
  return {
    describe: () =>
      plural(count, {
        one: 'Selection of # model cleared',
        other: 'Selection of # models cleared',
      }),
    undo() {
      const now = read();
      if (sameSearch(now.libFilters, libFilters) && now.libSort === libSort) {
        write({ ...NO_PICKS, libSelection });
      } else if (libSelection.kind === 'picked') {
        write({ ...NO_PICKS, libSelection: forgetPositions(libSelection).selection });
      } else return false;
    },
    redo() {
      // Cleared again, as Escape or Clear did (nothing to clear: nothing to redo).
      if (selectedCount(read().libSelection) === 0) return false;
      write(NO_PICKS);
    },
  };
}
