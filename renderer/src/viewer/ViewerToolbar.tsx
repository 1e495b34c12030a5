import type { JSX } from 'react';

/** Props of {@link ViewerToolbar}. */
export interface ViewerToolbarProps {
  /** No model to frame (empty, loading or failed). */
  readonly disabled: boolean;
  readonly onFit: () => void;
  readonly onReset: () => void;
}

/** The Fit and Reset view buttons in the viewer's top-right corner. */
export function ViewerToolbar({ disabled, onFit, onReset }: ViewerToolbarProps): JSX.Element {
  return (
    <div className="kiln-viewer__toolbar" role="toolbar" aria-label="View">
      <button
        type="button"
        className="kiln-viewer__button"
        data-testid="viewer-fit"
        aria-label="Fit model to view (F)"
        title="Fit model to view (F)"
        aria-keyshortcuts="F"
        disabled={disabled}
        onClick={onFit}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4" />
          <rect x="5.5" y="5.5" width="5" height="5" rx="1" />
        </svg>
        <span>Fit</span>
      </button>
      <button
        type="button"
        className="kiln-viewer__button"
        data-testid="viewer-reset"
        aria-label="Reset view to the default angle (Home)"
        title="Reset view (Home)"
        aria-keyshortcuts="Home"
        disabled={disabled}
        onClick={onReset}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M3 8a5 5 0 1 0 1.6-3.7" />
          <path d="M2.5 2.5v3h3" />
        </svg>
        <span>Reset view</span>
      </button>
    </div>
  );
}
