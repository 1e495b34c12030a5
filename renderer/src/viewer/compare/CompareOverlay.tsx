import type { JSX } from 'react';
import type { CompareLayout } from '../viewer-settings';

/** Props of {@link CompareOverlay}. */
export interface CompareOverlayProps {
  readonly layout: CompareLayout;
  readonly nameA: string | undefined;
  readonly nameB: string;
  /** Where the wipe divides A and B (0…1 of the width). */
  readonly wipe: number;
  readonly onWipe: (wipe: number) => void;
}

/** Over the canvas while comparing: the A and B labels, and the split line or the wipe slider. */
export function CompareOverlay({
  layout,
  nameA,
  nameB,
  wipe,
  onWipe,
}: CompareOverlayProps): JSX.Element {
  return (
    <div
      className={`kiln-viewer__compare kiln-viewer__compare--${layout}`}
      data-testid="viewer-compare-labels"
    >
      <span className="kiln-viewer__compare-label">A · {nameA}</span>
      <span className="kiln-viewer__compare-label">B · {nameB}</span>
      {layout === 'wipe' ? (
        <>
          <div
            className="kiln-viewer__wipe-line"
            style={{ left: `${wipe * 100}%` }}
            aria-hidden="true"
          />
          <input
            type="range"
            className="kiln-viewer__wipe"
            data-testid="viewer-wipe"
            aria-label="Wipe position between A and B"
            min={0}
            max={1}
            step={0.01}
            value={wipe}
            onChange={(e) => onWipe(Number(e.currentTarget.value))}
          />
        </>
      ) : (
        <div className="kiln-viewer__split-line" aria-hidden="true" />
      )}
    </div>
  );
}
