/**
 * Whether a tool's call, as its form stands, repeats a build Kiln made or is making with
 * identical parameters: the service hands out the same build without charging it again (§3.2),
 * so the cost line must not quote its price.
 */
import { useEffect, useState } from 'react';
import type { OpRepeatView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import type { Built } from './op-forms';

/** The earlier build `built` repeats on `modelId`, asked again when the form or a job changes. */
export function useOpRepeat(modelId: string, built: Built): OpRepeatView['repeatOf'] {
  const opRepeat = useKiln((s) => s.opRepeat);
  // A job of this model started, finished or failed: the answer may have changed.
  const jobsOfModel = useKiln((s) =>
    s.jobs
      .filter((j) => j.sourceModelId === modelId)
      .map((j) => `${j.id}:${j.state}`)
      .join(','),
  );
  // Kiln's own conversions are never charged: there is no build to repeat.
  const op = 'op' in built && built.op.kind !== 'compatible' ? built.op : undefined;
  const opKey = op ? JSON.stringify(op) : '';
  const [answer, setAnswer] = useState<{ key: string; repeatOf: OpRepeatView['repeatOf'] }>();
  const key = `${modelId}|${opKey}`;
  useEffect(() => {
    if (!op) return;
    let live = true;
    opRepeat(modelId, op).then(
      (a) => live && setAnswer({ key, repeatOf: a.repeatOf }),
      // Unknown: quote the price, as for a new build.
      () => live && setAnswer({ key, repeatOf: undefined }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `op`'s contents
  }, [key, jobsOfModel, opRepeat]);
  return op && answer?.key === key ? answer.repeatOf : undefined;
}
