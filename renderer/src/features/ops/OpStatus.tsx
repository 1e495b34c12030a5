/** A tool's last job: running with progress, then ready (saved where, open it) or what failed. */
import { Trans } from '@lingui/react/macro';
import type { JobView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import { stateLabel } from '../activity/job-labels';
import { ResultActions } from '../activity/ResultActions';
import { JobStatusLines } from '../activity/JobStatusLines';

/** The status block under a tool's Run button. */
export function OpStatus({ job }: { job: JobView }) {
  const showRight = useKiln((s) => s.showRight);
  return (
    <div
      className={`op-status op-status-${job.state}`}
      role="status"
      data-testid="op-status"
      data-job-state={job.state}
    >
      <span className="op-state">{stateLabel(job)}</span>
      <JobStatusLines job={job} prefix="op" />
      {job.state === 'outcome_unknown' ? (
        <button type="button" onClick={() => showRight('activity')}>
          <Trans>Decide in Activity</Trans>
        </button>
      ) : null}
      <ResultActions job={job} />
    </div>
  );
}
