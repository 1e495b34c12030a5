/**
 * The job in the viewer: after Generate, the centre shows what the model is being made from
 * (the photo, the views, the concept), the stage it is at, its progress and the time it is
 * expected to need still; when the model is ready and drawn, the stage fades away over it. The
 * strip below lists every generation under way, so the artist can pick which one to watch.
 */
import { errorWords } from '../../ui/error-words';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { formatNumber } from '../../../../shared/format';
import type { JobView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import { formatElapsed, jobSourceText, stateLabel } from '../activity/job-labels';
import { useConnectionJobs } from '../activity/use-connection-jobs';
import { useNow } from '../activity/use-now';
import { formatTimeLeft, stagePhase, stripJobs, timeLeftMs, type StagePhase } from './stage-logic';
import { ProgressBar } from '../../ui/ProgressBar';
import './presence.css';

/** How long the stage takes to fade once the model is on screen (matches presence.css). */
const FADE_MS = 600;

/** The stage and the strip, over the viewer. */
export function JobStage() {
  const jobs = useConnectionJobs();
  const stagedId = useKiln((s) => s.stagedJobId);
  const stageJob = useKiln((s) => s.stageJob);
  const leaveStage = useKiln((s) => s.leaveStage);
  const staged = jobs.find((j) => j.id === stagedId);
  const strip = stripJobs(jobs, stagedId);
  const shown = {
    modelId: useKiln((s) => s.model?.modelId),
    ready: useKiln((s) => s.viewerState === 'ready'),
  };
  const phase = staged ? stagePhase(staged, shown) : undefined;
  const opening = useKiln((s) => s.openingModelId);
  const openModel = useKiln((s) => s.openModel);

  // A job picked on the strip opens its model when done, as the one just started does.
  const toOpen = phase === 'opening' ? staged?.modelId : undefined;
  const current = shown.modelId;
  useEffect(() => {
    if (toOpen && opening !== toOpen && current !== toOpen) void openModel(toOpen);
  }, [toOpen, opening, current, openModel]);

  // Once its model is drawn, the stage fades away and closes.
  useEffect(() => {
    if (phase !== 'shown' || !stagedId) return;
    const timer = setTimeout(() => leaveStage(stagedId), FADE_MS);
    return () => clearTimeout(timer);
  }, [phase, stagedId, leaveStage]);

  return (
    <>
      {staged && phase ? (
        <Stage job={staged} phase={phase} onClose={() => stageJob(undefined)} />
      ) : null}
      {strip.length > (staged ? 1 : 0) ? (
        <JobStrip jobs={strip} stagedId={stagedId} onPick={stageJob} />
      ) : null}
    </>
  );
}

/** The staged job, large. */
function Stage({ job, phase, onClose }: { job: JobView; phase: StagePhase; onClose(): void }) {
  const pictures = useKiln((s) => s.jobInputs[job.id]) ?? [];
  const now = useNow(phase === 'working');
  const since = useWorkingSince(job, now);
  const left = timeLeftMs(job, since ?? now, now);
  const progress = job.state === 'done' ? 100 : job.progress;
  const { t } = useLingui();
  const source = jobSourceText(job);
  const percent = job.progress === undefined ? undefined : formatNumber(Math.round(job.progress));
  return (
    <div
      className={`job-stage job-stage--${phase}`}
      data-testid="job-stage"
      data-stage-phase={phase}
      data-job-id={job.id}
    >
      <div className="job-stage-card" role="group" aria-label={t`Generating ${source}`}>
        <div className={`job-stage-pictures job-stage-pictures--${Math.min(pictures.length, 4)}`}>
          {pictures.length ? (
            pictures.map((url, i) => (
              <img
                key={i}
                src={url}
                alt={i === 0 ? t`Input of ${source}` : ''}
                data-testid="job-stage-picture"
              />
            ))
          ) : (
            <span className="job-stage-nopicture muted">{source}</span>
          )}
        </div>
        <p className="job-stage-name" title={source}>
          {source}
        </p>
        <p className="job-stage-state" role="status" data-testid="job-stage-state">
          {phase === 'opening' ? t`Ready · opening the model` : stateLabel(job)}
          {phase === 'working' && percent !== undefined ? ` · ${t`${percent} %`}` : ''}
        </p>
        {phase === 'working' || phase === 'opening' ? (
          <ProgressBar label={t`Progress`} percent={progress ?? 0} />
        ) : null}
        {phase === 'working' ? (
          <p className="job-stage-time muted" data-testid="job-stage-time">
            {formatElapsed(now - job.createdAt)}
            {left !== undefined ? ` · ${formatTimeLeft(left)}` : ''}
          </p>
        ) : null}
        {phase === 'ended' ? (
          <p className="job-stage-error" data-testid="job-stage-error">
            {job.error ? errorWords(job.error) : t`It did not finish. Activity has the details.`}
          </p>
        ) : null}
        <button
          type="button"
          className="job-stage-close"
          data-testid="job-stage-close"
          onClick={onClose}
        >
          {phase === 'ended' ? t`Close` : t`Show the open model`}
        </button>
      </div>
    </div>
  );
}

/** When the job was first seen working at the service (the rate of its progress starts there). */
function useWorkingSince(job: JobView, now: number): number | undefined {
  const seen = useRef(new Map<string, number>());
  if (!seen.current.has(job.id) && (job.state === 'processing' || job.state === 'queued')) {
    seen.current.set(job.id, now);
  }
  return seen.current.get(job.id);
}

/** Every generation under way, small, to pick the one the stage shows. */
function JobStrip({
  jobs,
  stagedId,
  onPick,
}: {
  jobs: readonly JobView[];
  stagedId: string | undefined;
  onPick(jobId: string): void;
}) {
  const inputs = useKiln((s) => s.jobInputs);
  const { t } = useLingui();
  return (
    <ul className="job-strip" data-testid="job-strip" aria-label={t`Models being generated`}>
      {jobs.map((job) => {
        const picture = inputs[job.id]?.[0];
        const source = jobSourceText(job);
        const state = stateLabel(job);
        return (
          <li key={job.id}>
            <button
              type="button"
              className="job-strip-item"
              data-testid="job-strip-item"
              data-job-id={job.id}
              aria-pressed={job.id === stagedId}
              title={t`${source} · ${state}`}
              onClick={() => onPick(job.id)}
            >
              {picture ? (
                <img src={picture} alt="" />
              ) : (
                <span className="job-strip-initial" aria-hidden="true">
                  {source.slice(0, 1)}
                </span>
              )}
              <span className="job-strip-label">{source}</span>
              <span
                className="job-strip-bar"
                aria-hidden="true"
                style={{ width: `${job.state === 'done' ? 100 : (job.progress ?? 0)}%` }}
              />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
