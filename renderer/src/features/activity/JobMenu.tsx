/**
 * Activity's right-click menu on a job's row, open: a finished job's Open result and Show in
 * folder, a running one's Cancel, a failed one's Retry where the row offers it, and Copy job ID
 * on every row. Each item runs what the row's own buttons run (no second way to cancel, retry or
 * open); a paid call is never sent from here that the row would not send. A chunk of its own,
 * fetched on the first right-click (`use-job-menu.tsx` opens it): the first screen does not need
 * it.
 */
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { JobView } from '../../../../shared/ipc/contract';
import { isMoving } from '../../../../shared/jobs';
import { useKiln } from '../../store/StoreProvider';
import { ContextMenu, type MenuItem } from '../../ui/ContextMenu';
import { useMenuBasics, type MenuBasics } from '../desktop/use-reveal-file';
import { openLabel } from './job-labels';

/** What the job menu's items do: the row's own actions, and the menus' shared ones. */
export type JobMenuActions = MenuBasics &
  Readonly<{
    openResult(job: JobView): Promise<void>;
    cancel(jobId: string): Promise<void>;
    retry(jobId: string): Promise<void>;
  }>;

/** The items of `job`'s menu, as the row is now. */
export function jobMenuItems(job: JobView, act: JobMenuActions): Array<MenuItem | 'separator'> {
  const attempt = (action: () => Promise<void>) => () =>
    void action().catch((error: Error) => act.report(error.message));
  const items: Array<MenuItem | 'separator'> = [];
  if (job.state === 'done') {
    const open = openLabel(job);
    items.push(
      {
        label: open ?? t`Open result`,
        disabled: !open,
        ...(open ? {} : { title: t`This job saved a file only: show it in its folder.` }),
        testId: 'job-menu-open',
        run: attempt(() => act.openResult(job)),
      },
      {
        label: t`Show in folder`,
        disabled: !job.savedPath && !job.modelId,
        testId: 'job-menu-show-in-folder',
        run: () => act.reveal({ jobId: job.id }),
      },
    );
  } else if (isMoving(job.state)) {
    items.push({
      label: t`Cancel`,
      disabled: !job.canCancel,
      ...(job.canCancel
        ? {}
        : { title: t`Already sent to the service: it can no longer be cancelled.` }),
      testId: 'job-menu-cancel',
      run: attempt(() => act.cancel(job.id)),
    });
  }
  // As the row's own Retry button: only where trying again cannot charge twice.
  if (job.canRetry && job.state !== 'outcome_unknown') {
    items.push({
      label: t`Retry`,
      testId: 'job-menu-retry',
      run: attempt(() => act.retry(job.id)),
    });
  }
  if (items.length) items.push('separator');
  const jobId = job.id;
  items.push({
    label: t`Copy job ID`,
    testId: 'job-menu-copy-id',
    run: () =>
      void act
        .copy(job.id)
        .catch(() => act.report(t`The clipboard is not available: the job ID is ${jobId}.`)),
  });
  return items;
}

/** Props of {@link JobMenu}. */
export interface JobMenuProps {
  readonly x: number;
  readonly y: number;
  /** The row as it is now: a job that moved on while the menu was open gets its new items. */
  readonly job: JobView;
  readonly onClose: () => void;
}

/** The menu of `job`'s row, open. */
export default function JobMenu({ x, y, job, onClose }: JobMenuProps) {
  const openResult = useKiln((s) => s.openResult);
  const cancel = useKiln((s) => s.cancelJob);
  const retry = useKiln((s) => s.retryJob);
  const basics = useMenuBasics();
  const { t: tr } = useLingui();
  return (
    <ContextMenu
      x={x}
      y={y}
      label={tr`Job`}
      testId="job-menu"
      onClose={onClose}
      items={jobMenuItems(job, {
        openResult,
        cancel,
        retry,
        ...basics,
      })}
    />
  );
}
