import { describe, expect, it } from 'vitest';
import { ModelSelectionSchema } from '../../../../shared/ipc/selection';
import {
  forgetPositions,
  isSelected,
  pickAll,
  resolvePending,
  selectAll,
  selectRange,
  selectionText,
  setAnchor,
  toModelSelection,
  toggle,
  type IdAt,
} from './selection';
import {
  NO_SELECTION,
  pendingCount,
  selectedCount,
  type LibrarySelection,
} from './selection-state';

/** A listing of `total` rows where only `loaded` positions are known (`m<position>`). */
const listing =
  (loaded: (i: number) => boolean): IdAt =>
  (i) =>
    loaded(i) ? `m${i}` : undefined;
const everything = listing(() => true);

describe('library selection', () => {
  it('Ctrl/⌘-click toggles one model, and the batch names them in the grid order', () => {
    let s = toggle(NO_SELECTION, 'm7', 7);
    s = toggle(s, 'm2', 2);
    s = toggle(s, 'm5', 5);
    s = toggle(s, 'm7', 7);
    expect(selectedCount(s)).toBe(2);
    expect(isSelected(s, 'm7', 7)).toBe(false);
    expect(toModelSelection(s)).toEqual({ kind: 'ids', ids: ['m2', 'm5'] });
    expect(selectionText(s)).toBe('2 selected');
  });

  it('the grid order is the one shown now when the model is known there', () => {
    const s = toggle(toggle(NO_SELECTION, 'a', 1), 'b', 2);
    expect(toModelSelection(s, (id) => (id === 'a' ? 9 : 3))).toEqual({
      kind: 'ids',
      ids: ['b', 'a'],
    });
  });

  it('Shift-click selects from the anchor, replacing the selection; a second one redraws it', () => {
    let s = toggle(NO_SELECTION, 'm20', 20);
    s = setAnchor(s, 3);
    s = selectRange(s, 6, everything);
    expect(toModelSelection(s)).toEqual({ kind: 'ids', ids: ['m3', 'm4', 'm5', 'm6'] });
    s = selectRange(s, 1, everything);
    expect(toModelSelection(s)).toEqual({ kind: 'ids', ids: ['m1', 'm2', 'm3'] });
    // With Ctrl/⌘ (add), it joins what is selected.
    s = toggle(s, 'm10', 10);
    s = selectRange(s, 12, everything, true);
    expect(selectedCount(s)).toBe(6);
    expect(toModelSelection(s)).toEqual({
      kind: 'ids',
      ids: ['m1', 'm2', 'm3', 'm10', 'm11', 'm12'],
    });
  });

  it('a Shift range over rows not listed yet counts them, waits for them, then names them', () => {
    // Pages of 200: rows 0–199 and 19,800–19,999 are listed, the 19,600 between are not.
    const partly = listing((i) => i < 200 || i >= 19_800);
    let s = selectRange(setAnchor(NO_SELECTION, 5), 19_900, partly);
    expect(selectedCount(s)).toBe(19_896);
    expect(pendingCount(s)).toBe(19_600);
    expect(isSelected(s, 'x', 10_000)).toBe(true);
    expect(isSelected(s, 'x', 19_950)).toBe(false);
    expect(toModelSelection(s)).toBeNull();

    // A card in the unlisted part unticked (its page came meanwhile, the rest did not).
    s = toggle(s, 'm10000', 10_000);
    expect(selectedCount(s)).toBe(19_895);
    expect(isSelected(s, 'm10000', 10_000)).toBe(false);

    s = resolvePending(
      s,
      listing((i) => i < 10_000 || i >= 19_800),
    );
    expect(pendingCount(s)).toBe(9_799);
    s = resolvePending(s, everything);
    expect(pendingCount(s)).toBe(0);
    const batch = toModelSelection(s);
    expect(batch?.kind === 'ids' && batch.ids.length).toBe(19_895);
    expect(batch?.kind === 'ids' && batch.ids.includes('m10000')).toBe(false);
    expect(batch?.kind === 'ids' && batch.ids[0]).toBe('m5');
    expect(ModelSelectionSchema.safeParse(batch).success).toBe(true);
  });

  it('resolving nothing new keeps the same value (no re-render)', () => {
    const s = selectRange(
      setAnchor(NO_SELECTION, 0),
      10,
      listing((i) => i < 5),
    );
    expect(
      resolvePending(
        s,
        listing((i) => i < 5),
      ),
    ).toBe(s);
  });

  it('"Select all N" is the filter and the unticked models, never every id', () => {
    const filter = { search: 'chair' };
    let s: LibrarySelection = selectAll(filter, 20_000);
    expect(selectionText(s)).toBe('All 20,000 selected');
    s = toggle(s, 'm3', 3);
    s = toggle(s, 'm9', 9);
    expect(isSelected(s, 'm3', 3)).toBe(false);
    expect(isSelected(s, 'm4', 4)).toBe(true);
    expect(selectionText(s)).toBe('19,998 of 20,000 selected');
    const batch = toModelSelection(s);
    expect(batch).toEqual({ kind: 'query', filter, except: ['m3', 'm9'], total: 20_000 });
    expect(ModelSelectionSchema.safeParse(batch).success).toBe(true);
    // Ticked again: back in.
    s = toggle(s, 'm3', 3);
    expect(toModelSelection(s)).toMatchObject({ except: ['m9'] });
  });

  it('after "Select all", Ctrl+Shift ticks a range again; Shift alone picks just the range', () => {
    let s: LibrarySelection = selectAll({}, 100);
    for (const i of [3, 4, 5, 40]) s = toggle(s, `m${i}`, i);
    s = setAnchor(s, 2);
    const added = selectRange(s, 6, everything, true);
    expect(added.kind === 'all' && [...added.except]).toEqual(['m40']);
    const only = selectRange(s, 6, everything);
    expect(toModelSelection(only)).toEqual({ kind: 'ids', ids: ['m2', 'm3', 'm4', 'm5', 'm6'] });
  });

  it('everything unticked is nothing to run on', () => {
    const s = toggle(selectAll({}, 1), 'm0', 0);
    expect(selectedCount(s)).toBe(0);
    expect(toModelSelection(s)).toBeNull();
    expect(toModelSelection(NO_SELECTION)).toBeNull();
  });

  it('a listing read whole (offline) is picked by id', () => {
    expect(toModelSelection(pickAll(['b', 'a']))).toEqual({ kind: 'ids', ids: ['b', 'a'] });
  });

  it('a changed listing keeps the picked models and drops positions still being listed', () => {
    const s = selectRange(
      setAnchor(NO_SELECTION, 0),
      9,
      listing((i) => i < 4),
    );
    if (s.kind !== 'picked') throw new Error('a range picks');
    const { selection, dropped } = forgetPositions(s);
    expect(dropped).toBe(6);
    expect(selection.anchor).toBeUndefined();
    expect(toModelSelection(selection)).toEqual({ kind: 'ids', ids: ['m0', 'm1', 'm2', 'm3'] });
  });
});
