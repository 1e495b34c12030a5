import { describe, expect, it } from 'vitest';
import {
  clampPanelWidth,
  INITIAL_PANEL_LAYOUT,
  keyedPanelWidth,
  PANEL_KEY_STEP,
  PANEL_WIDTHS,
  readPanelLayout,
  resizePanel,
  togglePanel,
} from './panel-layout';
import { SETTINGS } from './settings';

describe('panel layout', () => {
  it('clamps a width to its side’s range in whole pixels', () => {
    expect(clampPanelWidth('left', 10)).toBe(PANEL_WIDTHS.left.min);
    expect(clampPanelWidth('right', 9999)).toBe(PANEL_WIDTHS.right.max);
    expect(clampPanelWidth('left', 333.6)).toBe(334);
    expect(clampPanelWidth('left', Number.NaN)).toBe(PANEL_WIDTHS.left.initial);
  });

  it('reads a stored layout, clamping widths and ignoring fields of the wrong type', () => {
    expect(readPanelLayout(undefined)).toEqual(INITIAL_PANEL_LAYOUT);
    expect(
      readPanelLayout({ left: 5000, right: '300', leftCollapsed: true, rightCollapsed: 'yes' }),
    ).toEqual({
      left: PANEL_WIDTHS.left.max,
      right: PANEL_WIDTHS.right.initial,
      leftCollapsed: true,
      rightCollapsed: false,
    });
  });

  it('stores a layout the memory setting accepts and reads it back unchanged', () => {
    const layout = togglePanel(resizePanel(INITIAL_PANEL_LAYOUT, 'right', 400), 'left');
    const stored = SETTINGS.panelLayout.schema.parse({ ...layout });
    expect(readPanelLayout(stored)).toEqual({
      ...INITIAL_PANEL_LAYOUT,
      right: 400,
      leftCollapsed: true,
    });
  });

  it('opens a folded panel again when it is resized, and toggles back and forth', () => {
    const folded = togglePanel(INITIAL_PANEL_LAYOUT, 'right');
    expect(folded.rightCollapsed).toBe(true);
    expect(togglePanel(folded, 'right')).toEqual(INITIAL_PANEL_LAYOUT);
    expect(resizePanel(folded, 'right', 100)).toMatchObject({
      right: PANEL_WIDTHS.right.min,
      rightCollapsed: false,
    });
  });

  it('moves a splitter by key, towards the viewer growing the panel', () => {
    expect(keyedPanelWidth('left', 300, 'ArrowRight', false)).toBe(300 + PANEL_KEY_STEP);
    expect(keyedPanelWidth('right', 300, 'ArrowLeft', false)).toBe(300 + PANEL_KEY_STEP);
    expect(keyedPanelWidth('right', 300, 'ArrowRight', true)).toBe(PANEL_WIDTHS.right.min);
    expect(keyedPanelWidth('left', 300, 'End', false)).toBe(PANEL_WIDTHS.left.max);
    expect(keyedPanelWidth('left', 300, 'Home', false)).toBe(PANEL_WIDTHS.left.min);
    expect(keyedPanelWidth('left', 300, 'a', false)).toBeUndefined();
  });
});
