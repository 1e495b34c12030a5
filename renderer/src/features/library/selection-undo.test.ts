import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from './library-initial';
import { type PicksState } from './library-picks';
import { NO_PICKS } from './library-initial';
import { clearedSelectionUndo, type SelectionScene } from './selection-undo';
import { selectAll } from './selection';
import type { PickedSelection } from './selection-state';
import { NO_SELECTION } from './selection-state';

const all = selectAll({}, 3210);
const picked: PickedSelection = {
  kind: 'picked',
  ids: new Map([
    ['m1', 0],
    ['m2', 1],
  ]),
  pending: [[5, 9]],
  anchor: 1,
};

/** A scene cleared now, then changed by `after` before the undo. */
function undoAfter(before: SelectionScene, after: Partial<SelectionScene>) {
  let scene: SelectionScene = { ...before, libSelection: NO_SELECTION };
  const undo = clearedSelectionUndo(
    before,
    () => scene,
    (patch: Partial<PicksState>) => (scene = { ...scene, ...patch }),
  )!;
  scene = { ...scene, ...after };
  const result = undo.undo();
  return { scene, result, words: undo.describe() };
}

describe('clearedSelectionUndo', () => {
  const scene = (libSelection: SelectionScene['libSelection']): SelectionScene => ({
    libSelection,
    libFilters: NO_FILTERS,
    libSort: 'newest',
  });

  it('puts the same selection back (the value, not a copy) and names its count', () => {
    const { scene: back, words } = undoAfter(scene(all), {});
    expect(back.libSelection).toBe(all);
    expect(words).toBe('Selection of 3,210 models cleared');
  });

  it('after the same search typed back, still the same selection', () => {
    const { scene: back } = undoAfter(scene(all), { libFilters: { ...NO_FILTERS } });
    expect(back.libSelection).toBe(all);
  });

  it('after a new search: picks by id come back without their positions, “Select all” does not', () => {
    const search = { libFilters: { ...NO_FILTERS, search: 'teapot' } };
    const mine = undoAfter(scene(picked), search);
    expect(mine.scene.libSelection).toEqual({ ...picked, pending: [], anchor: undefined });
    const everything = undoAfter(scene(all), search);
    expect(everything.result).toBe(false);
    expect(everything.scene.libSelection).toBe(NO_SELECTION);
    expect(undoAfter(scene(all), { libSort: 'name' }).result).toBe(false);
  });

  it('records nothing for an empty selection', () => {
    expect(
      clearedSelectionUndo(
        scene(NO_PICKS.libSelection),
        () => scene(all),
        () => {},
      ),
    ).toBe(undefined);
  });
});
