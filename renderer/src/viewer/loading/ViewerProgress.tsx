import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../../shared/format';
import type { JSX } from 'react';
import type { LoadProgress } from './load-model';
import { progressPercent, stageLabel } from './progress-label';
import { PROGRESS_GRACE_MS } from './progress-stages';
import { useElapsedSeconds } from './use-elapsed-seconds';
import { ProgressBar } from '../../ui/ProgressBar';
import { useShownAfter } from '../../ui/use-shown-after';

/** Props of {@link ViewerProgress}. */
export interface ViewerProgressProps {
  readonly progress: LoadProgress;
}

/**
 * Loading bar with the stage and elapsed time, shown once the open has taken
 * {@link PROGRESS_GRACE_MS}. Mount it with `key={url}` so the clock and the grace restart for
 * each model. Without a known download size the bar sweeps (indeterminate) but the stage line
 * still counts bytes, so the user sees that something is moving.
 */
export function ViewerProgress({ progress }: ViewerProgressProps): JSX.Element | null {
  const percent = progressPercent(progress);
  const label = stageLabel(progress);
  const elapsed = useElapsedSeconds();
  const { t } = useLingui();
  const shown = useShownAfter(PROGRESS_GRACE_MS);
  if (!shown) return null;
  const percentText = percent === null ? '' : formatNumber(percent);
  return (
    <div className="kiln-viewer__progress" data-testid="viewer-progress">
      <ProgressBar
        label={t`Opening model`}
        percent={percent ?? undefined}
        valueText={percent === null ? label : t`${label}, ${percentText}%`}
      />
      <p className="kiln-viewer__progress-label">
        <span>{label}</span>
        {percent !== null && (
          <span className="kiln-viewer__progress-percent">{t`${percentText}%`}</span>
        )}
        {elapsed >= 1 && (
          <span className="kiln-viewer__progress-elapsed">
            <Trans>{elapsed} s</Trans>
          </span>
        )}
      </p>
    </div>
  );
}
