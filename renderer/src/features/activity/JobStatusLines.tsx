/**
 * What a job says while and after it runs: the progress bar, its note, its error and its refund.
 * One component for the Activity rows and the tools' status blocks; `prefix` names the class and
 * test id of each line (`job-note`, `op-note`, …) so each place keeps its own styling.
 */
import { isMoving } from '../../../../shared/jobs';
import type { JobView } from '../../../../shared/ipc/contract';
import { formatUsd } from '../../../../shared/money';
import { stateLabel } from './job-labels';
import { ProgressBar } from '../../ui/ProgressBar';

/** Progress, note, error and refund lines of `job`. */
export function JobStatusLines({ job, prefix }: { job: JobView; prefix: 'job' | 'op' }) {
  return (
    <>
      {isMoving(job.state) ? (
        <ProgressBar label={`${stateLabel(job)}: ${job.source}`} percent={job.progress} />
      ) : null}
      {job.note ? (
        <p className={`muted ${prefix}-note`} data-testid={`${prefix}-note`}>
          {job.note}
        </p>
      ) : null}
      {job.error ? (
        <p className="error-text" data-testid={`${prefix}-error`}>
          {job.error.message}
        </p>
      ) : null}
      {job.refundedUsd ? (
        <p className={`${prefix}-refund`} data-testid={`${prefix}-refund`}>
          Refunded {formatUsd(job.refundedUsd)}: it is back on your balance (a job that fails is not
          charged).
        </p>
      ) : null}
    </>
  );
}
