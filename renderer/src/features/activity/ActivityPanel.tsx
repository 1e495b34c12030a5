/**
 * The Activity centre: every generation and post-processing job of the connection now (the
 * sandbox, or the live service and key), newest first, with live state, filtered by all /
 * running / finished / failed.
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { isMoving } from '../../../../shared/jobs';
import { useState, type ComponentProps } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { ofConnection } from './job-connection';
import type { JobRow as JobRowView } from './JobRow';
import { useConnectionJobs, useCurrentConnection } from './use-connection-jobs';
import { useBatchMenu, useJobMenu } from './use-job-menu';
import { UpdateCard } from './UpdateCard';
import { ACTIVITY_FILTERS, matchesFilter, type ActivityFilter } from './job-labels';
import { useNow } from './use-now';
import { idleChunk } from '../../ui/idle-chunk';
import './activity.css';

/** A batch's row: a chunk of its own (most windows start with no batch), fetched at idle. */
const BatchRow = idleChunk(() => import('../batch/BatchRow'), null);

/**
 * A job's row (its result actions, drag-out, thumbnails): a chunk of its own, fetched at idle;
 * rows show only once the jobs have come from the core, which is after the first paint anyway.
 */
const JobRow = idleChunk<ComponentProps<typeof JobRowView>>(
  () => import('./JobRow').then((m) => ({ default: m.JobRow })),
  null,
);

const FILTER_LABELS: Record<ActivityFilter, MessageDescriptor> = {
  all: msg`All`,
  running: msg`Running`,
  finished: msg`Finished`,
  failed: msg`Failed`,
};

/** What an empty filter says: one sentence per filter, so each language words it whole. */
const NONE_LABELS: Record<ActivityFilter, MessageDescriptor> = {
  all: msg`No jobs.`,
  running: msg`No running jobs.`,
  finished: msg`No finished jobs.`,
  failed: msg`No failed jobs.`,
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
  const jobMenu = useJobMenu(shown);
  const batchMenu = useBatchMenu(batches);
  const { t } = useLingui();
  return (
    <section className="panel activity-panel" aria-labelledby="activity-title">
      <h2 id="activity-title">
        <Trans>Activity</Trans>
      </h2>
      <UpdateCard />
      <div className="activity-filters" role="group" aria-label={t`Show`}>
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
              {i18n._(FILTER_LABELS[f])} <span className="muted">{count}</span>
            </button>
          );
        })}
      </div>
      {batches.length > 0 ? (
        <ul className="job-list" data-testid="batch-list" onContextMenu={batchMenu.onContextMenu}>
          {batches.map((batch) => (
            <BatchRow key={batch.id} batch={batch} />
          ))}
        </ul>
      ) : null}
      {jobs.length === 0 && batches.length > 0 ? null : jobs.length === 0 ? (
        <p className="muted">
          <Trans>Nothing yet. Drop a photo to make your first model.</Trans>
        </p>
      ) : shown.length === 0 ? (
        <p className="muted" data-testid="activity-none">
          {i18n._(NONE_LABELS[filter])}
        </p>
      ) : (
        <ul className="job-list" data-testid="job-list" onContextMenu={jobMenu.onContextMenu}>
          {shown.map((job) => (
            <JobRow key={job.id} job={job} now={now} />
          ))}
        </ul>
      )}
      {jobMenu.menu}
      {batchMenu.menu}
    </section>
  );
}
