/**
 * Opens Activity's right-click menu on a job's row (`JobMenu.tsx`, fetched on the first
 * right-click). Shift+F10 or the context-menu key on a row's button opens it too. One listener
 * on the list, not one per row.
 */
import { lazy, Suspense, useCallback, useState, type MouseEvent, type ReactNode } from 'react';
import type { JobView } from '../../../../shared/ipc/contract';
import { menuAnchor } from '../../ui/menu-anchor';

const JobMenu = lazy(() => import('./JobMenu'));

/** The job list's `onContextMenu`, and the menu to render while it is open. */
export function useJobMenu(jobs: readonly JobView[]): {
  onContextMenu: (event: MouseEvent) => void;
  menu: ReactNode;
} {
  const [open, setOpen] = useState<{ x: number; y: number; jobId: string }>();
  const close = useCallback(() => setOpen(undefined), []);
  const onContextMenu = useCallback((event: MouseEvent) => {
    const row =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>('[data-testid="job"]')
        : null;
    const jobId = row?.dataset['jobId'];
    if (!row || !jobId) return;
    event.preventDefault();
    const pointerType = (event.nativeEvent as Partial<PointerEvent>).pointerType;
    setOpen({
      ...menuAnchor(
        { clientX: event.clientX, clientY: event.clientY, pointerType },
        row.getBoundingClientRect(),
      ),
      jobId,
    });
  }, []);
  // The row as it is now: a job that moved on while the menu was open gets its new items.
  const job = open ? jobs.find((j) => j.id === open.jobId) : undefined;
  const menu =
    open && job ? (
      <Suspense fallback={null}>
        <JobMenu x={open.x} y={open.y} job={job} onClose={close} />
      </Suspense>
    ) : null;
  return { onContextMenu, menu };
}
