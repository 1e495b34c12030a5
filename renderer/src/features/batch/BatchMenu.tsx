/**
 * Activity's right-click menu on a batch's row, open: Pause or Resume and Cancel the rest while
 * it runs, Show in folder (its CSV, beside the files it saved) and Copy folder path. Each item
 * runs what the row's own buttons run (no second way to pause or cancel); nothing here sends a
 * paid call. A chunk of its own, fetched on the first right-click on a batch
 * (`activity/use-job-menu.tsx` opens it).
 */
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { BatchView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import { ContextMenu, type MenuItem } from '../../ui/ContextMenu';
import { useMenuBasics, type MenuBasics } from '../desktop/use-reveal-file';

/** What the batch menu's items do: the row's own actions, and the menus' shared ones. */
export type BatchMenuActions = MenuBasics &
  Readonly<{
    pause(batchId: string): Promise<void>;
    resume(batchId: string): Promise<void>;
    cancel(batchId: string): Promise<void>;
  }>;

/** The items of `batch`'s menu, as the row is now. */
export function batchMenuItems(
  batch: Pick<BatchView, 'id' | 'state' | 'folder'>,
  act: BatchMenuActions,
): Array<MenuItem | 'separator'> {
  const attempt = (action: (id: string) => Promise<void>) => () =>
    void action(batch.id).catch((error: Error) => act.report(error.message));
  const items: Array<MenuItem | 'separator'> = [];
  if (batch.state === 'running') {
    items.push({ label: t`Pause`, testId: 'batch-menu-pause', run: attempt(act.pause) });
  }
  if (batch.state === 'paused') {
    items.push({ label: t`Resume`, testId: 'batch-menu-resume', run: attempt(act.resume) });
  }
  if (batch.state === 'running' || batch.state === 'paused') {
    items.push(
      { label: t`Cancel the rest`, testId: 'batch-menu-cancel', run: attempt(act.cancel) },
      'separator',
    );
  }
  const folder = batch.folder;
  items.push(
    {
      label: t`Show in folder`,
      testId: 'batch-menu-show-in-folder',
      run: () => act.reveal({ batchId: batch.id }),
    },
    {
      label: t`Copy folder path`,
      testId: 'batch-menu-copy-folder',
      run: () =>
        void act
          .copy(folder)
          .catch(() => act.report(t`The clipboard is not available: the folder is ${folder}.`)),
    },
  );
  return items;
}

/** Props of {@link BatchMenu}. */
export interface BatchMenuProps {
  readonly x: number;
  readonly y: number;
  /** The row as it is now: a batch that moved on while the menu was open gets its new items. */
  readonly batch: BatchView;
  readonly onClose: () => void;
}

/** The menu of `batch`'s row, open. */
export default function BatchMenu({ x, y, batch, onClose }: BatchMenuProps) {
  const pause = useKiln((s) => s.pauseBatch);
  const resume = useKiln((s) => s.resumeBatch);
  const cancel = useKiln((s) => s.cancelBatch);
  const basics = useMenuBasics();
  const { t: tr } = useLingui();
  return (
    <ContextMenu
      x={x}
      y={y}
      label={tr`Batch`}
      testId="batch-menu"
      onClose={onClose}
      items={batchMenuItems(batch, {
        pause,
        resume,
        cancel,
        ...basics,
      })}
    />
  );
}
