/**
 * Search by name (debounced), the filters of the library (published, starred, remesh,
 * families), its order, the workspace's thumbnail size, and the switch between the strip beside
 * the viewer and the full-width workspace.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { Icon } from '../../ui/Icon';
import { formatShortcut } from '../../ui/shortcut';
import { formatNumber } from '../../../../shared/format';
import { LIBRARY_CARD_SIZE } from './library-initial';
import type { LibraryFilters, LibrarySort } from './library-logic';
import { useDebounced } from './use-debounced';
import { WORKSPACE_SHORTCUT } from './use-workspace-keys';

const SORTS: ReadonlyArray<{ id: LibrarySort; label: MessageDescriptor }> = [
  { id: 'newest', label: msg`Newest first` },
  { id: 'oldest', label: msg`Oldest first` },
  { id: 'name', label: msg`Name (A–Z)` },
];

const SEARCH_DEBOUNCE_MS = 300;

type Toggle = Exclude<keyof LibraryFilters, 'search'>;

const TOGGLES: ReadonlyArray<{ key: Toggle; label: MessageDescriptor; hint: MessageDescriptor }> = [
  {
    key: 'published',
    label: msg`Published`,
    hint: msg`Only models published on the website`,
  },
  { key: 'favourite', label: msg`Starred`, hint: msg`Only starred models` },
  {
    key: 'includeRemesh',
    label: msg`Remesh & rig`,
    hint: msg`Also list the remesh and rig versions the library hides by default`,
  },
  { key: 'families', label: msg`Families`, hint: msg`One card per version family` },
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
  const { i18n, t } = useLingui();
  const shortcut = formatShortcut(WORKSPACE_SHORTCUT);
  const cardPixels = formatNumber(cardSize);
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
          placeholder={t`Search by name`}
          aria-label={t`Search models by name`}
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
            workspace ? t`Back to the viewer (Esc)` : t`Browse the library full width (${shortcut})`
          }
          onClick={() => setWorkspace(!workspace)}
        >
          <Icon name={workspace ? 'viewer' : 'grid'} />
          {workspace ? <Trans>Back to the viewer</Trans> : <Trans>Full width</Trans>}
        </button>
      </div>
      <div className="library-toolbar-row library-order">
        <label className="library-sort">
          <Trans>Sort</Trans>
          <select
            data-testid="library-sort"
            value={sort}
            onChange={(e) => setSort(e.target.value as LibrarySort)}
          >
            {SORTS.map((o) => (
              <option key={o.id} value={o.id}>
                {i18n._(o.label)}
              </option>
            ))}
          </select>
        </label>
        {workspace ? (
          <label className="library-size">
            <Trans>Thumbnail size</Trans>
            <input
              type="range"
              data-testid="library-card-size"
              min={LIBRARY_CARD_SIZE.min}
              max={LIBRARY_CARD_SIZE.max}
              step={8}
              value={cardSize}
              aria-valuetext={t`${cardPixels} pixels`}
              onChange={(e) => setCardSize(Number(e.target.value))}
            />
          </label>
        ) : null}
      </div>
      {sortProblem ? (
        <p className="library-sort-note" data-testid="library-sort-note">
          <Trans>Showing newest first. {sortProblem}</Trans>
        </p>
      ) : null}
      <div className="library-toggles" role="group" aria-label={t`Filters`}>
        {TOGGLES.map((toggle) => (
          <label key={toggle.key} className="library-toggle" title={i18n._(toggle.hint)}>
            <input
              type="checkbox"
              data-testid={`library-filter-${toggle.key}`}
              checked={filters[toggle.key]}
              onChange={(e) => setFilters({ [toggle.key]: e.target.checked })}
            />
            {i18n._(toggle.label)}
          </label>
        ))}
        {filters.families ? (
          <label className="library-toggle" title={t`Only families of two or more versions`}>
            <input
              type="checkbox"
              data-testid="library-filter-hasVersions"
              checked={filters.hasVersions}
              onChange={(e) => setFilters({ hasVersions: e.target.checked })}
            />
            <Trans>With versions</Trans>
          </label>
        ) : null}
      </div>
    </div>
  );
}
