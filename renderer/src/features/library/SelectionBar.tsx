/**
 * The library's selection for a batch: how many models are picked ("12 selected", "All 20,000
 * selected"), "Select all N" of the current search and filters, "Run a tool on N…" (the batch
 * form opens on the selection), Clear, and why the selection changed by itself.
 */
import { useKiln } from '../../store/StoreProvider';
import { pendingCount, selectedCount, selectionText } from './selection';

/** The selection bar above the grid. */
export function SelectionBar() {
  const selection = useKiln((s) => s.libSelection);
  const note = useKiln((s) => s.libSelectionNote);
  const total = useKiln((s) => s.libTotal) ?? 0;
  const selectAll = useKiln((s) => s.selectAllLibrary);
  const clear = useKiln((s) => s.clearLibrarySelection);
  const requestBatch = useKiln((s) => s.requestBatch);
  const batchListing = useKiln((s) => s.libBatchListing);
  const batchRequested = useKiln((s) => s.batchSelection !== null);
  const count = selectedCount(selection);
  const listing = pendingCount(selection);
  const all = selection.kind === 'all';
  const n = (x: number) => x.toLocaleString('en-US');
  if (total === 0 && count === 0 && !note) return null;
  return (
    <div
      className={`library-selection${count > 0 ? ' active' : ''}`}
      role="group"
      aria-label="Selection"
      data-testid="library-selection"
      data-count={count}
      data-kind={selection.kind}
      data-listing={listing}
      data-batch={batchListing ? 'listing' : batchRequested ? 'requested' : 'none'}
    >
      <span
        className="library-selection-count"
        aria-live="polite"
        data-testid="library-selection-count"
      >
        {count > 0 ? selectionText(selection) : ''}
        {batchListing ? ` (listing ${n(listing)} of them…)` : ''}
      </span>
      {!all && total > 0 ? (
        <button
          type="button"
          className="link-button"
          data-testid="library-select-all"
          aria-keyshortcuts="Control+A"
          title="Every model of this search and these filters (Ctrl/⌘+A)"
          onClick={selectAll}
        >
          Select all {n(total)}
        </button>
      ) : null}
      {count > 0 ? (
        <>
          <button
            type="button"
            className="primary"
            data-testid="library-batch"
            disabled={batchListing}
            title={
              listing > 0 && !batchListing
                ? `${n(listing)} of them are listed first (pages of 200 from the service)`
                : undefined
            }
            onClick={requestBatch}
          >
            Run a tool on {n(count)}…
          </button>
          <button
            type="button"
            data-testid="library-selection-clear"
            aria-keyshortcuts="Escape"
            title="Clear the selection (Esc)"
            onClick={clear}
          >
            Clear
          </button>
        </>
      ) : null}
      {note ? (
        <p className="library-selection-note" role="status" data-testid="library-selection-note">
          {note}
        </p>
      ) : null}
    </div>
  );
}
