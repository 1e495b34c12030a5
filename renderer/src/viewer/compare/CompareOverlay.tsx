import type { JSX } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../panels/Icon';
import type { CompareLayout } from '../viewer-settings';

/** Props of {@link CompareOverlay}. */
export interface CompareOverlayProps {
  readonly layout: CompareLayout;
  /** How the user knows each side: model name and version, or the file name. */
  readonly nameA: string | undefined;
  readonly nameB: string;
  /** Where the wipe divides A and B (0…1 of the width). */
  readonly wipe: number;
  readonly onWipe: (wipe: number) => void;
  /** Ends the comparison (also Escape). */
  readonly onStop: () => void;
}

/** One side's label: its letter and name, ellipsized, the whole name in its tooltip. */
function SideLabel({ side, name }: { side: 'a' | 'b'; name: string | undefined }): JSX.Element {
  return (
    <span
      className="kiln-viewer__compare-label"
      data-testid={`viewer-compare-label-${side}`}
      title={name}
    >
      {side.toUpperCase()} · {name}
    </span>
  );
}

/**
 * Over the canvas while comparing: the A and B labels (long names ellipsized, the whole name in
 * the tooltip), Stop comparing beside A's label (the left half, never under the inspector), and
 * the split line or the wipe slider.
 */
export function CompareOverlay({
  layout,
  nameA,
  nameB,
  wipe,
  onWipe,
  onStop,
}: CompareOverlayProps): JSX.Element {
  const { t } = useLingui();
  return (
    <div
      className={`kiln-viewer__compare kiln-viewer__compare--${layout}`}
      data-testid="viewer-compare-labels"
    >
      <div className="kiln-viewer__compare-side kiln-viewer__compare-side--a">
        <SideLabel side="a" name={nameA} />
        <button
          type="button"
          className="kiln-viewer__compare-stop"
          data-testid="viewer-compare-end"
          title={t`Stop comparing (Esc)`}
          onClick={onStop}
        >
          <Icon name="close" />
          <Trans>Stop comparing</Trans>
        </button>
      </div>
      <div className="kiln-viewer__compare-side kiln-viewer__compare-side--b">
        <SideLabel side="b" name={nameB} />
      </div>
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
            aria-label={t`Wipe position between A and B`}
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
