/** Keyboard rules shared by the app's shortcuts and the viewer's. */

/** Fields where keys type and edit text (a checkbox, a radio or a slider does not). */
const TEXT_FIELD =
  'input:not([type="checkbox"]):not([type="radio"]):not([type="range"]), textarea, select, [contenteditable="true"]';

/**
 * True when `target` is in a text field: there Ctrl/⌘+Z is the field's own undo of its typing,
 * and letters are typed.
 */
export function isTextField(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(TEXT_FIELD) !== null;
}

/**
 * True when a key pressed on `target` belongs to what has the focus: a text field (Escape clears
 * or leaves it, letters are typed), or a dialog (Escape closes the dialog). A shortcut of the
 * window leaves such keys alone.
 */
export function keyBelongsToFocus(target: EventTarget | null): boolean {
  return (
    isTextField(target) ||
    (target instanceof Element && target.closest('[role="dialog"], dialog') !== null)
  );
}
