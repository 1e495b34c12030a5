import { useLingui } from '@lingui/react/macro';
import type { DragEvent, JSX } from 'react';

/** Props of {@link DropOverlay}. */
export interface DropOverlayProps {
  /** A model is open, so the drop can also start a comparison. */
  readonly canCompare: boolean;
  readonly onDrop: (files: File[], target: 'open' | 'compare') => void;
  readonly onLeave: () => void;
}

function filesOf(event: DragEvent): File[] {
  return Array.from(event.dataTransfer?.files ?? []);
}

/**
 * Shown while files are dragged over the viewer: drop on the left to open them for inspection,
 * or on the right to compare them with the open model.
 */
export function DropOverlay({ canCompare, onDrop, onLeave }: DropOverlayProps): JSX.Element {
  const { t } = useLingui();
  const zone = (target: 'open' | 'compare', title: string, hint: string): JSX.Element => (
    <div
      className="kiln-viewer__drop-zone"
      data-testid={`viewer-drop-${target}`}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onDrop(filesOf(e), target);
      }}
    >
      <strong>{title}</strong>
      <span>{hint}</span>
    </div>
  );
  return (
    <div
      className="kiln-viewer__drop"
      data-testid="viewer-drop"
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onLeave();
      }}
    >
      {zone('open', t`Open`, t`Inspect a model, or make one from a photo`)}
      {canCompare ? zone('compare', t`Compare`, t`Show it beside the open model`) : null}
    </div>
  );
}
