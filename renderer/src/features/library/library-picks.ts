/**
 * The library's multi-selection as the grid changes under it, as pure steps from the state to a
 * patch: picks by click and key, "Select all", what a new search, order or listing does to them,
 * and what a batch asks for. The selection itself (ids, Shift ranges by position) is
 * `selection.ts`; the slice holds the state and applies these patches.
 */
import { plural, t } from '@lingui/core/macro';
import { formatNumber } from '../../../../shared/format';
import { MAX_BATCH_MODELS } from '../../../../shared/ipc/limits';
import type { ModelSelection } from '../../../../shared/ipc/selection';
import { libraryFilter, libraryOrder, shownSort, type LibrarySort } from './library-logic';
import type { PagerState } from './library-pager';
import { NO_SELECTION } from './selection-state';
import { pendingCount, selectedCount, type LibrarySelection } from './selection-state';
import {
  forgetPositions,
  pickAll,
  resolvePending,
  selectAll,
  selectRange,
  setAnchor,
  toModelSelection,
  toggle,
} from './selection';

/** The selection's state. */
export interface PicksState {
  /** The models picked for a batch (not the model whose detail is shown). */
  libSelection: LibrarySelection;
  /** Why the selection changed by itself (a new search ended "Select all"), until it changes. */
  libSelectionNote: string | undefined;
  /** True while the rows a batch waits for are being listed. */
  libBatchListing: boolean;
}

/** What the picks read: the grid as shown and the selection. */
export type PicksView = PicksState & PagerState & { libSort: LibrarySort };

/** How a click or key picks (see `LibrarySlice.pickLibraryModels`). */
export type PickHow = 'toggle' | 'range' | 'add-range' | 'anchor';

/** The order of the grid as shown now (the name order only where it can be had). */
export function shownOrder(s: PicksView) {
  return libraryOrder(
    shownSort(s.libSort, s.libTotal, s.libSource === 'offline'),
    s.libPages,
    s.libTotal ?? 0,
  );
}

/**
 * The library's selection as a batch names it, or null (nothing selected, a range still being
 * listed, or more than a batch takes). The main process checks what arrives with
 * `ModelSelectionSchema`; the page checks only the count, so that zod stays out of its first
 * screen (bench B7).
 */
export function selectedModels(s: PicksView): ModelSelection | null {
  if (selectedCount(s.libSelection) > MAX_BATCH_MODELS) return null;
  const order = shownOrder(s);
  return toModelSelection(s.libSelection, (id) => order.indexOf(id));
}

/**
 * The grid's positions moved (`why`): picks stay by id; what was still being listed by position
 * is dropped, and said so. Undefined for "Select all" (a query, not positions).
 */
export function forgottenPositions(s: PicksView, why: string): Partial<PicksState> | undefined {
  if (s.libSelection.kind === 'all') return undefined;
  const forgotten = forgetPositions(s.libSelection);
  const { dropped } = forgotten;
  const shown = formatNumber(dropped);
  return {
    libSelection: forgotten.selection,
    libBatchListing: false,
    ...(dropped > 0
      ? {
          libSelectionNote: plural(dropped, {
            one: `${why}: the ${shown} models of the Shift range still being listed were left out. Select the range again.`,
            other: `${why}: the ${shown} models of the Shift range still being listed were left out. Select the range again.`,
          }),
        }
      : {}),
  };
}

/**
 * The selection after the search or filters changed: "Select all" meant the old search (it
 * would now mean models the user has not seen), so it is cleared; picks by id stay, and say so.
 */
export function picksAfterSearch(s: PicksView): Partial<PicksState> {
  const before = s.libSelection;
  if (before.kind === 'all') {
    const selected = formatNumber(selectedCount(before));
    return {
      libSelection: NO_SELECTION,
      libSelectionNote: t`The search or filters changed: “Select all” (${selected}) was cleared.`,
    };
  }
  const patch = forgottenPositions(s, t`The search changed`) ?? {};
  const kept = before.ids.size;
  if (kept > 0 && (patch.libSelectionNote ?? s.libSelectionNote) === undefined) {
    const shown = formatNumber(kept);
    patch.libSelectionNote = plural(kept, {
      one: `The ${shown} models picked before the search changed stay selected.`,
      other: `The ${shown} models picked before the search changed stay selected.`,
    });
  }
  return patch;
}

/** The selection after a pick at grid `position`; undefined where nothing changes. */
export function picked(
  s: PicksView,
  how: PickHow,
  position: number,
): Partial<PicksState> | undefined {
  const order = shownOrder(s);
  const idAt = (i: number) => order.rowAt(i)?.modelId;
  let next: LibrarySelection;
  if (how === 'anchor') next = setAnchor(s.libSelection, position);
  else if (how === 'toggle') {
    const modelId = idAt(position);
    if (modelId === undefined) return undefined;
    next = toggle(s.libSelection, modelId, position);
  } else next = selectRange(s.libSelection, position, idAt, how === 'add-range');
  return {
    libSelection: next,
    ...(how === 'anchor' ? {} : { libSelectionNote: undefined, libBatchListing: false }),
  };
}

/**
 * "Select all N": every model of the current search and filters, without listing them. Offline,
 * the grid holds every row it can show: they are picked by id (a query would need the service).
 */
export function pickedAll(s: PicksView): Partial<PicksState> | undefined {
  if (!s.libTotal) return undefined;
  const libSelection =
    s.libSource === 'offline'
      ? pickAll((s.libPages[1] ?? []).map((r) => r.modelId))
      : selectAll(libraryFilter(s.libFilters), s.libTotal);
  return { libSelection, libSelectionNote: undefined, libBatchListing: false };
}

/** The selection with the rows that arrived resolved; undefined where nothing was waiting. */
export function resolvedPicks(s: PicksView): Partial<PicksState> | undefined {
  const order = shownOrder(s);
  const resolved = resolvePending(s.libSelection, (i) => order.rowAt(i)?.modelId);
  return resolved === s.libSelection ? undefined : { libSelection: resolved };
}

/** What "Run a tool on N…" does now. */
export type BatchRequest =
  | { readonly kind: 'note'; readonly patch: Partial<PicksState> }
  /** Rows of a Shift range not listed yet: list these service rows (from, to), then ask again. */
  | { readonly kind: 'list'; readonly ranges: readonly (readonly [number, number])[] }
  | { readonly kind: 'open'; readonly selection: ModelSelection | null };

/**
 * What a batch on the selection needs first: fewer models (a note), the rows of a Shift range
 * not listed yet, or nothing (open the form). Pending rows are listed only for a batch: a range
 * over the whole library is 100 pages, nearly two minutes of the key's request budget, which
 * would hold up every other listing (a new search's first page) behind it.
 */
export function batchRequest(s: PicksView): BatchRequest {
  const n = selectedCount(s.libSelection);
  if (n > MAX_BATCH_MODELS) {
    const most = formatNumber(MAX_BATCH_MODELS);
    const selected = formatNumber(n);
    return {
      kind: 'note',
      patch: {
        libSelectionNote: t`A batch takes at most ${most} models (${selected} selected): search or filter to fewer.`,
      },
    };
  }
  if (pendingCount(s.libSelection) > 0 && s.libSelection.kind !== 'all') {
    const order = shownOrder(s);
    return {
      kind: 'list',
      ranges: s.libSelection.pending.map(([from, to]) => order.serviceRange(from, to)),
    };
  }
  return { kind: 'open', selection: selectedModels(s) };
}
