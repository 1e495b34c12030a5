import { describe, expect, it } from 'vitest';
import type { LibraryItemView } from '../../../../shared/ipc/contract';
import { MAX_BATCH_MODELS } from '../../../../shared/ipc/limits';
import { NO_PAGES } from './library-initial';
import {
  batchRequest,
  forgottenPositions,
  picked,
  pickedAll,
  picksAfterSearch,
  resolvedPicks,
  type PicksView,
} from './library-picks';
import { NO_PICKS } from './library-initial';
import { selectAll } from './selection';

const rows = (n: number, from = 0): LibraryItemView[] =>
  Array.from({ length: n }, (_, i) => ({ modelId: `m${from + i}`, name: `M${from + i}` }));

/** The grid with page 1 of `total` rows listed (`listed` of them). */
const grid = (total: number, listed = total, patch: Partial<PicksView> = {}): PicksView => ({
  ...NO_PAGES,
  ...NO_PICKS,
  libSort: 'newest',
  libTotal: total,
  libPages: { 1: rows(listed) },
  ...patch,
});

describe('library picks', () => {
  it('toggles and ranges by grid position; a plain click only sets the anchor', () => {
    let s = grid(5);
    s = { ...s, ...picked(s, 'toggle', 1)! };
    expect([...(s.libSelection.kind === 'picked' ? s.libSelection.ids.keys() : [])]).toEqual([
      'm1',
    ]);
    s = { ...s, ...picked(s, 'range', 3)! };
    expect(batchRequest(s)).toEqual({
      kind: 'open',
      selection: { kind: 'ids', ids: ['m1', 'm2', 'm3'] },
    });
    expect(picked(s, 'anchor', 0)).not.toHaveProperty('libSelectionNote');
  });

  it('asks for the unlisted rows of a Shift range before the batch opens', () => {
    let s = grid(600, 200);
    s = { ...s, ...picked(s, 'anchor', 0)! };
    s = { ...s, ...picked(s, 'range', 450)! };
    const request = batchRequest(s);
    expect(request).toEqual({ kind: 'list', ranges: [[200, 450]] });
    // The rows arrive: the range resolves to ids.
    const listed = { ...s, libPages: { 1: rows(200), 2: rows(200, 200), 3: rows(200, 400) } };
    const resolved = resolvedPicks(listed)!;
    expect(batchRequest({ ...listed, ...resolved }).kind).toBe('open');
    expect(resolvedPicks({ ...listed, ...resolved })).toBeUndefined();
  });

  it('refuses a batch over the limit with a note', () => {
    const s = grid(MAX_BATCH_MODELS + 1, 10, {
      libSelection: selectAll({}, MAX_BATCH_MODELS + 1),
    });
    const request = batchRequest(s);
    expect(request.kind).toBe('note');
    expect(request.kind === 'note' && request.patch.libSelectionNote).toMatch(
      /^A batch takes at most/,
    );
  });

  it('clears “Select all” on a new search, and keeps picks by id saying so', () => {
    const all = grid(5, 5, pickedAll(grid(5)));
    expect(picksAfterSearch(all)).toEqual({
      libSelection: NO_PICKS.libSelection,
      libSelectionNote: 'The search or filters changed: “Select all” (5) was cleared.',
    });
    const some = grid(5, 5, picked(grid(5), 'toggle', 2));
    expect(picksAfterSearch(some).libSelectionNote).toBe(
      'The 1 models picked before the search changed stay selected.',
    );
  });

  it('drops the positions still being listed when the grid moves, and says how many', () => {
    let s = grid(600, 200);
    s = { ...s, ...picked(s, 'anchor', 0)! };
    s = { ...s, ...picked(s, 'range', 299)! };
    expect(forgottenPositions(s, 'The order changed')?.libSelectionNote).toBe(
      'The order changed: the 100 models of the Shift range still being listed were left out. Select the range again.',
    );
    expect(forgottenPositions(grid(5, 5, pickedAll(grid(5))), 'x')).toBeUndefined();
  });

  it('picks every row by id offline, where a query would need the service', () => {
    const offline = grid(3, 3, { libSource: 'offline' });
    expect(pickedAll(offline)?.libSelection).toMatchObject({ kind: 'picked' });
    expect(pickedAll(grid(0, 0))).toBeUndefined();
  });
});
