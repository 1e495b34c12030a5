/**
 * The handle between a side panel and the viewer: drag it to resize the panel, or focus it
 * (a `separator` the keyboard reaches) and use the arrows, Home and End; Enter or a double click
 * folds the panel away and restores it. While a drag moves, only the shell's CSS variable changes
 * (the grid and the viewer's canvas follow without React rendering the app); the width is saved
 * when the pointer is released.
 */
import { useLingui } from '@lingui/react/macro';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import {
  clampPanelWidth,
  keyedPanelWidth,
  PANEL_WIDTHS,
  panelWidthVar,
  type PanelSide,
} from '../../../../shared/panel-layout';
import { usePanelLayout } from './use-panel-layout';

/** The handle on `side` of the viewer (its own chunk: see ./splitters.tsx). */
export default function PanelSplitter({ side }: Readonly<{ side: PanelSide }>) {
  const panels = usePanelLayout();
  const width = panels.layout[side];
  const collapsed = panels.layout[`${side}Collapsed`];
  const { t } = useLingui();
  const label = side === 'left' ? t`Resize the left panel` : t`Resize the right panel`;
  const controlsId = `${side}-side`;
  const onToggle = () => panels.toggle(side);
  // A width, or how to work it out from the latest (keys pressed faster than saves answer).
  const onResize = (to: number | ((from: number) => number)) => panels.resize(side, to);
  const drag = useRef<{ startX: number; startWidth: number; width: number } | undefined>(undefined);
  const grid = (el: Element) => el.closest<HTMLElement>('.app-main');
  const widthAt = (clientX: number) => {
    const d = drag.current!;
    const moved = clientX - d.startX;
    return clampPanelWidth(side, d.startWidth + (side === 'left' ? moved : -moved));
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    // A folded panel is restored by Enter or a double click, not dragged open.
    if (e.button !== 0 || collapsed) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, startWidth: width, width };
    grid(e.currentTarget)?.setAttribute('data-resizing', side);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const next = widthAt(e.clientX);
    if (next === drag.current.width) return;
    drag.current.width = next;
    grid(e.currentTarget)?.style.setProperty(panelWidthVar(side), `${next}px`);
    e.currentTarget.setAttribute('aria-valuenow', String(next));
    e.currentTarget.setAttribute('aria-valuetext', t`${next} pixels`);
  };
  const end = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    drag.current = undefined;
    grid(e.currentTarget)?.removeAttribute('data-resizing');
    // A click without a move is no resize (a double click folds the panel instead).
    if (d.width !== d.startWidth) onResize(d.width);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onToggle();
      return;
    }
    if (keyedPanelWidth(side, width, e.key, e.shiftKey) === undefined) return;
    e.preventDefault();
    onResize((from) => keyedPanelWidth(side, from, e.key, e.shiftKey)!);
  };

  const { min, max } = PANEL_WIDTHS[side];
  return (
    <div
      className={`panel-splitter panel-splitter--${side}`}
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-controls={controlsId}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={collapsed ? 0 : width}
      // A separator has a value, not an expanded state (ARIA): a folded panel says so in words.
      aria-valuetext={collapsed ? t`Folded` : t`${width} pixels`}
      tabIndex={0}
      data-testid={`splitter-${side}`}
      data-collapsed={collapsed ? 'true' : 'false'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onDoubleClick={onToggle}
      onKeyDown={onKeyDown}
    />
  );
}
