import { describe, expect, it } from 'vitest';
import { compareFromCard } from './use-card-menu';
import type { PickedSelection } from './selection-state';
import { NO_SELECTION } from './selection-state';

const names: Record<string, string> = { a: 'Anvil', b: 'Bell', c: 'Crow' };
const nameOf = (id: string) => names[id];
const picked = (ids: Array<[string, number]>, pending: PickedSelection['pending'] = []) =>
  ({ kind: 'picked', ids: new Map(ids), pending, anchor: undefined }) as PickedSelection;

describe('Compare on a library card', () => {
  it('compares the two selected models, in their grid order, from either card', () => {
    const two = picked([
      ['c', 9],
      ['a', 2],
    ]);
    for (const card of ['a', 'c']) {
      expect(compareFromCard(card, undefined, two, nameOf)).toEqual({
        kind: 'selected',
        a: { modelId: 'a', label: 'Anvil' },
        b: { modelId: 'c', label: 'Crow' },
      });
    }
  });

  it('else compares the card with the model open in the viewer', () => {
    const open = { modelId: 'b', name: 'Bell (open)' };
    expect(compareFromCard('a', open, NO_SELECTION, nameOf)).toEqual({
      kind: 'open-model',
      a: { modelId: 'b', label: 'Bell (open)' },
      b: { modelId: 'a', label: 'Anvil' },
    });
    // A card outside the two selected, or a selection still being listed, is not "the two".
    const two = picked([
      ['b', 1],
      ['c', 2],
    ]);
    expect(compareFromCard('a', open, two, nameOf).kind).toBe('open-model');
    const listing = picked([['a', 0]], [[4, 4]]);
    expect(compareFromCard('a', open, listing, nameOf).kind).toBe('open-model');
  });

  it('has nothing to compare with: no model open, the card itself open, or a local file open', () => {
    expect(compareFromCard('a', undefined, NO_SELECTION, nameOf).kind).toBe('none');
    expect(compareFromCard('a', { modelId: 'a' }, NO_SELECTION, nameOf).kind).toBe('none');
    expect(compareFromCard('a', { modelId: 'local-x1' }, NO_SELECTION, nameOf).kind).toBe('none');
  });
});
