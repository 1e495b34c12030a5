import { useCallback, useEffect, useId, useState } from 'react';
import type { ModelInfo } from '../viewer-types';
import type { InspectorTab } from './ViewerToolbar';

/** The inspector on the viewer's right: which panel is open. */
export interface InspectorState {
  /** The open panel, or null when the inspector is closed. */
  readonly tab: InspectorTab | null;
  /** The toolbar's tab buttons: open a panel, or close it when it is the open one. */
  toggle(tab: InspectorTab): void;
  /** Opens `tab` unless another panel is open. */
  offer(tab: InspectorTab): void;
  close(): void;
  /** Id of the inspector element, for the toolbar's `aria-controls`. */
  readonly id: string;
}

/**
 * The inspector's open panel. `openPanel` opens once per model on screen (`parts` for a
 * freshly split version).
 */
export function useInspector(
  openPanel: InspectorTab | undefined,
  info: ModelInfo | undefined,
): InspectorState {
  const [tab, setTab] = useState<InspectorTab | null>(null);
  const id = useId();
  useEffect(() => {
    if (openPanel && info) setTab(openPanel);
  }, [openPanel, info]);
  return {
    tab,
    toggle: useCallback((next: InspectorTab) => setTab((t) => (t === next ? null : next)), []),
    offer: useCallback((next: InspectorTab) => setTab((t) => t ?? next), []),
    close: useCallback(() => setTab(null), []),
    id,
  };
}
