/**
 * The library: every model of the account in a virtualized grid (newest first, paged as it
 * scrolls), searched and filtered, grouped by family, with the selected model's detail, the local
 * cache, and a banner when something failed (what is shown stays).
 */
import { useEffect, useMemo } from 'react';
import { findLibraryRow } from './library-slice';
import { useKiln } from '../../store/StoreProvider';
import { CacheBar } from './CacheBar';
import { LibraryGrid } from './LibraryGrid';
import { doneJobCount } from './library-logic';
import { LibraryToolbar } from './LibraryToolbar';
import { ModelDetail } from './ModelDetail';
import './library.css';

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
    <div className="library" data-testid="library" data-state={state}>
      <LibraryToolbar />
      <div className="library-status" aria-live="polite">
        <span data-testid="library-count">
          {total === undefined
            ? loading
              ? 'Listing your models…'
              : ''
            : `${total.toLocaleString('en-US')} model${total === 1 ? '' : 's'}${source === 'offline' ? ' saved here' : ''}`}
        </span>
        {loading && total !== undefined ? <span className="muted"> · updating…</span> : null}
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
            Retry
          </button>
        </div>
      ) : null}
      <CacheBar />
      <LibraryGrid cachedIds={cachedIds} />
      {selected ? (
        <ModelDetail
          item={selected}
          cached={Boolean(selected.cached) || cachedIds.has(selected.modelId)}
        />
      ) : null}
    </div>
  );
}
