/**
 * Where the viewer's keys reach it from outside its canvas: the viewer (a lazy chunk that never
 * imports the app) registers what its keys do while it is mounted, and the app's command
 * registry presses them — from the palette, or from a key pressed anywhere the focus is not in a
 * text field. One viewer per window, so one handler.
 */

/** Does what `key` does in the viewer; false when the key means nothing there. */
export type ViewerKeyHandler = (key: string, shift: boolean) => boolean;

let current: ViewerKeyHandler | undefined;

/** Registers the mounted viewer's keys; returns the unregistration. */
export function registerViewerKeys(handler: ViewerKeyHandler): () => void {
  current = handler;
  return () => {
    if (current === handler) current = undefined;
  };
}

/** Presses `key` in the viewer; false when no viewer is mounted or the key means nothing. */
export function pressViewerKey(key: string, shift = false): boolean {
  return current?.(key, shift) ?? false;
}
