/**
 * The library's multi-selection, as a file manager keeps it: models picked one by one (checkbox,
 * Ctrl/⌘-click, Space), Shift ranges in the grid's order, and "Select all N" of the current
 * search. The grid is virtualised and its pages come on demand, so nothing here needs every row:
 * a range's positions whose rows are not listed yet wait as positions until their page arrives,
 * and "all" is the filter with the models unticked since. Pure functions over immutable values.
 */
import { plural } from '@lingui/core/macro';
import { formatNumber } from '../../../../shared/format';
import type { LibraryFilter, ModelSelection } from '../../../../shared/ipc/selection';
import {
  NO_SELECTION,
  pendingCount,
  selectedCount,
  type AllSelection,
  type LibrarySelection,
  type PickedSelection,
  type PositionRange,
} from './selection-state';

/** The model id shown at a grid position, if its page is loaded. */
export type IdAt = (position: number) => string | undefined;

/** True when the card of `modelId` at `position` is selected. */
export function isSelected(
  selection: LibrarySelection,
  modelId: string,
  position: number,
): boolean {
  if (selection.kind === 'all') return !selection.except.has(modelId);
  return (
    selection.ids.has(modelId) ||
    selection.pending.some(([from, to]) => position >= from && position <= to)
  );
}

/** `ranges` without `position`. */
function withoutPosition(ranges: readonly PositionRange[], position: number): PositionRange[] {
  return ranges.flatMap(([from, to]): PositionRange[] => {
    if (position < from || position > to) return [[from, to]];
    const parts: PositionRange[] = [];
    if (from < position) parts.push([from, position - 1]);
    if (position < to) parts.push([position + 1, to]);
    return parts;
  });
}

/** `ranges` with `add` merged in (sorted, disjoint, adjacent ones joined). */
function withRange(ranges: readonly PositionRange[], add: PositionRange): PositionRange[] {
  const all = [...ranges, add].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of all) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** Ctrl/⌘-click, the checkbox or Space on the card of `modelId` at `position`. */
export function toggle(
  selection: LibrarySelection,
  modelId: string,
  position: number,
): LibrarySelection {
  if (selection.kind === 'all') {
    const except = new Set(selection.except);
    if (!except.delete(modelId)) except.add(modelId);
    return { ...selection, except, anchor: position };
  }
  const ids = new Map(selection.ids);
  const inPending = selection.pending.some(([f, t]) => position >= f && position <= t);
  if (inPending) {
    return {
      ...selection,
      pending: withoutPosition(selection.pending, position),
      anchor: position,
    };
  }
  if (!ids.delete(modelId)) ids.set(modelId, position);
  return { ...selection, ids, anchor: position };
}

/** Sets where the next Shift range starts (a plain click on a card). */
export function setAnchor(selection: LibrarySelection, position: number): LibrarySelection {
  return selection.anchor === position ? selection : { ...selection, anchor: position };
}

/**
 * Shift-click at `position`: the range from the anchor (or `position` alone without one)
 * replaces the selection; with `add` (Ctrl/⌘+Shift, or Shift on a checkbox) it joins it. The
 * anchor stays, as in a file manager, so a second Shift-click redraws the range. Rows not listed
 * yet wait as positions (see {@link resolvePending}).
 */
export function selectRange(
  selection: LibrarySelection,
  position: number,
  idAt: IdAt,
  add = false,
): LibrarySelection {
  const anchor = selection.anchor ?? position;
  const from = Math.min(anchor, position);
  const to = Math.max(anchor, position);
  if (add && selection.kind === 'all') {
    // Everything is selected already but the unticked ones: tick those of the range again.
    const except = new Set(selection.except);
    for (let i = from; i <= to; i++) {
      const id = idAt(i);
      if (id !== undefined) except.delete(id);
    }
    return { ...selection, except };
  }
  const base = add && selection.kind === 'picked' ? selection : NO_SELECTION;
  const ids = new Map(base.ids);
  const pending = listRange(from, to, idAt, ids, base.pending);
  return { kind: 'picked', ids, pending, anchor };
}

/**
 * Positions `from`…`to` into `ids` (those listed) and the ranges of `pending` (those not):
 * returns the new pending ranges.
 */
function listRange(
  from: number,
  to: number,
  idAt: IdAt,
  ids: Map<string, number>,
  pending: readonly PositionRange[],
): PositionRange[] {
  let out = [...pending];
  let gapFrom: number | undefined;
  for (let i = from; i <= to; i++) {
    const id = idAt(i);
    if (id === undefined) {
      gapFrom ??= i;
      continue;
    }
    if (gapFrom !== undefined) out = withRange(out, [gapFrom, i - 1]);
    gapFrom = undefined;
    ids.set(id, i);
  }
  return gapFrom === undefined ? out : withRange(out, [gapFrom, to]);
}

/** "Select all N" of the listing `filter` names (`total` rows). */
export function selectAll(filter: LibraryFilter, total: number): AllSelection {
  return { kind: 'all', filter, except: new Set(), total, anchor: undefined };
}

/** Every listed row picked explicitly (a listing read whole, e.g. the offline cache). */
export function pickAll(ids: readonly string[]): PickedSelection {
  return {
    kind: 'picked',
    ids: new Map(ids.map((id, i) => [id, i])),
    pending: [],
    anchor: undefined,
  };
}

/** Positions waiting for their rows that are listed now become ids. */
export function resolvePending(selection: LibrarySelection, idAt: IdAt): LibrarySelection {
  if (selection.kind === 'all' || selection.pending.length === 0) return selection;
  const ids = new Map(selection.ids);
  let pending: PositionRange[] = [];
  for (const [from, to] of selection.pending) pending = listRange(from, to, idAt, ids, pending);
  const resolved = { ...selection, ids, pending };
  return pendingCount(resolved) === pendingCount(selection) ? selection : resolved;
}

/**
 * The selection once its positions mean nothing any more (the listing changed: another search,
 * another order, new models at the top): picked models stay, positions still being listed are
 * dropped (how many is returned), and the anchor goes.
 */
export function forgetPositions(selection: PickedSelection): {
  selection: PickedSelection;
  dropped: number;
} {
  return {
    selection: { ...selection, pending: [], anchor: undefined },
    dropped: pendingCount(selection),
  };
}

/**
 * The selection as a batch names it, or null when there is nothing to run on yet (nothing
 * selected, or a range still being listed). Picked models come in the grid's order:
 * `positionOf` gives a model's position in the listing shown now, where known.
 */
export function toModelSelection(
  selection: LibrarySelection,
  positionOf: (modelId: string) => number | undefined = () => undefined,
): ModelSelection | null {
  if (selectedCount(selection) === 0) return null;
  if (selection.kind === 'all') {
    return {
      kind: 'query',
      filter: selection.filter,
      except: [...selection.except],
      total: selection.total,
    };
  }
  if (selection.pending.length > 0) return null;
  const order = [...selection.ids].map(([id, at]) => [id, positionOf(id) ?? at] as const);
  order.sort((a, b) => a[1] - b[1]);
  return { kind: 'ids', ids: order.map(([id]) => id) };
}

/** The selection's count in words ("12 selected", "All 20,000 selected", "19,998 of 20,000 selected"). */
export function selectionText(selection: LibrarySelection): string {
  const count = selectedCount(selection);
  const shown = formatNumber(count);
  if (selection.kind === 'all') {
    const all = selection.total;
    const total = formatNumber(all);
    return selection.except.size === 0
      ? plural(all, { one: `All ${total} selected`, other: `All ${total} selected` })
      : plural(count, {
          one: `${shown} of ${total} selected`,
          other: `${shown} of ${total} selected`,
        });
  }
  return plural(count, { one: `${shown} selected`, other: `${shown} selected` });
}
