import type { JSX, ReactNode } from 'react';
import { CloseButton } from './CloseButton';
import type { InspectorTab } from './ViewerToolbar';

const TITLES: Readonly<Record<InspectorTab, string>> = {
  scene: 'Lighting',
  stats: 'Statistics',
  parts: 'Parts',
  compare: 'Compare',
  capture: 'Capture',
  record: 'Turntable video',
  health: 'Health',
};

/** Props of {@link Inspector}. */
export interface InspectorProps {
  readonly id: string;
  readonly tab: InspectorTab;
  readonly onClose: () => void;
  /** The open panel. */
  readonly children: ReactNode;
}

/** The inspector's frame on the viewer's right: the panel's title, a close button, the panel. */
export function Inspector({ id, tab, onClose, children }: InspectorProps): JSX.Element {
  return (
    <aside
      id={id}
      className="kiln-viewer__inspector"
      aria-label="Inspector"
      data-testid={`viewer-panel-${tab}`}
    >
      <header>
        <h2>{TITLES[tab]}</h2>
        <CloseButton
          label="Close the panel"
          title="Close"
          testId="viewer-panel-close"
          onClick={onClose}
        />
      </header>
      {children}
    </aside>
  );
}
