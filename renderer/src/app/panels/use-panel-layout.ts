import { useMemo } from 'react';
import {
  readPanelLayout,
  resizePanel,
  togglePanel,
  type PanelLayout,
  type PanelSide,
} from '../../../../shared/panel-layout';
import { useKiln } from '../../store/StoreProvider';

/**
 * The layout last handed to a save that has not answered yet: a change made meanwhile (an arrow
 * key pressed again, a fold right after a drag) builds on it rather than on the older settings.
 */
let pending: PanelLayout | undefined;

/** The side panels' layout as remembered, and the ways to change it (each change is saved). */
export function usePanelLayout(): Readonly<{
  layout: PanelLayout;
  /** Sets `side`'s width, or works it out from the width it has (a key's step). */
  resize(side: PanelSide, width: number | ((from: number) => number)): void;
  toggle(side: PanelSide): void;
}> {
  const stored = useKiln((s) => s.settings?.panelLayout);
  const updateSettings = useKiln((s) => s.updateSettings);
  return useMemo(() => {
    const layout = readPanelLayout(stored);
    const save = (change: (from: PanelLayout) => PanelLayout) => {
      const next = change(pending ?? layout);
      pending = next;
      void updateSettings({ panelLayout: { ...next } })
        .catch(() => undefined)
        .finally(() => {
          if (pending === next) pending = undefined;
        });
    };
    return {
      layout,
      resize: (side: PanelSide, width: number | ((from: number) => number)) =>
        save((from) =>
          resizePanel(from, side, typeof width === 'number' ? width : width(from[side])),
        ),
      toggle: (side: PanelSide) => save((from) => togglePanel(from, side)),
    };
  }, [stored, updateSettings]);
}
