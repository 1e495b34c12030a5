/**
 * An Activity row's pictures: what the job was made from and, once done, the model it made
 * (its library thumbnail), so a list of jobs reads at a glance.
 */
import { useEffect } from 'react';
import type { JobView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import { isStageable } from './stage-logic';
import './presence.css';

/** The input and result thumbnails of a generation; nothing for other jobs. */
export function JobThumbs({ job }: { job: JobView }) {
  const input = useKiln((s) => s.jobInputs[job.id]?.[0]);
  const resultId = job.state === 'done' && isStageable(job) ? job.modelId : undefined;
  const result = useKiln((s) => (resultId ? s.resultThumbs[resultId] : undefined));
  const wantResultThumb = useKiln((s) => s.wantResultThumb);
  useEffect(() => {
    if (resultId) wantResultThumb(resultId);
  }, [resultId, wantResultThumb]);
  if (!input && !result) return null;
  return (
    <span className="job-thumbs" aria-hidden="true">
      {input ? <img src={input} alt="" data-testid="job-thumb-input" /> : null}
      {result ? <img src={result} alt="" data-testid="job-thumb-result" /> : null}
    </span>
  );
}
