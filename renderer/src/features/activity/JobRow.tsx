/**
 * One job in Activity: what, state with progress, elapsed time, cost and refund; cancel while
 * nothing was sent, retry where it cannot charge twice, the decision about an unknown outcome
 * (with its risk), and the result (open it, or where it was saved).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { isMoving } from '../../../../shared/jobs';
import { useState } from 'react';
import type { JobView } from '../../../../shared/ipc/contract';
import { formatNumber } from '../../../../shared/format';
import { useKiln } from '../../store/StoreProvider';
import { formatElapsed, jobCost, jobKindText, jobSourceText, stateLabel } from './job-labels';
import { ResultActions } from './ResultActions';
import { JobStatusLines } from './JobStatusLines';
import { JobThumbs } from '../presence/JobThumbs';

const GENERATIONS = new Set(['photo', 'multi', 'text', 'retexture']);

/** What trying an unknown outcome again risks: a generation may be paid twice, a build not. */
function UnknownRisk({ generation }: { generation: boolean }) {
  return (
    <p className="job-risk" data-testid="job-risk">
      {generation ? (
        <Trans>
          Trying again sends a new request: if the first one did reach the service, you pay twice.
          Dismiss if you find the model in your library.
        </Trans>
      ) : (
        <Trans>
          Trying again repeats the identical request: the service charges a build once, so you are
          not charged twice.
        </Trans>
      )}
    </p>
  );
}

/** One Activity row. */
export function JobRow({ job, now }: { job: JobView; now: number }) {
  const cancelJob = useKiln((s) => s.cancelJob);
  const retryJob = useKiln((s) => s.retryJob);
  const resolveUnknown = useKiln((s) => s.resolveUnknown);
  const { t } = useLingui();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const running = isMoving(job.state);
  const elapsed = (job.finishedAt ?? now) - job.createdAt;
  const percent = job.progress === undefined ? undefined : formatNumber(Math.round(job.progress));
  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const unknown = job.state === 'outcome_unknown';
  const cost = jobCost(job);
  const generation = GENERATIONS.has(job.kind);
  return (
    <li
      className={`job job-${job.state}`}
      data-testid="job"
      data-job-id={job.id}
      data-job-state={job.state}
      data-job-kind={job.kind}
    >
      <div className="job-head">
        <JobThumbs job={job} />
        <span className="job-source" data-testid="job-source" title={jobSourceText(job)}>
          {jobSourceText(job)}
        </span>
        <span className="muted job-version" data-testid="job-version">
          {jobKindText(job)}
        </span>
      </div>
      <div className="job-status">
        <span className="job-state" data-testid="job-state">
          {stateLabel(job)}
          {running && percent !== undefined ? ` · ${t`${percent} %`}` : ''}
        </span>
        <span className="muted" data-testid="job-elapsed">
          {formatElapsed(elapsed)}
        </span>
        {cost ? (
          <span className="muted" data-testid="job-cost" title={cost.title}>
            {cost.text}
          </span>
        ) : null}
      </div>
      <JobStatusLines job={job} prefix="job" />
      {unknown ? <UnknownRisk generation={generation} /> : null}
      <div className="job-actions">
        {job.canCancel ? (
          <button
            type="button"
            data-testid="job-cancel"
            disabled={busy}
            onClick={() => void act(() => cancelJob(job.id))}
          >
            <Trans>Cancel</Trans>
          </button>
        ) : null}
        {job.canRetry && !unknown ? (
          <button
            type="button"
            data-testid="job-retry"
            disabled={busy}
            onClick={() => void act(() => retryJob(job.id))}
          >
            <Trans>Retry</Trans>
          </button>
        ) : null}
        {unknown ? (
          <>
            <button
              type="button"
              data-testid="job-unknown-retry"
              disabled={busy}
              onClick={() => void act(() => resolveUnknown(job.id, 'retry'))}
            >
              <Trans>Try again anyway</Trans>
            </button>
            <button
              type="button"
              data-testid="job-unknown-dismiss"
              disabled={busy}
              onClick={() => void act(() => resolveUnknown(job.id, 'dismiss'))}
            >
              <Trans>Dismiss</Trans>
            </button>
          </>
        ) : null}
      </div>
      <ResultActions job={job} />
      {error ? (
        <p className="error-text" role="alert" data-testid="job-action-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}
