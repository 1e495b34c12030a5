/**
 * The library: every model of the account in a virtualized grid (newest first, paged as it
 * scrolls; or oldest first, or by name when the list is small enough), searched and filtered,
 * grouped by family, with the selected model's detail, the local cache, and a banner when
 * something failed (what is shown stays), and the selection a batch runs on. A strip beside the viewer, or the full-width
 * workspace (thumbnail size, keyboard browsing; choosing a model returns to the viewer).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useCallback, useEffect, useMemo } from 'react';
import { formatNumber } from '../../../../shared/format';
import { findLibraryRow } from './library-slice';
import { LIBRARY_CARD_SIZE } from './library-initial';
import { useKiln } from '../../store/StoreProvider';
import { CacheBar } from './CacheBar';
import { LibraryGrid } from './LibraryGrid';
import { doneJobCount, modelCountText, nameSortProblem, shownSort } from './library-logic';
import { LibraryToolbar } from './LibraryToolbar';
import { ModelDetail } from './ModelDetail';
import { SelectionBar } from './SelectionBar';
import { useShowInViewer } from './use-show-in-viewer';
import './library.css';

/** The count of the models saved on this computer, shown offline ("2 models saved here"). */
function savedHereText(count: number): string {
  const shown = formatNumber(count);
  return plural(count, { one: `${shown} model saved here`, other: `${shown} models saved here` });
}

/** The Library tab's content (loaded with the tab: see LibraryPanel). */
export default function LibraryView() {
  const total = useKiln((s) => s.libTotal);
  const loading = useKiln((s) => s.libLoading);
  const source = useKiln((s) => s.libSource);
  const error = useKiln((s) => s.libError);
  const pages = useKiln((s) => s.libPages);
  const selectedId = useKiln((s) => s.libSelectedId);
  const cache = useKiln((s) => s.libCache);
  const openedId = useKiln((s) => s.model?.modelId);
  const reload = useKiln((s) => s.reloadLibrary);
  const loadCacheInfo = useKiln((s) => s.loadCacheInfo);
  const refresh = useKiln((s) => s.refreshLibrary);
  const madeCount = useKiln((s) => doneJobCount(s.jobs));
  const listedDone = useKiln((s) => s.libListedDone);
  const workspace = useKiln((s) => s.workspace);
  const chosenSort = useKiln((s) => s.libSort);
  const cardSize = useKiln((s) => s.libCardSize);
  const openModel = useKiln((s) => s.openModel);
  const { t } = useLingui();
  // The name order needs the whole list: beyond what Kiln reads whole, newest first it is.
  const sortProblem =
    chosenSort === 'name' ? nameSortProblem(total, source === 'offline') : undefined;
  const sort = shownSort(chosenSort, total, source === 'offline');
  const showInViewer = useShowInViewer();
  const onOpen = useCallback(
    (modelId: string) => showInViewer(() => void openModel(modelId)),
    [openModel, showInViewer],
  );

  // First visit: list page 1, unless it was listed at idle (LibraryPrefetch). Later visits keep
  // what was loaded.
  useEffect(() => {
    if (total === undefined && !loading) void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount
  }, []);
  // A generation or retexture finished since page 1 was asked for (while the library is shown,
  // or before: page 1 may have been listed at idle): its model goes at the top.
  useEffect(() => {
    if (total !== undefined && madeCount > listedDone) void refresh();
  }, [total, madeCount, listedDone, refresh]);
  // The cache changes whenever a model is opened (downloaded into it).
  useEffect(() => {
    void loadCacheInfo();
  }, [openedId, loadCacheInfo]);

  const cachedIds = useMemo(() => new Set(cache?.models.map((m) => m.modelId)), [cache]);
  const selected = findLibraryRow(pages, selectedId);
  const state =
    loading && total === undefined ? 'loading' : source === 'offline' ? 'offline' : 'ready';

  return (
    <div
      className={`library${workspace ? ' library--workspace' : ''}`}
      data-testid="library"
      data-state={state}
      data-workspace={workspace}
    >
      <LibraryToolbar sortProblem={sortProblem} />
      {/* The count and "Select all" share a line: the strip's grid keeps its height until
          something is selected. */}
      <div className="library-status">
        <span aria-live="polite">
          <span data-testid="library-count">
            {total === undefined
              ? loading
                ? t`Listing your models…`
                : ''
              : source === 'offline'
                ? savedHereText(total)
                : modelCountText(total)}
          </span>
          {loading && total !== undefined ? (
            <span className="muted">
              {' · '}
              <Trans>updating…</Trans>
            </span>
          ) : null}
        </span>
        <SelectionBar />
      </div>
      {error ? (
        <div
          className="library-banner"
          role="alert"
          data-testid="library-banner"
          data-offline={source === 'offline'}
        >
          <span>{error}</span>
          <button type="button" data-testid="library-retry" onClick={() => void reload()}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : null}
      <CacheBar />
      <div className="library-body">
        <LibraryGrid
          cachedIds={cachedIds}
          cardPx={workspace ? cardSize : LIBRARY_CARD_SIZE.strip}
          sort={sort}
          onOpen={onOpen}
        />
        {selected ? (
          <ModelDetail
            item={selected}
            cached={Boolean(selected.cached) || cachedIds.has(selected.modelId)}
          />
        ) : null}
      </div>
    </div>
  );
}
