/**
 * The side panels' layout: each side column's width and whether it is folded away, as the
 * artist left them (Kiln's `panelLayout` memory setting). The pure rules live here so the shell,
 * its splitter handles and the tests share one clamp and one reading of a stored value.
 */

/** A side column of the shell. */
export type PanelSide = 'left' | 'right';

/** The CSS variable that carries `side`'s width on the shell's grid (app.css reads it). */
export function panelWidthVar(side: PanelSide): string {
  return `--kiln-${side}-width`;
}

/** How wide a side column may be, in CSS pixels, and how wide it starts. */
export const PANEL_WIDTHS: Readonly<
  Record<PanelSide, Readonly<{ min: number; max: number; initial: number }>>
> = {
  left: { min: 220, max: 560, initial: 300 },
  right: { min: 240, max: 560, initial: 320 },
};

/** How far one arrow key press moves a splitter (Shift: ten times as far). */
export const PANEL_KEY_STEP = 16;

/** Both side columns as laid out. */
export interface PanelLayout {
  readonly left: number;
  readonly right: number;
  readonly leftCollapsed: boolean;
  readonly rightCollapsed: boolean;
}

/** The layout of a first start. */
export const INITIAL_PANEL_LAYOUT: PanelLayout = {
  left: PANEL_WIDTHS.left.initial,
  right: PANEL_WIDTHS.right.initial,
  leftCollapsed: false,
  rightCollapsed: false,
};

/** `width` rounded to whole pixels and held within `side`'s range. */
export function clampPanelWidth(side: PanelSide, width: number): number {
  const { min, max, initial } = PANEL_WIDTHS[side];
  if (!Number.isFinite(width)) return initial;
  return Math.min(max, Math.max(min, Math.round(width)));
}

/**
 * The layout a stored value describes: fields of the wrong type fall back to the first start's,
 * widths out of range are clamped (a value written by another Kiln never breaks a start).
 */
export function readPanelLayout(
  stored: Readonly<Record<string, unknown>> | undefined,
): PanelLayout {
  const width = (side: PanelSide) => {
    const value = stored?.[side];
    return typeof value === 'number' ? clampPanelWidth(side, value) : PANEL_WIDTHS[side].initial;
  };
  const flag = (key: 'leftCollapsed' | 'rightCollapsed') => stored?.[key] === true;
  return {
    left: width('left'),
    right: width('right'),
    leftCollapsed: flag('leftCollapsed'),
    rightCollapsed: flag('rightCollapsed'),
  };
}

/** `layout` with `side`'s width set (clamped); a column resized is open again. */
export function resizePanel(layout: PanelLayout, side: PanelSide, width: number): PanelLayout {
  return { ...layout, [side]: clampPanelWidth(side, width), [`${side}Collapsed`]: false };
}

/** `layout` with `side` folded away or restored to its remembered width. */
export function togglePanel(layout: PanelLayout, side: PanelSide): PanelLayout {
  const key = `${side}Collapsed` as const;
  return { ...layout, [key]: !layout[key] };
}

/**
 * The width a splitter's key asks for, or undefined for a key it does not take: arrows move it
 * (towards the viewer grows the column), Home/End go to the range's ends.
 */
export function keyedPanelWidth(
  side: PanelSide,
  width: number,
  key: string,
  shift: boolean,
): number | undefined {
  const step = PANEL_KEY_STEP * (shift ? 10 : 1);
  const grow = side === 'left' ? 'ArrowRight' : 'ArrowLeft';
  const shrink = side === 'left' ? 'ArrowLeft' : 'ArrowRight';
  if (key === grow) return clampPanelWidth(side, width + step);
  if (key === shrink) return clampPanelWidth(side, width - step);
  if (key === 'Home') return PANEL_WIDTHS[side].min;
  if (key === 'End') return PANEL_WIDTHS[side].max;
  return undefined;
}
