/**
 * The virtualized grid of library cards. Only the rows in view (and a few beyond) exist in the
 * DOM; the pages holding them are fetched once the view rests there, and so are the thumbnails of
 * the cards on screen (those of cards scrolled away are cancelled before they are sent). The
 * grid's height comes from the total the first page reported, so the scroll bar is right from the
 * start even for 20,000 models. One grid serves the strip beside the viewer and the full-width
 * workspace: the card size and the order are parameters.
 *
 * Keyboard: the arrows move the shown model (a row is the columns' count), Page Up/Down a screen,
 * Home/End to the ends; Enter opens it. For a batch, Space picks or unpicks the focused card and
 * Shift with a move picks the range from the anchor (Ctrl/⌘+A and Escape: `useWorkspaceKeys`).
 */
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useKiln } from '../../store/StoreProvider';
import { LibraryCard, PICKED_DESCRIPTION_ID } from './LibraryCard';
import { libraryOrder, modelCountText, type LibraryOrder, type LibrarySort } from './library-logic';
import { isSelected } from './selection';
import { selectedCount } from './selection-state';
import { useCardMenu } from './use-card-menu';
import { ViewRest } from './when-rested';

const GAP_PX = 8;
/** The card's name line below its thumbnail. */
const NAME_PX = 32;

/** Columns that fit `width` pixels with cards at least `cardPx` wide. */
export function columnsFor(width: number, cardPx = 118): number {
  return Math.max(1, Math.floor((width + GAP_PX) / (cardPx + GAP_PX)));
}

/** Props of {@link LibraryGrid}. */
export interface LibraryGridProps {
  /** Cards whose model is on disk. */
  readonly cachedIds: ReadonlySet<string>;
  /** Smallest card width in pixels; the columns fill the width. */
  readonly cardPx: number;
  readonly sort: LibrarySort;
  /** Opens a model (double-click, Enter): the workspace then returns to the viewer. */
  readonly onOpen: (modelId: string) => void;
}

type ScrollRef = RefObject<HTMLDivElement | null>;

/** The element's inner width, followed as it resizes (0 before the first layout). */
function useClientWidth(scrollRef: ScrollRef): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollRef]);
  return width;
}

/** The rows the virtualizer shows (`first`…`last`) and how they are laid out. */
interface GridWindow {
  readonly first: number;
  readonly last: number;
  readonly columns: number;
  readonly rowPx: number;
  readonly order: LibraryOrder;
}

/**
 * Follows whether the grid's view rests ({@link ViewRest}); `restTick` counts its rests, so the
 * effects that fetch what it shows run again when it comes to rest.
 */
function useViewRest(scrollRef: ScrollRef): {
  readonly rest: RefObject<ViewRest | undefined>;
  readonly restTick: number;
} {
  const rest = useRef<ViewRest | undefined>(undefined);
  const [restTick, setRestTick] = useState(0);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    // Its size is part of where it is: a grid that grows or shrinks (a line above it appears,
    // the window is resized) shows other cards, and must rest again before they are fetched.
    const view = new ViewRest(
      () => `${el.scrollTop} ${el.clientWidth}x${el.clientHeight}`,
      () => setRestTick((tick) => tick + 1),
    );
    rest.current = view;
    const moved = () => view.moved();
    el.addEventListener('scroll', moved, { passive: true });
    const resized = new ResizeObserver(moved);
    resized.observe(el);
    return () => {
      el.removeEventListener('scroll', moved);
      resized.disconnect();
      view.stop();
      rest.current = undefined;
    };
  }, [scrollRef]);
  return { rest, restTick };
}

/** Asks for the pages and thumbnails of the rows in view once the view rests there. */
function useRestedFetches(
  scrollRef: ScrollRef,
  { first, last, columns, rowPx, order, retryTick }: GridWindow & { readonly retryTick: number },
): void {
  const ensureRows = useKiln((s) => s.ensureLibraryRows);
  const wantThumbnails = useKiln((s) => s.wantThumbnails);
  const { rest, restTick } = useViewRest(scrollRef);
  // Pages of the rows in view (and the overscan) are fetched once the view rests there
  // (dragging the scroll bar across 20,000 models must not spend the key's 60 requests a minute
  // on rows nobody looked at).
  useEffect(() => {
    const el = scrollRef.current;
    if (last < 0 || !el || !rest.current?.resting) return;
    const [from, to] = order.serviceRange(first * columns, (last + 1) * columns - 1);
    ensureRows(from, to);
  }, [scrollRef, rest, restTick, first, last, columns, order, retryTick, ensureRows]);

  // Thumbnails of the cards on screen (not the overscan: the budget goes to what is seen),
  // asked for while the view rests, at once when the rows of the resting view arrive; those
  // asked for cards that left the screen are cancelled at once, so a drag across the library
  // spends nothing on the rows it passes.
  useEffect(() => {
    const el = scrollRef.current;
    if (last < 0 || !el) return;
    const step = rowPx + GAP_PX;
    const top = Math.max(first, Math.floor(el.scrollTop / step));
    const bottom = Math.min(last, Math.floor((el.scrollTop + el.clientHeight - 1) / step));
    const ids: string[] = [];
    for (let r = top; r <= bottom; r++) {
      for (let c = 0; c < columns; c++) {
        const item = order.rowAt(r * columns + c);
        if (item && !item.thumbnailUrl) ids.push(item.modelId);
      }
    }
    const resting = rest.current?.resting ?? false;
    wantThumbnails(ids, resting);
  }, [scrollRef, rest, restTick, first, last, columns, rowPx, order, wantThumbnails]);
}

/** What the grid's keyboard handling needs of the grid. */
interface GridKeysInput {
  readonly order: LibraryOrder;
  readonly total: number;
  readonly columns: number;
  readonly rowPx: number;
  /** The virtual rows shown (the focus follows them as they change). */
  readonly rows: readonly unknown[];
  readonly virtualizer: { scrollToIndex(index: number): void };
  readonly onOpen: (modelId: string) => void;
}

/**
 * The grid's keyboard: arrows, pages and ends move the shown model (Shift picks the range),
 * Space picks, Enter opens; the focus follows the shown card.
 */
function useGridKeys(
  scrollRef: ScrollRef,
  { order, total, columns, rowPx, rows, virtualizer, onOpen }: GridKeysInput,
) {
  const selectedId = useKiln((s) => s.libSelectedId);
  const select = useKiln((s) => s.selectLibraryModel);
  const pick = useKiln((s) => s.pickLibraryModels);
  // Keyboard selection: the position of the selected card, followed by the focus.
  const selectedIndex = selectedId === undefined ? undefined : order.indexOf(selectedId);
  const [focusIndex, setFocusIndex] = useState<number>();
  const active = selectedIndex ?? focusIndex;
  useEffect(() => {
    if (focusIndex === undefined) return;
    const grid = scrollRef.current;
    if (!grid?.contains(document.activeElement)) return;
    grid.querySelector<HTMLElement>(`[data-index="${focusIndex}"]`)?.focus({ preventScroll: true });
  }, [scrollRef, focusIndex, rows]);

  const moveTo = useCallback(
    (index: number, range: boolean) => {
      const next = Math.min(total - 1, Math.max(0, index));
      setFocusIndex(next);
      virtualizer.scrollToIndex(Math.floor(next / columns));
      // Shift+move picks from the anchor, which stays; a plain move carries the anchor along.
      pick(range ? 'range' : 'anchor', next);
      const item = order.rowAt(next);
      if (item) select(item.modelId);
    },
    [total, columns, order, select, pick, virtualizer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || total === 0) return;
    if (event.key === ' ' && !event.shiftKey && active !== undefined) {
      // Space picks (the card's own Space would show its detail, which the arrows already do).
      event.preventDefault();
      pick('toggle', active);
      return;
    }
    const at = active ?? -1;
    const screen = Math.max(
      1,
      Math.floor((scrollRef.current?.clientHeight ?? 0) / (rowPx + GAP_PX)),
    );
    const moves: Record<string, number | undefined> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      ArrowDown: at < 0 ? 0 : at + columns,
      ArrowUp: at - columns,
      PageDown: at + screen * columns,
      PageUp: at - screen * columns,
      Home: 0,
      End: total - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target, event.shiftKey);
      return;
    }
    if (event.key === 'Enter' && active !== undefined) {
      const item = order.rowAt(active);
      if (!item) return;
      event.preventDefault();
      onOpen(item.modelId);
    }
  };

  const onSelect = useCallback(
    (modelId: string, index: number) => {
      setFocusIndex(index);
      select(modelId);
    },
    [select],
  );
  return { active, onKeyDown, onSelect };
}

/** What screen readers hear of the grid's keys and of a picked card (the grid refers to them). */
function GridDescriptions() {
  return (
    <>
      <span id="library-grid-keys" hidden>
        <Trans>
          Arrow keys move between models and show their details, Enter opens the model. Space adds
          the model to the selection or takes it out, Shift with the arrows selects a range, Control
          A selects all, Escape clears the selection.
        </Trans>
      </span>
      <span id={PICKED_DESCRIPTION_ID} hidden>
        <Trans>In the selection</Trans>
      </span>
    </>
  );
}

/** The grid. */
export function LibraryGrid({ cachedIds, cardPx, sort, onOpen }: LibraryGridProps) {
  const pages = useKiln((s) => s.libPages);
  const total = useKiln((s) => s.libTotal) ?? 0;
  const thumbs = useKiln((s) => s.libThumbs);
  const thumbsWaiting = useKiln((s) => s.libThumbsWaiting);
  const selectedId = useKiln((s) => s.libSelectedId);
  const retryTick = useKiln((s) => s.libRetryTick);
  const filters = useKiln((s) => s.libFilters);
  const picked = useKiln((s) => s.libSelection);
  const pick = useKiln((s) => s.pickLibraryModels);
  // Re-renders when the language changes (the grid's name is written in the active one).
  useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useClientWidth(scrollRef);
  const rowPx = cardPx + NAME_PX;

  const order = useMemo(() => libraryOrder(sort, pages, total), [sort, pages, total]);
  const columns = columnsFor(width, cardPx);
  // Rows only once the width is known (the layout effect above, before the first paint): the
  // first render would otherwise lay out every card in one column (20,000 rows) for nothing.
  const rowCount = width > 0 ? Math.ceil(total / columns) : 0;
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowPx + GAP_PX,
    overscan: 3,
  });
  // A new card size changes every row's height.
  useEffect(() => virtualizer.measure(), [rowPx, virtualizer]);
  const rows = virtualizer.getVirtualItems();
  const first = rows[0]?.index ?? 0;
  const last = rows[rows.length - 1]?.index ?? -1;

  // New filters or order: back to the top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [filters, sort]);

  useRestedFetches(scrollRef, { first, last, columns, rowPx, order, retryTick });

  const { active, onKeyDown, onSelect } = useGridKeys(scrollRef, {
    order,
    total,
    columns,
    rowPx,
    rows,
    virtualizer,
    onOpen,
  });
  const cardMenu = useCardMenu({
    open: onOpen,
    select: onSelect,
    toggle: (index) => pick('toggle', index),
    isPicked: (modelId, index) => isSelected(picked, modelId, index),
    nameOf: (modelId) => {
      const at = order.indexOf(modelId);
      return at === undefined ? undefined : order.rowAt(at)?.name;
    },
  });
  const cardWidth = (width - GAP_PX * (columns - 1)) / columns;
  // The one card reached with Tab (roving focus): the selected one, else the first shown.
  const tabStop = active ?? first * columns;

  return (
    <div
      ref={scrollRef}
      className={`library-grid${selectedCount(picked) > 0 ? ' picking' : ''}`}
      data-testid="library-grid"
      data-total={total}
      data-columns={columns}
      data-sort={order.sort}
      role="list"
      aria-label={modelCountText(total)}
      aria-describedby="library-grid-keys"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onContextMenu={cardMenu.onContextMenu}
    >
      <GridDescriptions />
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((row) => (
          <div
            key={row.key}
            role="presentation"
            className="library-row"
            style={{ transform: `translateY(${row.start}px)`, height: rowPx }}
          >
            {Array.from({ length: columns }, (_, c) => {
              const index = row.index * columns + c;
              if (index >= total) return null;
              const item = order.rowAt(index);
              return (
                <div key={c} role="listitem" className="library-cell" style={{ width: cardWidth }}>
                  {item ? (
                    <LibraryCard
                      item={item}
                      index={index}
                      thumb={item.thumbnailUrl ?? thumbs[item.modelId]}
                      waiting={thumbsWaiting.has(item.modelId)}
                      selected={item.modelId === selectedId}
                      picked={isSelected(picked, item.modelId, index)}
                      cached={Boolean(item.cached) || cachedIds.has(item.modelId)}
                      tabStop={index === tabStop}
                      onSelect={onSelect}
                      onOpen={onOpen}
                      onPick={pick}
                    />
                  ) : (
                    <div
                      className="library-card placeholder"
                      style={{ height: rowPx }}
                      aria-hidden="true"
                    />
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {cardMenu.menu}
    </div>
  );
}
