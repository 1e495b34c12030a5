/**
 * What a library selection is (its types), nothing selected, and how many models one holds: the
 * part of the selection the window's keys and the store's start values need from the entry
 * chunk, while the rules that change a selection (`selection.ts`) load with the library.
 */
import type { LibraryFilter } from '../../../../shared/ipc/selection';

/** Grid positions `from`…`to`, inclusive, `from <= to`. */
export type PositionRange = readonly [from: number, to: number];

/** Models picked one by one or by Shift ranges. */
export interface PickedSelection {
  readonly kind: 'picked';
  /** Picked models, with their grid position when picked (the order a batch runs in). */
  readonly ids: ReadonlyMap<string, number>;
  /** Positions of a Shift range not listed yet (sorted, disjoint): ids once their page is here. */
  readonly pending: readonly PositionRange[];
  /** Where a Shift range starts: the card last clicked or toggled. */
  readonly anchor: number | undefined;
}

/** "Select all N": every model `filter` matches but those unticked since. */
export interface AllSelection {
  readonly kind: 'all';
  readonly filter: LibraryFilter;
  readonly except: ReadonlySet<string>;
  /** The count the user saw when selecting. */
  readonly total: number;
  readonly anchor: number | undefined;
}

/** The library's selection. */
export type LibrarySelection = PickedSelection | AllSelection;

/** Nothing selected. */
export const NO_SELECTION: PickedSelection = {
  kind: 'picked',
  ids: new Map(),
  pending: [],
  anchor: undefined,
};

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
