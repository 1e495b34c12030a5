import type { JSX } from 'react';

/** Props of {@link ProgressBar}. */
export interface ProgressBarProps {
  /** What is progressing, for assistive technology ("Opening model"). */
  readonly label: string;
  /** 0–100; undefined: unknown (the bar sweeps instead of filling). */
  readonly percent: number | undefined;
  /** Spoken instead of the bare percentage ("Downloading 2.1 MB, 40%"). */
  readonly valueText?: string;
  /** A variant's class beside `progress` (its height, its track's colour). */
  readonly className?: string;
  readonly testId?: string;
}

/**
 * Kiln's one progress bar (the model opening in the viewer, a job in Activity and on the stage):
 * a track with a fill, `role="progressbar"` with its value, and a sweep while the amount is not
 * known. Its look is `.progress` in app.css.
 */
export function ProgressBar({
  label,
  percent,
  valueText,
  className,
  testId,
}: ProgressBarProps): JSX.Element {
  const known = percent !== undefined;
  const value = known ? Math.max(0, Math.min(100, Math.round(percent))) : undefined;
  return (
    <div
      className={className ? `progress ${className}` : 'progress'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      {...(value !== undefined ? { 'aria-valuenow': value } : {})}
      {...(valueText !== undefined ? { 'aria-valuetext': valueText } : {})}
      data-indeterminate={known ? undefined : ''}
      data-testid={testId}
    >
      <div
        className="progress-fill"
        style={value !== undefined ? { width: `${value}%` } : undefined}
      />
    </div>
  );
}
