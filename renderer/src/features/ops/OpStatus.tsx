/** A tool's last job: running with progress, then ready (saved where, open it) or what failed. */
import type { JobView } from '../../../../shared/ipc/contract';
import { formatUsd } from '../../../../shared/money';
import { useKiln } from '../../store/StoreProvider';
import { isRunning, STATE_LABELS } from '../activity/job-labels';
import { ResultActions } from '../activity/ResultActions';

/** The status block under a tool's Run button. */
export function OpStatus({ job }: { job: JobView }) {
  const showRight = useKiln((s) => s.showRight);
  const running = isRunning(job.state);
  return (
    <div
      className={`op-status op-status-${job.state}`}
      role="status"
      data-testid="op-status"
      data-job-state={job.state}
    >
      <span className="op-state">{STATE_LABELS[job.state]}</span>
      {running ? (
        <div
          className="progress"
          role="progressbar"
          aria-label={`${STATE_LABELS[job.state]}: ${job.source}`}
          aria-valuemin={0}
          aria-valuemax={100}
          {...(job.progress !== undefined ? { 'aria-valuenow': job.progress } : {})}
        >
          <div className="progress-fill" style={{ width: `${job.progress ?? 5}%` }} />
        </div>
      ) : null}
      {job.note ? (
        <p className="muted op-note" data-testid="op-note">
          {job.note}
        </p>
      ) : null}
      {job.error ? (
        <p className="error-text" data-testid="op-error">
          {job.error.message}
        </p>
      ) : null}
      {job.refundedUsd ? (
        <p className="op-refund" data-testid="op-refund">
          Refunded: {formatUsd(job.refundedUsd)} is back on your balance. A build that fails is
          never charged.
        </p>
      ) : null}
      {job.state === 'outcome_unknown' ? (
        <button type="button" onClick={() => showRight('activity')}>
          Decide in Activity
        </button>
      ) : null}
      <ResultActions job={job} />
    </div>
  );
}
