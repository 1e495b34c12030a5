/**
 * A right *click* on the stage, told apart from a right *drag* (OrbitControls pans with the
 * right button): as in Blender and f3d, the menu opens when the button comes up where it went
 * down, never on the press — Chromium on Linux sends `contextmenu` at the press, before the
 * pointer has had a chance to move, so that event cannot be what opens the menu.
 */

/** How far (CSS px) the pointer may wander between press and release and still be a click. */
export const CLICK_SLOP_PX = 4;

/** A right press being followed. */
export interface RightPress {
  readonly pointerId: number;
  readonly x: number;
  readonly y: number;
  /** It has travelled beyond {@link CLICK_SLOP_PX} at some point: a drag, whatever follows. */
  readonly dragged: boolean;
}

/** A pointer event as far as this needs it. */
export interface PointerSample {
  readonly pointerId: number;
  readonly button: number;
  readonly clientX: number;
  readonly clientY: number;
}

const far = (press: RightPress, e: PointerSample) =>
  Math.hypot(e.clientX - press.x, e.clientY - press.y) > CLICK_SLOP_PX;

/** The press a pointer-down starts (only the right button's). */
export function pressed(e: PointerSample): RightPress | undefined {
  return e.button === 2
    ? { pointerId: e.pointerId, x: e.clientX, y: e.clientY, dragged: false }
    : undefined;
}

/** The press after a move: once dragged, it stays dragged (out and back is still a drag). */
export function moved(press: RightPress | undefined, e: PointerSample): RightPress | undefined {
  if (!press || e.pointerId !== press.pointerId || press.dragged || !far(press, e)) return press;
  return { ...press, dragged: true };
}

/** Whether the release ends a right click (open the menu) rather than a drag. */
export function isRightClick(press: RightPress | undefined, up: PointerSample): boolean {
  return (
    press !== undefined &&
    up.button === 2 &&
    up.pointerId === press.pointerId &&
    !press.dragged &&
    !far(press, up)
  );
}
