import type { JSX } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CompareLayout } from '../viewer-settings';
import type { ViewerState } from '../viewer-types';

/** Props of {@link ComparePanel}. */
export interface ComparePanelProps {
  /** Name of the model compared with the open one, if any. */
  readonly compareName: string | undefined;
  readonly compareState: ViewerState;
  readonly compareError: string | null;
  readonly layout: CompareLayout;
  readonly onLayout: (layout: CompareLayout) => void;
  readonly onChoose: () => void;
  readonly onStop: () => void;
  readonly disabled: boolean;
}

/** Choose a second model (or version) and how to show the two with one shared camera. */
export function ComparePanel(props: ComparePanelProps): JSX.Element {
  const { compareName, compareState, compareError, layout, onLayout } = props;
  const { t } = useLingui();
  const layouts: ReadonlyArray<[CompareLayout, string]> = [
    ['side', t`Side by side`],
    ['wipe', t`A/B wipe`],
  ];
  return (
    <div className="kiln-viewer__form">
      <p className="kiln-viewer__note">
        <Trans>
          Both models share one camera. Drop a .glb on the viewer and choose “Compare”, or pick a
          file.
        </Trans>
      </p>
      <button
        type="button"
        className="kiln-viewer__text-button"
        data-testid="viewer-compare-choose"
        disabled={props.disabled}
        onClick={props.onChoose}
      >
        {compareName ? t`Compare with another file…` : t`Compare with a file…`}
      </button>
      {compareName ? (
        <p
          className="kiln-viewer__note kiln-viewer__compare-name"
          data-testid="viewer-compare-name"
        >
          {t`B:`}{' '}
          <strong className="kiln-viewer__ellipsis" title={compareName}>
            {compareName}
          </strong>
          {compareState === 'loading' ? ' ' + t`(opening…)` : ''}
        </p>
      ) : null}
      {compareError ? (
        <p
          className="kiln-viewer__note kiln-viewer__note--error"
          role="alert"
          data-testid="viewer-compare-error"
        >
          {compareError}
        </p>
      ) : null}
      <div className="kiln-viewer__segmented" role="radiogroup" aria-label={t`Layout`}>
        {layouts.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="radio"
            aria-checked={layout === id}
            data-testid={`viewer-compare-${id}`}
            onClick={() => onLayout(id)}
          >
            {label}
          </button>
        ))}
      </div>
      {compareName ? (
        <button
          type="button"
          className="kiln-viewer__text-button"
          data-testid="viewer-compare-stop"
          onClick={props.onStop}
        >
          <Trans>Stop comparing</Trans>
        </button>
      ) : null}
    </div>
  );
}
