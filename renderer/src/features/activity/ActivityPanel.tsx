/**
 * The Activity centre: every generation and post-processing job of the connection now (the
 * sandbox, or the live service and key), newest first, with live state, filtered by all /
 * running / finished / failed.
 */
import { isMoving } from '../../../../shared/jobs';
import { useState } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { JobRow } from './JobRow';
import { ofConnection } from './job-connection';
import { useConnectionJobs, useCurrentConnection } from './use-connection-jobs';
import { UpdateCard } from './UpdateCard';
import { ACTIVITY_FILTERS, matchesFilter, type ActivityFilter } from './job-labels';
import { useNow } from './use-now';
import { idleChunk } from '../../ui/idle-chunk';
import './activity.css';

/** A batch's row: a chunk of its own (most windows start with no batch), fetched at idle. */
const BatchRow = idleChunk(() => import('../batch/BatchRow'), null);

const FILTER_LABELS: Record<ActivityFilter, string> = {
  all: 'All',
  running: 'Running',
  finished: 'Finished',
  failed: 'Failed',
};

/** The Activity panel. */
export function ActivityPanel() {
  const connectionNow = useCurrentConnection();
  const batches = useKiln((s) => s.batches).filter((b) => ofConnection(b, connectionNow));
  // A batch's items show inside its row, not as rows of their own.
  const jobs = useConnectionJobs().filter((j) => j.batchId === undefined);
  const [filter, setFilter] = useState<ActivityFilter>('all');
  const now = useNow(jobs.some((j) => isMoving(j.state)));
  const shown = jobs.filter((j) => matchesFilter(j, filter));
  return (
    <section className="panel activity-panel" aria-labelledby="activity-title">
      <h2 id="activity-title">Activity</h2>
      <UpdateCard />
      <div className="activity-filters" role="group" aria-label="Show">
        {ACTIVITY_FILTERS.map((f) => {
          const count = jobs.filter((j) => matchesFilter(j, f)).length;
          return (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              data-testid={`activity-filter-${f}`}
              onClick={() => setFilter(f)}
            >
              {FILTER_LABELS[f]} <span className="muted">{count}</span>
            </button>
          );
        })}
      </div>
      {batches.length > 0 ? (
        <ul className="job-list" data-testid="batch-list">
          {batches.map((batch) => (
            <BatchRow key={batch.id} batch={batch} />
          ))}
        </ul>
      ) : null}
      {jobs.length === 0 && batches.length > 0 ? null : jobs.length === 0 ? (
        <p className="muted">Nothing yet. Drop a photo to make your first model.</p>
      ) : shown.length === 0 ? (
        <p className="muted" data-testid="activity-none">
          No {FILTER_LABELS[filter].toLowerCase()} jobs.
        </p>
      ) : (
        <ul className="job-list" data-testid="job-list">
          {shown.map((job) => (
            <JobRow key={job.id} job={job} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
