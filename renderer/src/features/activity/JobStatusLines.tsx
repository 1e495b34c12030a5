/**
 * What a job says while and after it runs: the progress bar, its note, its error and its refund.
 * One component for the Activity rows and the tools' status blocks; `prefix` names the class and
 * test id of each line (`job-note`, `op-note`, …) so each place keeps its own styling.
 */
import { errorWords } from '../../ui/error-words';
import { Trans, useLingui } from '@lingui/react/macro';
import { isMoving } from '../../../../shared/jobs';
import type { JobView } from '../../../../shared/ipc/contract';
import { formatUsd } from '../../../../shared/money';
import { jobSourceText, stateLabel } from './job-labels';
import { ProgressBar } from '../../ui/ProgressBar';

/** Progress, note, error and refund lines of `job`. */
export function JobStatusLines({ job, prefix }: { job: JobView; prefix: 'job' | 'op' }) {
  const { t, i18n } = useLingui();
  const state = stateLabel(job);
  const source = jobSourceText(job);
  const refunded = job.refundedUsd ? formatUsd(job.refundedUsd) : undefined;
  return (
    <>
      {isMoving(job.state) ? (
        <ProgressBar label={t`${state}: ${source}`} percent={job.progress} />
      ) : null}
      {job.note ? (
        <p className={`muted ${prefix}-note`} data-testid={`${prefix}-note`}>
          {i18n._(job.note)}
        </p>
      ) : null}
      {job.error ? (
        <p className="error-text" data-testid={`${prefix}-error`}>
          {errorWords(job.error)}
        </p>
      ) : null}
      {refunded ? (
        <p className={`${prefix}-refund`} data-testid={`${prefix}-refund`}>
          <Trans>
            Refunded {refunded}: it is back on your balance (a job that fails is not charged).
          </Trans>
        </p>
      ) : null}
    </>
  );
}
