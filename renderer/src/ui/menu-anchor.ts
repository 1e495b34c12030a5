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

/** What {@link rowMenuOpening} reads of a `contextmenu` event (React's or the DOM's). */
export interface ContextMenuEventLike extends MenuOpening {
  readonly target: EventTarget | null;
  readonly nativeEvent?: Event;
  preventDefault(): void;
}

/**
 * The row a right-click (or Shift+F10) is on — the nearest element around its target that
 * matches `selector` — and where its menu opens; the browser's own menu is kept from opening.
 * `undefined` when the event is not on such a row (the browser's menu stays).
 */
export function rowMenuOpening(
  event: ContextMenuEventLike,
  selector: string,
): { x: number; y: number; row: HTMLElement } | undefined {
  const row = event.target instanceof Element ? event.target.closest<HTMLElement>(selector) : null;
  if (!row) return undefined;
  event.preventDefault();
  // A DOM event carries its pointer type; React's MouseEvent leaves it on the native event.
  const pointerType =
    event.pointerType ?? (event.nativeEvent as Partial<PointerEvent> | undefined)?.pointerType;
  return {
    ...menuAnchor(
      { clientX: event.clientX, clientY: event.clientY, pointerType },
      row.getBoundingClientRect(),
    ),
    row,
  };
}
