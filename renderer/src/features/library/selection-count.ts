/**
 * How many models a library selection holds: its own module, because the window's keys ask it
 * from the entry chunk while the rest of the selection's rules load with the library.
 */
import type { LibrarySelection, PositionRange } from './selection';

/** How many positions a range covers. */
export const rangeLength = ([from, to]: PositionRange): number => to - from + 1;

/** Models selected. */
export function selectedCount(selection: LibrarySelection): number {
  if (selection.kind === 'all') return Math.max(0, selection.total - selection.except.size);
  return selection.ids.size + pendingCount(selection);
}

/** Positions of the selection whose rows are still being listed. */
export function pendingCount(selection: LibrarySelection): number {
  return selection.kind === 'all' ? 0 : selection.pending.reduce((n, r) => n + rangeLength(r), 0);
}
