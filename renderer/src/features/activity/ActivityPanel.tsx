/** Activity: every job, newest first, with live state. */
import { useKiln } from '../../store/StoreProvider';
import { JobRow } from './JobRow';
import { isRunning } from './job-labels';
import { useNow } from './use-now';

/** The Activity panel. */
export function ActivityPanel() {
  const jobs = useKiln((s) => s.jobs);
  const now = useNow(jobs.some((j) => isRunning(j.state)));
  return (
    <section className="panel activity-panel" aria-labelledby="activity-title">
      <h2 id="activity-title">Activity</h2>
      {jobs.length === 0 ? (
        <p className="muted">Nothing yet. Drop a photo to make your first model.</p>
      ) : (
        <ul className="job-list" data-testid="job-list">
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
