import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../../shared/format';
import type { JSX } from 'react';
import type { LoadProgress } from './load-model';
import { progressPercent, stageLabel } from './progress-label';
import { useElapsedSeconds } from './use-elapsed-seconds';
import { ProgressBar } from '../../ui/ProgressBar';

/** Props of {@link ViewerProgress}. */
export interface ViewerProgressProps {
  readonly progress: LoadProgress;
}

/**
 * Loading bar with the stage and elapsed time. Mount it with `key={url}` so the clock restarts
 * for each model. Without a known download size the bar sweeps (indeterminate) but the stage line
 * still counts bytes, so the user sees that something is moving.
 */
export function ViewerProgress({ progress }: ViewerProgressProps): JSX.Element {
  const percent = progressPercent(progress);
  const label = stageLabel(progress);
  const elapsed = useElapsedSeconds();
  const { t } = useLingui();
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
