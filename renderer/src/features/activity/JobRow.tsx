/** One job in Activity: what, state with progress, elapsed time, cost, and Open when ready. */
import { TIERS } from '../../../../shared/api/rules';
import type { JobView } from '../../../../shared/ipc/contract';
import { formatUsd } from '../../../../shared/money';
import { useKiln } from '../../store/StoreProvider';
import { formatElapsed, isRunning, STATE_LABELS } from './job-labels';

/** One Activity row. */
export function JobRow({ job, now }: { job: JobView; now: number }) {
  const openModel = useKiln((s) => s.openModel);
  const running = isRunning(job.state);
  const elapsed = (job.finishedAt ?? now) - job.createdAt;
  return (
    <li className={`job job-${job.state}`} data-testid="job" data-job-state={job.state}>
      <div className="job-head">
        <span className="job-source" title={job.source}>
          {job.source}
        </span>
        <span className="muted">{job.tier ? TIERS[job.tier].label : job.kind}</span>
      </div>
      <div className="job-status">
        <span className="job-state">{STATE_LABELS[job.state]}</span>
        <span className="muted">{formatElapsed(elapsed)}</span>
        {job.costUsd ? <span className="muted">{formatUsd(job.costUsd)}</span> : null}
      </div>
      {running ? (
        <div
          className="progress"
          role="progressbar"
          aria-label={`${STATE_LABELS[job.state]} ${job.source}`}
          aria-valuemin={0}
          aria-valuemax={100}
          {...(job.progress !== undefined ? { 'aria-valuenow': job.progress } : {})}
        >
          <div className="progress-fill" style={{ width: `${job.progress ?? 5}%` }} />
        </div>
      ) : null}
      {job.error ? (
        <p className="error-text" data-testid="job-error">
          {job.error.message}
        </p>
      ) : null}
      {job.state === 'done' && job.modelId ? (
        <button type="button" data-testid="job-open" onClick={() => void openModel(job.modelId!)}>
          Open
        </button>
      ) : null}
    </li>
  );
}
