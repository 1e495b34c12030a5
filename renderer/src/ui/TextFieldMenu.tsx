/**
 * Cut, Copy, Paste and Select All on a right-click in any text field of the page, where the
 * browser host serves Kiln. (In Electron, main shows the native menu from Chromium's
 * `editFlags`, `electron/main/context-menu.ts`; this one stays off there.) Each item acts on the
 * field as the keyboard would: through the editing commands, so React sees the change and
 * Ctrl+Z undoes it. Paste reads the clipboard with the user's permission.
 */
import { t } from '@lingui/core/macro';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { MenuItem } from './ContextMenu';
import { formatShortcut } from './shortcut';

/** The menu's code, fetched on the first right-click: the first screen does not need it. */
const ContextMenu = lazy(() => import('./ContextMenu').then((m) => ({ default: m.ContextMenu })));

type Field = HTMLInputElement | HTMLTextAreaElement;

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

function selectedText(field: Field): string {
  const { selectionStart: start, selectionEnd: end } = field;
  return start === null || end === null ? '' : field.value.slice(start, end);
}

/** The items for `field` as it is now. */
function itemsFor(field: Field): MenuItem[] {
  const selected = selectedText(field);
  const editable = !field.readOnly && !field.disabled;
  // As Chromium's own menu: a password is never copied out.
  const secret = field instanceof HTMLInputElement && field.type === 'password';
  const run = (action: () => void) => () => {
    field.focus();
    action();
  };
  return [
    {
      label: t`Cut`,
      shortcut: formatShortcut('CmdOrCtrl+X'),
      disabled: !editable || secret || !selected,
      testId: 'text-menu-cut',
      run: run(() => {
        void navigator.clipboard.writeText(selected);
        document.execCommand('delete');
      }),
    },
    {
      label: t`Copy`,
      shortcut: formatShortcut('CmdOrCtrl+C'),
      disabled: secret || !selected,
      testId: 'text-menu-copy',
      run: run(() => void navigator.clipboard.writeText(selected)),
    },
    {
      label: t`Paste`,
      shortcut: formatShortcut('CmdOrCtrl+V'),
      disabled: !editable,
      testId: 'text-menu-paste',
      run: run(() => {
        void navigator.clipboard.readText().then(
          (text) => {
            field.focus();
            document.execCommand('insertText', false, text);
          },
          // No permission, or nothing that is text: the field stays as it was.
          () => undefined,
        );
      }),
    },
    {
      label: t`Select All`,
      shortcut: formatShortcut('CmdOrCtrl+A'),
      disabled: !field.value,
      testId: 'text-menu-select-all',
      run: run(() => field.select()),
    },
  ];
}

/** Mount once, in the shell, where the page draws its own menus (not in Electron). */
export function TextFieldMenu() {
  const [open, setOpen] = useState<{ x: number; y: number; items: MenuItem[] }>();
  const close = useCallback(() => setOpen(undefined), []);
  useEffect(() => {
    const onContextMenu = (event: MouseEvent) => {
      if (event.defaultPrevented) return;
      const field = textField(event.target);
      if (!field) return;
      event.preventDefault();
      setOpen({ x: event.clientX, y: event.clientY, items: itemsFor(field) });
    };
    window.addEventListener('contextmenu', onContextMenu);
    return () => window.removeEventListener('contextmenu', onContextMenu);
  }, []);
  return open ? (
    <Suspense fallback={null}>
      <ContextMenu
        x={open.x}
        y={open.y}
        label={t`Edit`}
        items={[...open.items.slice(0, 3), 'separator', open.items[3]!]}
        onClose={close}
        testId="text-menu"
      />
    </Suspense>
  ) : null;
}
