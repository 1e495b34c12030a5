/**
 * B8's baseline: a bare `@tanstack/react-virtual` grid with Kiln's cards (same markup, same CSS
 * file, same card and gap sizes, same page size), paging the same rows from static JSON files
 * (`b08/page-N.json`, written by the bench from the sandbox's own answers) as it scrolls, every
 * card with its thumbnail. No store, no IPC, no app shell: the least a virtualized grid can do.
 *
 * It also keeps the least a multi-selection can (B15's baseline): "Select all" as a flag with
 * the unticked ids, Ctrl-click toggles, Shift-click adds the loaded rows of a range to a `Set`;
 * each card has Kiln's checkbox beside it.
 *
 * `window.__showGrid()` mounts it; the grid's size comes from `?w=&h=` (Kiln's grid size).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { createElement as h, memo, useCallback, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../../renderer/src/ui/app.css';
import '../../../renderer/src/features/library/library.css';

const PAGE = 200;
const MIN_CARD_PX = 118;
const GAP_PX = 8;
const ROW_PX = 150;

interface Row {
  model_id: string;
  name: string;
}
interface Page {
  items: Row[];
  total: number;
}

const params = new URLSearchParams(location.search);
const width = Number(params.get('w') ?? 272);
const height = Number(params.get('h') ?? 500);

interface Selection {
  all: boolean;
  except: Set<string>;
  ids: Set<string>;
  anchor: number | undefined;
}
type Pick = (
  index: number,
  event: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean },
) => void;

const Card = memo(function Card({
  row,
  index,
  picked,
  onPick,
}: {
  row: Row;
  index: number;
  picked: boolean;
  onPick: Pick;
}) {
  return h(
    'button',
    {
      type: 'button',
      className: `library-card${picked ? ' picked' : ''}`,
      'data-testid': 'library-card',
      'data-index': index,
      'aria-label': row.name,
      onClick: (e: MouseEvent) => onPick(index, e),
    },
    h(
      'span',
      { className: 'library-thumb' },
      h('img', { src: 'b08/thumb.webp', alt: '', loading: 'lazy', decoding: 'async' }),
    ),
    h('span', { className: 'library-card-name' }, row.name),
  );
});

function Grid({ first }: { first: Page }) {
  const [pages, setPages] = useState<Record<number, Row[]>>({ 1: first.items });
  const [selection, setSelection] = useState<Selection>({
    all: false,
    except: new Set(),
    ids: new Set(),
    anchor: undefined,
  });
  // Stable, so the memoised cards re-render only when their own state changes (as B8 measures).
  const pagesRef = useRef(pages);
  pagesRef.current = pages;
  const rowAt = (i: number) => pagesRef.current[Math.floor(i / PAGE) + 1]?.[i % PAGE];
  const onPick = useCallback<Pick>(
    (index, e) =>
      setSelection((s) => {
        const id = rowAt(index)?.model_id;
        if (id === undefined) return s;
        if (e.ctrlKey || e.metaKey) {
          const set = new Set(s.all ? s.except : s.ids);
          if (!set.delete(id)) set.add(id);
          return s.all ? { ...s, except: set, anchor: index } : { ...s, ids: set, anchor: index };
        }
        if (!e.shiftKey) return { ...s, anchor: index };
        const ids = new Set<string>();
        const anchor = s.anchor ?? index;
        for (let i = Math.min(anchor, index); i <= Math.max(anchor, index); i++) {
          const row = rowAt(i);
          if (row) ids.add(row.model_id);
        }
        return { all: false, except: new Set(), ids, anchor };
      }),
    [],
  );
  const isPicked = (id: string) =>
    selection.all ? !selection.except.has(id) : selection.ids.has(id);
  const loading = useRef(new Set<number>([1]));
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = Math.max(1, Math.floor((width + GAP_PX) / (MIN_CARD_PX + GAP_PX)));
  const total = first.total;
  const virtualizer = useVirtualizer({
    count: Math.ceil(total / columns),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX + GAP_PX,
    overscan: 3,
  });
  const rows = virtualizer.getVirtualItems();
  const firstRow = rows[0]?.index ?? 0;
  const lastRow = rows[rows.length - 1]?.index ?? -1;
  useEffect(() => {
    const from = Math.floor((firstRow * columns) / PAGE) + 1;
    const to = Math.floor(Math.min(total - 1, (lastRow + 1) * columns - 1) / PAGE) + 1;
    for (let p = from; p <= to; p++) {
      if (loading.current.has(p)) continue;
      loading.current.add(p);
      void fetch(`b08/page-${p}.json`)
        .then((r) => r.json() as Promise<Page>)
        .then((page) => setPages((prev) => ({ ...prev, [p]: page.items })));
    }
  }, [firstRow, lastRow, columns, total]);
  const cardWidth = (width - GAP_PX * (columns - 1)) / columns;
  const count = selection.all ? total - selection.except.size : selection.ids.size;
  const grid = h(
    'div',
    {
      ref: scrollRef,
      className: 'library-grid',
      'data-testid': 'library-grid',
      style: { width, height, flex: 'none' },
    },
    h(
      'div',
      { style: { height: virtualizer.getTotalSize(), position: 'relative' } },
      rows.map((row) =>
        h(
          'div',
          {
            key: row.key,
            className: 'library-row',
            style: { transform: `translateY(${row.start}px)`, height: ROW_PX },
          },
          Array.from({ length: columns }, (_, c) => {
            const index = row.index * columns + c;
            if (index >= total) return null;
            const item = pages[Math.floor(index / PAGE) + 1]?.[index % PAGE];
            return h(
              'div',
              { key: c, className: 'library-cell', style: { width: cardWidth } },
              item
                ? [
                    h(Card, {
                      key: 'card',
                      row: item,
                      index,
                      picked: isPicked(item.model_id),
                      onPick,
                    }),
                    h('input', {
                      key: 'check',
                      type: 'checkbox',
                      className: 'library-card-check',
                      'aria-label': `Select ${item.name}`,
                      tabIndex: -1,
                      checked: isPicked(item.model_id),
                      onChange: () =>
                        onPick(index, { ctrlKey: true, metaKey: false, shiftKey: false }),
                    }),
                  ]
                : h('div', { className: 'library-card placeholder' }),
            );
          }),
        ),
      ),
    ),
  );
  return h(
    'div',
    null,
    h('span', { 'data-testid': 'library-selection-count' }, `${count} selected`),
    h(
      'button',
      {
        type: 'button',
        'data-testid': 'library-select-all',
        onClick: () =>
          setSelection({ all: true, except: new Set(), ids: new Set(), anchor: undefined }),
      },
      'Select all',
    ),
    grid,
  );
}

declare global {
  interface Window {
    __showGrid?: () => Promise<void>;
  }
}

window.__showGrid = async () => {
  const first = (await (await fetch('b08/page-1.json')).json()) as Page;
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(h(Grid, { first }));
};
