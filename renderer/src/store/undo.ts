/**
 * Undo and Redo where losing work hurts: clearing a selection of thousands, removing a photo or
 * a view. A bounded stack of labelled entries, newest last; each entry's `undo` puts back a
 * snapshot its feature took when it recorded the entry (a reference to an immutable value, not a
 * copy). One Ctrl/⌘+Z (the `edit.undo` command) or the notice's Undo button takes back the newest
 * entry; Ctrl/⌘+Shift+Z or Ctrl+Y (`edit.redo`) does it again, as in every editor: an undone
 * entry waits on the redo stack until a new action is recorded, which empties it.
 *
 * An entry may hold what the feature would otherwise have let go at once (a removed photo's
 * preview URL): `discard` lets it go when the entry leaves the undo stack without being undone.
 * An entry on the redo stack holds nothing (what it took back is in use again), so one dropped
 * from there is not discarded.
 */
import type { SliceCreator } from './slice';

/** How many undoable actions are kept (the oldest goes, discarded, when one more comes). */
export const UNDO_DEPTH = 20;

/** What a feature records after an undoable action. */
export interface UndoRecord {
  /**
   * The notice's words in the artist's language ("Selection of 3,210 models cleared"), asked
   * each time the notice is drawn, so a change of language reaches it.
   */
  describe(): string;
  /**
   * Puts the snapshot back. Returns false when there is nothing to put back any more (the
   * place it came from has changed beyond restoring); the entry goes either way.
   */
  undo(): boolean | void;
  /**
   * Does the action again after an undo, from the same snapshot (the same photos removed, the
   * selection cleared again). Returns false when it cannot any more; without it, an undone entry
   * cannot be redone.
   */
  redo?(): boolean | void;
  /** Lets go of what the entry held, once it can no longer be undone. */
  discard?(): void;
}

/** A recorded entry. */
export interface UndoEntry extends UndoRecord {
  /** Unique within the window: the notice follows the newest entry by it. */
  readonly id: number;
}

/** A stack with `entry` pushed; `evicted` are the oldest beyond `depth` (to discard). */
export function pushBounded(
  stack: readonly UndoEntry[],
  entry: UndoEntry,
  depth = UNDO_DEPTH,
): { stack: UndoEntry[]; evicted: UndoEntry[] } {
  const all = [...stack, entry];
  const over = Math.max(0, all.length - depth);
  return { stack: all.slice(over), evicted: all.slice(0, over) };
}

/** The undo state and actions. */
export interface UndoSlice {
  /** Undoable actions, newest last. */
  undoStack: readonly UndoEntry[];
  /** Undone actions that can be done again, the most recently undone last. */
  redoStack: readonly UndoEntry[];
  /** The entry whose notice ("… — Undo") is shown; undefined once dismissed or undone. */
  undoNotice: UndoEntry | undefined;
  /** Records an undoable action and shows its notice. */
  recordUndo(record: UndoRecord): void;
  /** Undoes the newest action; false when there was none. */
  undoLast(): boolean;
  /** Does the most recently undone action again (its notice shows again); false when none. */
  redoLast(): boolean;
  /** Hides the notice (the entry stays undoable with Ctrl/⌘+Z). */
  dismissUndoNotice(): void;
}

/** Creates the undo slice. */
export const createUndoSlice: SliceCreator<UndoSlice> = (set, get) => {
  let nextId = 0;
  return {
    undoStack: [],
    redoStack: [],
    undoNotice: undefined,
    recordUndo(record) {
      const entry: UndoEntry = { ...record, id: ++nextId };
      const { stack, evicted } = pushBounded(get().undoStack, entry);
      // A new action makes the undone ones history: they cannot be redone on top of it.
      set({ undoStack: stack, redoStack: [], undoNotice: entry });
      for (const old of evicted) old.discard?.();
    },
    undoLast() {
      const stack = get().undoStack;
      const entry = stack.at(-1);
      if (!entry) return false;
      set({ undoStack: stack.slice(0, -1), undoNotice: undefined });
      if (entry.undo() === false) entry.discard?.();
      else if (entry.redo) set({ redoStack: [...get().redoStack, entry] });
      return true;
    },
    redoLast() {
      const redo = get().redoStack;
      const entry = redo.at(-1);
      if (!entry) return false;
      set({ redoStack: redo.slice(0, -1) });
      if (entry.redo?.() === false) return true;
      const { stack, evicted } = pushBounded(get().undoStack, entry);
      set({ undoStack: stack, undoNotice: entry });
      for (const old of evicted) old.discard?.();
      return true;
    },
    dismissUndoNotice: () => set({ undoNotice: undefined }),
  };
};
