import { describe, expect, it } from 'vitest';
import { fromKeyboard, menuAnchor } from './menu-anchor';

const card = { left: 100, top: 40, width: 120, height: 150 };

describe('where a right-click menu opens', () => {
  it('opens at the pointer for a mouse', () => {
    expect(menuAnchor({ clientX: 130, clientY: 90, pointerType: 'mouse' }, card)).toEqual({
      x: 130,
      y: 90,
    });
  });

  it('opens at the middle of the element from the keyboard (Shift+F10, the menu key)', () => {
    // Chromium: a PointerEvent without a pointer type; older engines: a point at 0,0.
    expect(fromKeyboard({ clientX: 160, clientY: 115, pointerType: '' })).toBe(true);
    expect(fromKeyboard({ clientX: 0, clientY: 0 })).toBe(true);
    expect(menuAnchor({ clientX: 0, clientY: 0 }, card)).toEqual({ x: 160, y: 115 });
    expect(fromKeyboard({ clientX: 3, clientY: 0, pointerType: 'mouse' })).toBe(false);
  });
});
