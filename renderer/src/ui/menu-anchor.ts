/**
 * Where a right-click menu opens: at the pointer, or — opened from the keyboard (Shift+F10, the
 * context-menu key), when the pointer is nowhere near — at the middle of the element it is for.
 */

/** The point of a `contextmenu` event, and the element the menu is for. */
export interface MenuOpening {
  readonly clientX: number;
  readonly clientY: number;
  /** `''` for a menu asked for from the keyboard (Chromium's `contextmenu` is a PointerEvent). */
  readonly pointerType?: string;
}

/** True when the menu was asked for from the keyboard, not with a pointer. */
export function fromKeyboard(event: MenuOpening): boolean {
  // Chromium gives a keyboard's menu no pointer type; older engines a point at 0,0.
  return event.pointerType === '' || (event.clientX === 0 && event.clientY === 0);
}

/** Where the menu goes: the pointer, or the middle of `box` when asked for from the keyboard. */
export function menuAnchor(
  event: MenuOpening,
  box: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>,
): { x: number; y: number } {
  return fromKeyboard(event)
    ? { x: box.left + box.width / 2, y: box.top + box.height / 2 }
    : { x: event.clientX, y: event.clientY };
}
