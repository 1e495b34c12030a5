/**
 * The virtualized grid of library cards. Only the rows in view (and a few beyond) exist in the
 * DOM; the pages holding them are fetched as they come into view, and so are their thumbnails.
 * The grid's height comes from the total the first page reported, so the scroll bar is right
 * from the start even for 20,000 models.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { libraryRowAt } from './library-slice';
import { useKiln } from '../../store/StoreProvider';
import { LibraryCard } from './LibraryCard';

/** Smallest card width; the grid fits as many columns as this allows. */
const MIN_CARD_PX = 118;
const GAP_PX = 8;
/** Card height: the square-ish thumbnail plus one line of name. */
const ROW_PX = 150;
/**
 * Pages are asked for once the view has rested this long: dragging the scroll bar across 20,000
 * models must not spend the key's 60 requests a minute on pages nobody looked at.
 */
const PAGE_SETTLE_MS = 120;

/** Columns that fit `width` pixels. */
export function columnsFor(width: number): number {
  return Math.max(1, Math.floor((width + GAP_PX) / (MIN_CARD_PX + GAP_PX)));
}

/** The grid. `cachedIds` marks cards whose model is on disk. */
export function LibraryGrid({ cachedIds }: { cachedIds: ReadonlySet<string> }) {
  const pages = useKiln((s) => s.libPages);
  const total = useKiln((s) => s.libTotal) ?? 0;
  const thumbs = useKiln((s) => s.libThumbs);
  const selectedId = useKiln((s) => s.libSelectedId);
  const retryTick = useKiln((s) => s.libRetryTick);
  const filters = useKiln((s) => s.libFilters);
  const ensureRows = useKiln((s) => s.ensureLibraryRows);
  const wantThumbnails = useKiln((s) => s.wantThumbnails);
  const select = useKiln((s) => s.selectLibraryModel);
  const openModel = useKiln((s) => s.openModel);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const columns = columnsFor(width);
  // Rows only once the width is known (the layout effect above, before the first paint): the
  // first render would otherwise lay out every card in one column (20,000 rows) for nothing.
  const rowCount = width > 0 ? Math.ceil(total / columns) : 0;
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX + GAP_PX,
    overscan: 3,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0]?.index ?? 0;
  const last = rows[rows.length - 1]?.index ?? -1;

  // New filters: back to the top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [filters]);

  // Pages of the rows in view (and the overscan) are fetched once the view rests there.
  useEffect(() => {
    if (last < 0) return;
    const timer = setTimeout(
      () => ensureRows(first * columns, (last + 1) * columns - 1),
      PAGE_SETTLE_MS,
    );
    return () => clearTimeout(timer);
  }, [first, last, columns, total, retryTick, ensureRows]);

  // Thumbnails of the cards in view only; cards scrolled away leave the wait list.
  useEffect(() => {
    const ids: string[] = [];
    for (let r = first; r <= last; r++) {
      for (let c = 0; c < columns; c++) {
        const item = libraryRowAt(pages, r * columns + c);
        if (item && !item.thumbnailUrl && thumbs[item.modelId] === undefined)
          ids.push(item.modelId);
      }
    }
    wantThumbnails(ids);
  }, [first, last, columns, pages, thumbs, wantThumbnails]);

  const onOpen = useCallback((id: string) => void openModel(id), [openModel]);
  const cardWidth = (width - GAP_PX * (columns - 1)) / columns;

  return (
    <div
      ref={scrollRef}
      className="library-grid"
      data-testid="library-grid"
      data-total={total}
      role="list"
      aria-label={`${total.toLocaleString('en-US')} models`}
      tabIndex={-1}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((row) => (
          <div
            key={row.key}
            role="presentation"
            className="library-row"
            style={{ transform: `translateY(${row.start}px)`, height: ROW_PX }}
          >
            {Array.from({ length: columns }, (_, c) => {
              const index = row.index * columns + c;
              if (index >= total) return null;
              const item = libraryRowAt(pages, index);
              return (
                <div key={c} role="listitem" style={{ width: cardWidth }}>
                  {item ? (
                    <LibraryCard
                      item={item}
                      index={index}
                      thumb={item.thumbnailUrl ?? thumbs[item.modelId]}
                      selected={item.modelId === selectedId}
                      cached={Boolean(item.cached) || cachedIds.has(item.modelId)}
                      onSelect={select}
                      onOpen={onOpen}
                    />
                  ) : (
                    <div className="library-card placeholder" aria-hidden="true" />
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
