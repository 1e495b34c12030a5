import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { JSX, ReactNode } from 'react';
import { CloseButton } from './CloseButton';
import type { InspectorTab } from './ViewerToolbar';

const TITLES: Readonly<Record<InspectorTab, MessageDescriptor>> = {
  scene: msg`Lighting`,
  stats: msg`Statistics`,
  parts: msg`Parts`,
  compare: msg`Compare`,
  capture: msg`Capture`,
  record: msg`Turntable video`,
  health: msg`Health`,
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
  const { t, i18n } = useLingui();
  return (
    <aside
      id={id}
      className="kiln-viewer__inspector"
      aria-label={t`Inspector`}
      data-testid={`viewer-panel-${tab}`}
    >
      <header>
        <h2>{i18n._(TITLES[tab])}</h2>
        <CloseButton
          label={t`Close the panel`}
          title={t`Close`}
          testId="viewer-panel-close"
          onClick={onClose}
        />
      </header>
      {children}
    </aside>
  );
}
