/** Keyboard rules shared by the app's shortcuts and the viewer's. */

/**
 * True when a key pressed on `target` belongs to what has the focus: a text field (Escape clears
 * or leaves it, letters are typed), or a dialog (Escape closes the dialog). A shortcut of the
 * window leaves such keys alone.
 */
export function keyBelongsToFocus(target: EventTarget | null): boolean {
  const element = target instanceof Element ? target : null;
  if (!element) return false;
  return (
    element.closest(
      'input:not([type="checkbox"]):not([type="radio"]):not([type="range"]), textarea, select, [contenteditable="true"], [role="dialog"], dialog',
    ) !== null
  );
}
