import { describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../../../shared/ipc/bridge';
import { createKilnStore } from './app-store';
import { selectedCount as selectedCountOf } from '../features/library/selection-state';
import { pushBounded, UNDO_DEPTH, type UndoEntry, type UndoRecord } from './undo';

const entry = (id: number): UndoEntry => ({ id, describe: () => `e${id}`, undo: () => undefined });

/** A store whose undo slice is under test (no bridge call is made). */
const store = () => createKilnStore({} as Bridge);

/** A record that counts its undo and discard. */
function record(name: string, undo: () => boolean | void = () => undefined) {
  const calls = { undo: 0, discard: 0 };
  const r: UndoRecord = {
    describe: () => name,
    undo: () => {
      calls.undo++;
      return undo();
    },
    discard: () => void calls.discard++,
  };
  return { r, calls };
}

/** A record that can be redone, counting its undo, redo and discard. */
function redoable(name: string, redo: () => boolean | void = () => undefined) {
  const calls = { undo: 0, redo: 0, discard: 0 };
  const r: UndoRecord = {
    describe: () => name,
    undo: () => void calls.undo++,
    redo: () => {
      calls.redo++;
      return redo();
    },
    discard: () => void calls.discard++,
  };
  return { r, calls };
}

describe('pushBounded', () => {
  it('keeps the newest `depth` entries and hands back the oldest beyond', () => {
    const stack = [1, 2, 3].map(entry);
    const { stack: next, evicted } = pushBounded(stack, entry(4), 3);
    expect(next.map((e) => e.id)).toEqual([2, 3, 4]);
    expect(evicted.map((e) => e.id)).toEqual([1]);
    expect(stack).toHaveLength(3); // the old stack is left as it was
    expect(pushBounded([], entry(1), 3).evicted).toEqual([]);
  });
});

describe('undo slice', () => {
  it('undoes the newest entry first, once, and shows the newest entry’s notice', () => {
    const s = store();
    const a = record('a');
    const b = record('b');
    s.getState().recordUndo(a.r);
    s.getState().recordUndo(b.r);
    expect(s.getState().undoNotice?.describe()).toBe('b');
    expect(s.getState().undoLast()).toBe(true);
    expect(b.calls).toEqual({ undo: 1, discard: 0 });
    expect(a.calls.undo).toBe(0);
    expect(s.getState().undoNotice).toBeUndefined();
    expect(s.getState().undoLast()).toBe(true);
    expect(a.calls).toEqual({ undo: 1, discard: 0 });
    expect(s.getState().undoLast()).toBe(false);
    expect(s.getState().undoStack).toEqual([]);
  });

  it('discards the oldest entry beyond the depth, and an entry that had nothing to put back', () => {
    const s = store();
    const records = Array.from({ length: UNDO_DEPTH + 1 }, (_, i) => record(`r${i}`, () => false));
    for (const { r } of records) s.getState().recordUndo(r);
    expect(s.getState().undoStack).toHaveLength(UNDO_DEPTH);
    expect(records[0]!.calls).toEqual({ undo: 0, discard: 1 });
    expect(records[1]!.calls.discard).toBe(0);
    s.getState().undoLast();
    expect(records.at(-1)!.calls).toEqual({ undo: 1, discard: 1 });
  });

  it('redoes what was undone, newest undone first, and the redone entry can be undone again', () => {
    const s = store();
    const a = redoable('a');
    const b = redoable('b');
    s.getState().recordUndo(a.r);
    s.getState().recordUndo(b.r);
    s.getState().undoLast();
    s.getState().undoLast();
    expect(s.getState().redoStack.map((e) => e.describe())).toEqual(['b', 'a']);
    expect(s.getState().redoLast()).toBe(true);
    expect(a.calls).toEqual({ undo: 1, redo: 1, discard: 0 });
    expect(s.getState().undoNotice?.describe()).toBe('a');
    expect(s.getState().redoLast()).toBe(true);
    expect(b.calls.redo).toBe(1);
    expect(s.getState().redoLast()).toBe(false);
    expect(s.getState().undoStack.map((e) => e.describe())).toEqual(['a', 'b']);
    s.getState().undoLast();
    expect(b.calls.undo).toBe(2);
    // Nothing is discarded on the way: what the entries hold is in use or still undoable.
    expect(a.calls.discard + b.calls.discard).toBe(0);
  });

  it('forgets what could be redone once a new action is recorded, and keeps what it holds', () => {
    const s = store();
    const a = redoable('a');
    s.getState().recordUndo(a.r);
    s.getState().undoLast();
    s.getState().recordUndo(record('c').r);
    expect(s.getState().redoStack).toEqual([]);
    expect(s.getState().redoLast()).toBe(false);
    // Undone, its snapshot is back in use: dropping it from the redo stack lets nothing go.
    expect(a.calls).toEqual({ undo: 1, redo: 0, discard: 0 });
  });

  it('drops an entry that cannot be done again, and one that has no redo is not offered', () => {
    const s = store();
    const gone = redoable('gone', () => false);
    s.getState().recordUndo(record('plain').r);
    s.getState().recordUndo(gone.r);
    s.getState().undoLast();
    s.getState().undoLast();
    expect(s.getState().redoStack.map((e) => e.describe())).toEqual(['gone']);
    expect(s.getState().redoLast()).toBe(true);
    expect(gone.calls.redo).toBe(1);
    expect(s.getState().undoStack).toEqual([]);
    expect(s.getState().undoNotice).toBeUndefined();
  });

  it('hides the notice without forgetting the entry', () => {
    const s = store();
    const a = record('a');
    s.getState().recordUndo(a.r);
    s.getState().dismissUndoNotice();
    expect(s.getState().undoNotice).toBeUndefined();
    expect(s.getState().undoLast()).toBe(true);
    expect(a.calls.undo).toBe(1);
  });

  it('brings back a cleared library selection of thousands, named with its count', async () => {
    const s = store();
    await s.getState().loadLibrary();
    s.setState({ libTotal: 3210, libSource: 'service' });
    s.getState().selectAllLibrary();
    const selection = s.getState().libSelection;
    s.getState().clearLibrarySelection();
    expect(s.getState().libSelection.kind).toBe('picked');
    expect(s.getState().undoNotice?.describe()).toBe('Selection of 3,210 models cleared');
    s.getState().undoLast();
    // The same value, not a copy.
    expect(s.getState().libSelection).toBe(selection);
    // Redo clears it again; Undo brings the same value back once more.
    s.getState().redoLast();
    expect(selectedCountOf(s.getState().libSelection)).toBe(0);
    expect(s.getState().undoNotice?.describe()).toBe('Selection of 3,210 models cleared');
    s.getState().undoLast();
    expect(s.getState().libSelection).toBe(selection);
    // Clearing nothing records nothing.
    s.getState().clearLibrarySelection();
    s.getState().undoLast();
    s.getState().clearLibrarySelection();
    expect(s.getState().undoStack).toHaveLength(1);
  });

  it('brings a removed view back into its slot with its label, in the Views flow', async () => {
    const s = store();
    const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
    const png = (name: string) => new File([new Uint8Array(PNG)], name, { type: 'image/png' });
    await s.getState().addPhotos('views', [png('a.png'), png('b.png'), png('c.png')]);
    const views = s.getState().views;
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    s.getState().removePhotos('views', [views[1]!.id]);
    expect(s.getState().undoNotice?.describe()).toBe('View “b.png” removed');
    s.getState().setCreateMode('photo');
    s.getState().undoLast();
    expect(s.getState().views).toEqual(views);
    expect(s.getState().createMode).toBe('views');
    // Its preview was kept for the Undo.
    expect(revoke).not.toHaveBeenCalled();
    // Redo takes the same view out again, from the Views flow; Undo puts it back again.
    s.getState().setCreateMode('photo');
    s.getState().redoLast();
    expect(s.getState().views.map((v) => v.id)).toEqual([views[0]!.id, views[2]!.id]);
    expect(s.getState().createMode).toBe('views');
    s.getState().undoLast();
    expect(s.getState().views).toEqual(views);
    expect(revoke).not.toHaveBeenCalled();
    revoke.mockRestore();
  });
});
