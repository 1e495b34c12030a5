/**
 * One tool's run on one model: its price (cost before running), the job it started last, and a
 * `run` that sends nothing while a field is wrong and asks before spending above the threshold.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { postOperation } from '../../../../shared/api/operations';
import type { JobView, OpRepeatView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import { toolRunKey } from './ops-slice';
import { usePaidAction, type PaidAction } from '../billing/use-paid-action';
import type { Built } from './op-forms';
import { useOpRepeat } from './use-op-repeat';

/** What a tool panel needs to run. */
export interface ToolRun {
  readonly paid: PaidAction;
  /** The job this tool last started on the model. */
  readonly job: JobView | undefined;
  readonly busy: boolean;
  /** Why the last attempt was not sent or was refused. */
  readonly error: string | undefined;
  /** The field the refusal is about, when the main process named one. */
  readonly errorField: string | undefined;
  /** The earlier build this call repeats (not charged again), if any. */
  readonly repeat: OpRepeatView['repeatOf'];
  run(built: Built, what: string): Promise<void>;
}

/**
 * Runs `tool` on `modelId`, saving into `folder` (undefined while the folder field is wrong);
 * `built` is the call as the form stands, priced as a new build or, when it repeats one, as not
 * charged.
 */
export function useToolRun(
  tool: string,
  modelId: string,
  operation: { kind: string; maker?: string },
  folder: string | undefined,
  built: Built,
): ToolRun {
  const repeat = useOpRepeat(modelId, built);
  const { t } = useLingui();
  // The cost line of a repeated build.
  const repeatText = !repeat
    ? undefined
    : repeat.state === 'done'
      ? t`Not charged: Kiln made this build already, and the service hands out its cached result free`
      : t`Not charged: the same build is under way, and asking again costs nothing`;
  const paid = usePaidAction([{ operation: postOperation(operation) }], repeatText);
  const jobId = useKiln((s) => s.opRuns[toolRunKey(modelId, tool)]);
  const job = useKiln((s) => (jobId ? s.jobs.find((j) => j.id === jobId) : undefined));
  const runOp = useKiln((s) => s.runOp);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string | undefined }>();

  const run = async (built: Built, what: string) => {
    if ('errors' in built) {
      setError({ message: t`Fix the field marked above first: nothing was sent.` });
      return;
    }
    if (folder === undefined) {
      setError({
        message: t`Fix the folder to save in first: nothing was sent.`,
        field: 'folder',
      });
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await paid.guard(() => runOp(tool, modelId, built.op, folder), what);
    } catch (e) {
      const err = e as Error & { field?: string };
      setError({ message: err.message, field: err.field });
    } finally {
      setBusy(false);
    }
  };

  return { paid, job, busy, error: error?.message, errorField: error?.field, repeat, run };
}
