/**
 * The Cut, Copy, Paste and Select All menu of `TextFieldMenu`, for one text field: a chunk of its
 * own, fetched at the first right-click (bench B7: the first screen does not need it). Each item
 * acts on the field as the keyboard would: through the editing commands, so React sees the
 * change and Ctrl+Z undoes it. Paste reads the clipboard with the user's permission.
 */
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { ContextMenu, type MenuItem } from './ContextMenu';
import { formatShortcut } from './shortcut';

/** A text field: an input or a text area. */
export type Field = HTMLInputElement | HTMLTextAreaElement;

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

/** The menu at (`x`, `y`) for `field`, its items as the field was when it opened. */
export default function TextFieldMenuView({
  field,
  x,
  y,
  onClose,
}: Readonly<{ field: Field; x: number; y: number; onClose: () => void }>) {
  const [items] = useState(() => itemsFor(field));
  return (
    <ContextMenu
      x={x}
      y={y}
      label={t`Edit`}
      items={[...items.slice(0, 3), 'separator', items[3]!]}
      onClose={onClose}
      testId="text-menu"
    />
  );
}
