/**
 * Cut, Copy, Paste and Select All on a right-click in any text field of the page, where the
 * browser host serves Kiln. (In Electron, main shows the native menu from Chromium's
 * `editFlags`, `electron/main/context-menu.ts`; this one stays off there.) Only the listener is
 * here: the menu and its items (`TextFieldMenuView`) are fetched on the first right-click.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { Field } from './TextFieldMenuView';

/** The menu's code, fetched on the first right-click: the first screen does not need it. */
const TextFieldMenuView = lazy(() => import('./TextFieldMenuView'));

/** A field that takes typed text (not a checkbox, a range or a button). */
function textField(target: EventTarget | null): Field | undefined {
  if (target instanceof HTMLTextAreaElement) return target;
  if (
    target instanceof HTMLInputElement &&
    /^(text|search|url|email|password|number|tel)$/.test(target.type)
  )
    return target;
  return undefined;
}

/** Mount once, in the shell, where the page draws its own menus (not in Electron). */
export function TextFieldMenu() {
  const [open, setOpen] = useState<{ x: number; y: number; field: Field }>();
  const close = useCallback(() => setOpen(undefined), []);
  useEffect(() => {
    const onContextMenu = (event: MouseEvent) => {
      if (event.defaultPrevented) return;
      const field = textField(event.target);
      if (!field) return;
      event.preventDefault();
      setOpen({ x: event.clientX, y: event.clientY, field });
    };
    window.addEventListener('contextmenu', onContextMenu);
    return () => window.removeEventListener('contextmenu', onContextMenu);
  }, []);
  return open ? (
    <Suspense fallback={null}>
      {/* A new field or place is a new menu (its items read the field as it is then). */}
      <TextFieldMenuView key={`${open.x},${open.y}`} {...open} onClose={close} />
    </Suspense>
  ) : null;
}
