/**
 * Opens Activity's right-click menus: on a job's row (`JobMenu.tsx`) and on a batch's row
 * (`batch/BatchMenu.tsx`), each fetched on its first right-click. Shift+F10 or the context-menu
 * key on a row's button opens it too. One listener per list, not one per row, and one way of
 * opening for both: {@link useRowMenu}.
 */
import { lazy, Suspense, useCallback, useState, type MouseEvent, type ReactNode } from 'react';
import type { BatchView, JobView } from '../../../../shared/ipc/contract';
import { rowMenuOpening } from '../../ui/menu-anchor';

const JobMenu = lazy(() => import('./JobMenu'));
const BatchMenu = lazy(() => import('../batch/BatchMenu'));

/** A list's `onContextMenu`, and the menu to render while it is open. */
export interface RowMenu {
  onContextMenu: (event: MouseEvent) => void;
  menu: ReactNode;
}

/**
 * The menu of a list's rows: a right-click on a row (the element with `data-testid={testId}`)
 * whose attribute `idAttribute` names an item of `items` opens `render`'s menu for that item.
 * The item is looked up as it is now, so one that moved on while its menu was open gets its new
 * items.
 */
function useRowMenu<T extends { readonly id: string }>(
  items: readonly T[],
  testId: string,
  idAttribute: string,
  render: (open: { x: number; y: number; item: T; onClose: () => void }) => ReactNode,
): RowMenu {
  const [open, setOpen] = useState<{ x: number; y: number; id: string }>();
  const onClose = useCallback(() => setOpen(undefined), []);
  const onContextMenu = useCallback(
    (event: MouseEvent) => {
      const opening = rowMenuOpening(event, `[data-testid="${testId}"][${idAttribute}]`);
      const id = opening?.row.getAttribute(idAttribute);
      if (opening && id) setOpen({ x: opening.x, y: opening.y, id });
    },
    [testId, idAttribute],
  );
  const item = open ? items.find((i) => i.id === open.id) : undefined;
  const menu =
    open && item ? (
      <Suspense fallback={null}>{render({ x: open.x, y: open.y, item, onClose })}</Suspense>
    ) : null;
  return { onContextMenu, menu };
}

/** The job list's menu. */
export function useJobMenu(jobs: readonly JobView[]): RowMenu {
  return useRowMenu(jobs, 'job', 'data-job-id', ({ item, ...at }) => (
    <JobMenu {...at} job={item} />
  ));
}

/** The batch list's menu. */
export function useBatchMenu(batches: readonly BatchView[]): RowMenu {
  return useRowMenu(batches, 'batch', 'data-batch-id', ({ item, ...at }) => (
    <BatchMenu {...at} batch={item} />
  ));
}
