/**
 * A batch in Activity: one row with its progress (n of N, cost so far, failed items), pause,
 * resume and cancel, expanding to its items (each with its outcome, file, cost and refund).
 */
import { jobLabel } from '../../../../shared/tools';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { BatchItemView, BatchView } from '../../../../shared/ipc/contract';
import { formatUsd } from '../../../../shared/money';
import { formatNumber } from '../../../../shared/format';
import { useKiln } from '../../store/StoreProvider';
import { STATE_LABELS } from '../activity/job-labels';
import './batch.css';

/** An item's words: its own while it waits or runs, then its job's final state as Activity says it. */
const ITEM_LABELS: Record<BatchItemView['state'], MessageDescriptor> = {
  pending: msg`Waiting`,
  running: msg`Running`,
  done: msg`Done`,
  failed: STATE_LABELS.failed,
  cancelled: STATE_LABELS.cancelled,
  outcome_unknown: STATE_LABELS.outcome_unknown,
};

const BATCH_LABELS: Record<BatchView['state'], MessageDescriptor> = {
  running: msg`Running`,
  paused: msg`Paused`,
  done: msg`Finished`,
  cancelled: msg`Cancelled`,
};

/** One item of a batch: its outcome, cost, refund, reason and file. */
function BatchItem({ item }: { item: BatchItemView }) {
  const refunded = item.refundedUsd ? formatUsd(item.refundedUsd) : undefined;
  return (
    <li data-testid="batch-item" data-item-state={item.state}>
      <strong>{item.name}</strong>
      {item.version !== undefined ? ` v${item.version}` : ''}: {i18n._(ITEM_LABELS[item.state])}
      {item.costUsd ? ` · ${formatUsd(item.costUsd)}` : ''}
      {refunded ? (
        <span data-testid="batch-item-refund">
          {' '}
          · <Trans>{refunded} refunded</Trans>
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
  );
}

/** A model the batch left out, with why. */
function LeftOutItem({ name, reason }: { name: string; reason: string }) {
  return (
    <li data-testid="batch-item" data-item-state="left-out">
      <Trans>
        <strong>{name}</strong>: left out · {reason}
      </Trans>
    </li>
  );
}

/** The items of a batch, then the models it left out. */
function BatchItems({ batch }: { batch: BatchView }) {
  return (
    <ul className="batch-items" data-testid="batch-items">
      {batch.items.map((item) => (
        <BatchItem key={item.modelId} item={item} />
      ))}
      {batch.leftOut.map((m) => (
        <LeftOutItem key={`out-${m.modelId}`} name={m.name} reason={m.reason} />
      ))}
    </ul>
  );
}

/** One batch. */
export default function BatchRow({ batch }: { batch: BatchView }) {
  const pauseBatch = useKiln((s) => s.pauseBatch);
  const resumeBatch = useKiln((s) => s.resumeBatch);
  const cancelBatch = useKiln((s) => s.cancelBatch);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const { t } = useLingui();
  const act = (action: (id: string) => Promise<void>) =>
    void action(batch.id).catch((e: unknown) => setError((e as Error).message));
  const total = batch.items.length;
  const live = batch.state === 'running' || batch.state === 'paused';
  const finished = formatNumber(batch.finished);
  const totalCount = formatNumber(total);
  const cost = formatUsd(batch.costUsd);
  const failed = formatNumber(batch.failed);
  const leftOut = formatNumber(batch.leftOut.length);
  // The tool in the artist's language (`label` is the core's English, for the CSV and logs).
  const tool = i18n._(jobLabel(batch.op));
  const { folder, csv } = batch;
  return (
    <li
      className={`job batch-row job-${batch.state}`}
      data-testid="batch"
      data-batch-id={batch.id}
      data-batch-state={batch.state}
      data-finished={batch.finished}
      data-total={total}
    >
      <div className="job-head">
        <span className="job-source">
          <Trans>
            Batch: {tool} on {totalCount} models
          </Trans>
        </span>
      </div>
      <div className="batch-progress">
        <span data-testid="batch-state">{i18n._(BATCH_LABELS[batch.state])}</span>
        <span data-testid="batch-count">
          <Trans>
            {finished} of {totalCount}
          </Trans>
        </span>
        <span data-testid="batch-cost">
          <Trans>{cost} so far</Trans>
        </span>
        {batch.failed > 0 ? (
          <span className="error-text" data-testid="batch-failed">
            <Trans>{failed} failed</Trans>
          </span>
        ) : null}
        {batch.leftOut.length > 0 ? (
          <span className="muted">
            <Trans>{leftOut} left out</Trans>
          </span>
        ) : null}
      </div>
      <div className="batch-actions">
        <button
          type="button"
          aria-expanded={open}
          data-testid="batch-expand"
          onClick={() => setOpen(!open)}
        >
          {open ? t`Hide items` : t`Show items`}
        </button>
        {batch.state === 'running' ? (
          <button type="button" data-testid="batch-pause" onClick={() => act(pauseBatch)}>
            <Trans>Pause</Trans>
          </button>
        ) : null}
        {batch.state === 'paused' ? (
          <button type="button" data-testid="batch-resume" onClick={() => act(resumeBatch)}>
            <Trans>Resume</Trans>
          </button>
        ) : null}
        {live ? (
          <button type="button" data-testid="batch-cancel" onClick={() => act(cancelBatch)}>
            <Trans>Cancel the rest</Trans>
          </button>
        ) : null}
      </div>
      <p className="muted saved-path">
        <Trans>
          Saved in <code title={folder}>{folder}</code>, listed in{' '}
          <code data-testid="batch-csv">{csv}</code>
        </Trans>
      </p>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {open ? <BatchItems batch={batch} /> : null}
    </li>
  );
}
