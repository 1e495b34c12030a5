/**
 * The library's selection for a batch: how many models are picked ("12 selected", "All 20,000
 * selected"), "Select all N" of the current search and filters, "Run a tool on N…" (the batch
 * form opens on the selection), Clear, and why the selection changed by itself.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../../shared/format';
import { useKiln } from '../../store/StoreProvider';
import { LIBRARY_PAGE_SIZE } from './library-logic';
import { selectionText } from './selection';
import { pendingCount, selectedCount } from './selection-state';

/** "Select all 20,000": every model of the listing. */
function selectAllText(total: number): string {
  const shown = formatNumber(total);
  return plural(total, { one: `Select all ${shown}`, other: `Select all ${shown}` });
}

/** "Run a tool on 12…": the batch form on the selection. */
function runToolText(count: number): string {
  const shown = formatNumber(count);
  return plural(count, { one: `Run a tool on ${shown}…`, other: `Run a tool on ${shown}…` });
}

/** Why a batch waits: rows of a Shift range the service lists first. */
function listedFirstText(listing: number): string {
  const shown = formatNumber(listing);
  const pageSize = formatNumber(LIBRARY_PAGE_SIZE);
  return plural(listing, {
    one: `${shown} of them are listed first (pages of ${pageSize} from the service)`,
    other: `${shown} of them are listed first (pages of ${pageSize} from the service)`,
  });
}

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
  const { t } = useLingui();
  const listed = formatNumber(listing);
  if (total === 0 && count === 0 && !note) return null;
  return (
    <div
      className={`library-selection${count > 0 ? ' active' : ''}`}
      role="group"
      aria-label={t`Selection`}
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
        {batchListing ? (
          <>
            {' '}
            <Trans>(listing {listed} of them…)</Trans>
          </>
        ) : null}
      </span>
      {!all && total > 0 ? (
        <button
          type="button"
          className="link-button"
          data-testid="library-select-all"
          aria-keyshortcuts="Control+A"
          title={t`Every model of this search and these filters (Ctrl/⌘+A)`}
          onClick={selectAll}
        >
          {selectAllText(total)}
        </button>
      ) : null}
      {count > 0 ? (
        <>
          <button
            type="button"
            className="primary"
            data-testid="library-batch"
            disabled={batchListing}
            title={listing > 0 && !batchListing ? listedFirstText(listing) : undefined}
            onClick={requestBatch}
          >
            {runToolText(count)}
          </button>
          <button
            type="button"
            data-testid="library-selection-clear"
            aria-keyshortcuts="Escape"
            title={t`Clear the selection (Esc)`}
            onClick={clear}
          >
            <Trans>Clear</Trans>
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
