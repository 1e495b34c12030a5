/**
 * The shell's commands: the window's shortcut keys, the command palette (Ctrl/⌘+K,
 * Ctrl/⌘+Shift+P, or the header's button) and the shortcut sheet (Ctrl/⌘+/), all from the one
 * registry (`use-commands.ts`). The palette and the sheet are lazy chunks, loaded when first
 * opened; both show above the page (a portal, a modal dialog), whatever holds this button.
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { COMMANDS } from '../../../../shared/commands';
import { Icon } from '../../ui/Icon';
import { ariaShortcut, formatShortcut } from '../../ui/shortcut';
import { useCommandKeys } from './use-command-keys';
import { isTextField } from '../../ui/keys';
import { useCommands, type ShellDialogs } from './use-commands';

const CommandPalette = lazy(() => import('./CommandPalette'));
const ShortcutSheet = lazy(() => import('./ShortcutSheet'));

/** Which of the two is open. */
type Open = 'palette' | 'shortcuts' | undefined;

const PALETTE_KEYS = COMMANDS['palette.open'].shortcut;

/** The header's command button and what it opens. Mount once, in the shell. */
export function CommandCenter() {
  const [open, setOpen] = useState<Open>();
  const dialogs = useMemo<ShellDialogs>(
    () => ({
      openPalette: () => setOpen((now) => (now === 'palette' ? undefined : 'palette')),
      openShortcuts: () => setOpen((now) => (now === 'shortcuts' ? undefined : 'shortcuts')),
    }),
    [],
  );
  const commands = useCommands(dialogs);
  useCommandKeys(commands);
  // A command from the desktop app's menu, once per request.
  const menuCommand = useKiln((s) => s.menuCommand);
  const ran = useRef(0);
  useEffect(() => {
    if (!menuCommand || menuCommand.seq === ran.current) return;
    ran.current = menuCommand.seq;
    const command = commands.find((c) => c.id === menuCommand.id);
    // Edit → Undo chosen while a text field has the focus is the field's own undo of its typing
    // (the menu's item replaced Electron's `undo` role, which did just that).
    if (command?.textEdit && isTextField(document.activeElement)) {
      document.execCommand(command.textEdit);
    } else if (command?.enabled) command.run();
  }, [menuCommand, commands]);
  const close = () => setOpen(undefined);
  const { t } = useLingui();
  const paletteKeys = formatShortcut(PALETTE_KEYS);
  return (
    <>
      <button
        type="button"
        className="app-icon-button"
        aria-label={t`Show all commands`}
        aria-keyshortcuts={ariaShortcut(PALETTE_KEYS)}
        title={t`Show all commands (${paletteKeys})`}
        data-testid="open-command-palette"
        onClick={dialogs.openPalette}
      >
        <Icon name="command" />
      </button>
      <Suspense fallback={null}>
        {open === 'palette' ? <CommandPalette commands={commands} onClose={close} /> : null}
        {open === 'shortcuts' ? <ShortcutSheet commands={commands} onClose={close} /> : null}
      </Suspense>
    </>
  );
}
