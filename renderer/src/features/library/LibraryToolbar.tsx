/**
 * Search by name (debounced), the filters of the library (published, starred, remesh,
 * families), its order, the workspace's thumbnail size, and the switch between the strip beside
 * the viewer and the full-width workspace.
 */
import { useEffect, useState } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { Icon } from '../../ui/Icon';
import { LIBRARY_CARD_SIZE } from './library-slice';
import type { LibraryFilters, LibrarySort } from './library-logic';
import { useDebounced } from './use-debounced';
import { WORKSPACE_SHORTCUT } from './use-workspace-keys';

const SORTS: ReadonlyArray<{ id: LibrarySort; label: string }> = [
  { id: 'newest', label: 'Newest first' },
  { id: 'oldest', label: 'Oldest first' },
  { id: 'name', label: 'Name (A–Z)' },
];

const SEARCH_DEBOUNCE_MS = 300;

type Toggle = Exclude<keyof LibraryFilters, 'search'>;

const TOGGLES: ReadonlyArray<{ key: Toggle; label: string; hint: string }> = [
  { key: 'published', label: 'Published', hint: 'Only models published on the website' },
  { key: 'favourite', label: 'Starred', hint: 'Only starred models' },
  {
    key: 'includeRemesh',
    label: 'Remesh & rig',
    hint: 'Also list the remesh and rig versions the library hides by default',
  },
  { key: 'families', label: 'Families', hint: 'One card per version family' },
];

/**
 * The library's search box, filter toggles, order and layout. `sortProblem` says why the name
 * order the user chose is not applied to this listing (too many models to read whole).
 */
export function LibraryToolbar({ sortProblem }: { sortProblem: string | undefined }) {
  const filters = useKiln((s) => s.libFilters);
  const setFilters = useKiln((s) => s.setLibraryFilters);
  const sort = useKiln((s) => s.libSort);
  const setSort = useKiln((s) => s.setLibrarySort);
  const cardSize = useKiln((s) => s.libCardSize);
  const setCardSize = useKiln((s) => s.setLibraryCardSize);
  const workspace = useKiln((s) => s.workspace);
  const setWorkspace = useKiln((s) => s.setWorkspace);
  const [text, setText] = useState(filters.search);
  const search = useDebounced(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (search !== filters.search) setFilters({ search });
  }, [search, filters.search, setFilters]);
  return (
    <div className="library-toolbar">
      <div className="library-toolbar-row">
        <input
          type="search"
          className="library-search"
          placeholder="Search by name"
          aria-label="Search models by name"
          data-testid="library-search"
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
        />
        <button
          type="button"
          className="library-layout"
          data-testid="library-workspace-toggle"
          aria-pressed={workspace}
          aria-keyshortcuts={workspace ? 'Escape' : 'Control+Shift+L'}
          title={
            workspace
              ? 'Back to the viewer (Esc)'
              : `Browse the library full width (${WORKSPACE_SHORTCUT})`
          }
          onClick={() => setWorkspace(!workspace)}
        >
          <Icon name={workspace ? 'viewer' : 'grid'} />
          {workspace ? 'Back to the viewer' : 'Full width'}
        </button>
      </div>
      <div className="library-toolbar-row library-order">
        <label className="library-sort">
          Sort
          <select
            data-testid="library-sort"
            value={sort}
            onChange={(e) => setSort(e.target.value as LibrarySort)}
          >
            {SORTS.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        {workspace ? (
          <label className="library-size">
            Thumbnail size
            <input
              type="range"
              data-testid="library-card-size"
              min={LIBRARY_CARD_SIZE.min}
              max={LIBRARY_CARD_SIZE.max}
              step={8}
              value={cardSize}
              aria-valuetext={`${cardSize} pixels`}
              onChange={(e) => setCardSize(Number(e.target.value))}
            />
          </label>
        ) : null}
      </div>
      {sortProblem ? (
        <p className="library-sort-note" data-testid="library-sort-note">
          Showing newest first. {sortProblem}
        </p>
      ) : null}
      <div className="library-toggles" role="group" aria-label="Filters">
        {TOGGLES.map((t) => (
          <label key={t.key} className="library-toggle" title={t.hint}>
            <input
              type="checkbox"
              data-testid={`library-filter-${t.key}`}
              checked={filters[t.key]}
              onChange={(e) => setFilters({ [t.key]: e.target.checked })}
            />
            {t.label}
          </label>
        ))}
        {filters.families ? (
          <label className="library-toggle" title="Only families of two or more versions">
            <input
              type="checkbox"
              data-testid="library-filter-hasVersions"
              checked={filters.hasVersions}
              onChange={(e) => setFilters({ hasVersions: e.target.checked })}
            />
            With versions
          </label>
        ) : null}
      </div>
    </div>
  );
}
