/**
 * A batch in Activity: one row with its progress (n of N, cost so far, failed items), pause,
 * resume and cancel, expanding to its items (each with its outcome, file, cost and refund).
 */
import { useState } from 'react';
import type { BatchItemView, BatchView } from '../../../../shared/ipc/contract';
import { formatUsd } from '../../../../shared/money';
import { useKiln } from '../../store/StoreProvider';
import { STATE_LABELS } from '../activity/job-labels';
import './batch.css';

/** An item's words: its own while it waits or runs, then its job's final state as Activity says it. */
const ITEM_LABELS: Record<BatchItemView['state'], string> = {
  pending: 'Waiting',
  running: 'Running',
  done: 'Done',
  failed: STATE_LABELS.failed,
  cancelled: STATE_LABELS.cancelled,
  outcome_unknown: STATE_LABELS.outcome_unknown,
};

const BATCH_LABELS: Record<BatchView['state'], string> = {
  running: 'Running',
  paused: 'Paused',
  done: 'Finished',
  cancelled: 'Cancelled',
};

/** One batch. */
export default function BatchRow({ batch }: { batch: BatchView }) {
  const pauseBatch = useKiln((s) => s.pauseBatch);
  const resumeBatch = useKiln((s) => s.resumeBatch);
  const cancelBatch = useKiln((s) => s.cancelBatch);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const act = (action: (id: string) => Promise<void>) =>
    void action(batch.id).catch((e: unknown) => setError((e as Error).message));
  const total = batch.items.length;
  const live = batch.state === 'running' || batch.state === 'paused';
  return (
    <li
      className={`job batch-row job-${batch.state}`}
      data-testid="batch"
      data-batch-state={batch.state}
      data-finished={batch.finished}
      data-total={total}
    >
      <div className="job-head">
        <span className="job-source">
          Batch: {batch.label} on {total} models
        </span>
      </div>
      <div className="batch-progress">
        <span data-testid="batch-state">{BATCH_LABELS[batch.state]}</span>
        <span data-testid="batch-count">
          {batch.finished} of {total}
        </span>
        <span data-testid="batch-cost">{formatUsd(batch.costUsd)} so far</span>
        {batch.failed > 0 ? (
          <span className="error-text" data-testid="batch-failed">
            {batch.failed} failed
          </span>
        ) : null}
        {batch.leftOut.length > 0 ? (
          <span className="muted">{batch.leftOut.length} left out</span>
        ) : null}
      </div>
      <div className="batch-actions">
        <button
          type="button"
          aria-expanded={open}
          data-testid="batch-expand"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide items' : 'Show items'}
        </button>
        {batch.state === 'running' ? (
          <button type="button" data-testid="batch-pause" onClick={() => act(pauseBatch)}>
            Pause
          </button>
        ) : null}
        {batch.state === 'paused' ? (
          <button type="button" data-testid="batch-resume" onClick={() => act(resumeBatch)}>
            Resume
          </button>
        ) : null}
        {live ? (
          <button type="button" data-testid="batch-cancel" onClick={() => act(cancelBatch)}>
            Cancel the rest
          </button>
        ) : null}
      </div>
      <p className="muted saved-path">
        Saved in <code title={batch.folder}>{batch.folder}</code>, listed in{' '}
        <code data-testid="batch-csv">{batch.csv}</code>
      </p>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {open ? (
        <ul className="batch-items" data-testid="batch-items">
          {batch.items.map((item) => (
            <li key={item.modelId} data-testid="batch-item" data-item-state={item.state}>
              <strong>{item.name}</strong>
              {item.version !== undefined ? ` v${item.version}` : ''}: {ITEM_LABELS[item.state]}
              {item.costUsd ? ` · ${formatUsd(item.costUsd)}` : ''}
              {item.refundedUsd ? (
                <span data-testid="batch-item-refund">
                  {' '}
                  · {formatUsd(item.refundedUsd)} refunded
                </span>
              ) : null}
              {item.reason ? <span className="muted"> · {item.reason}</span> : null}
              {item.file ? (
                <>
                  {' '}
                  · <code data-testid="batch-item-file">{item.file}</code>
                </>
              ) : null}
            </li>
          ))}
          {batch.leftOut.map((m) => (
            <li key={`out-${m.modelId}`} data-testid="batch-item" data-item-state="left-out">
              <strong>{m.name}</strong>: left out · {m.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
