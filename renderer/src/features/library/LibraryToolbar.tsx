/** Search by name (debounced) and the filters of the library: published, starred, remesh, families. */
import { useEffect, useState } from 'react';
import { useKiln } from '../../store/StoreProvider';
import type { LibraryFilters } from './library-logic';
import { useDebounced } from './use-debounced';

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

/** The library's search box and filter toggles. */
export function LibraryToolbar() {
  const filters = useKiln((s) => s.libFilters);
  const setFilters = useKiln((s) => s.setLibraryFilters);
  const [text, setText] = useState(filters.search);
  const search = useDebounced(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (search !== filters.search) setFilters({ search });
  }, [search, filters.search, setFilters]);
  return (
    <div className="library-toolbar">
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
