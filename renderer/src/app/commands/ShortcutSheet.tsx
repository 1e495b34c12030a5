/**
 * The shortcut sheet (Ctrl/⌘+/): every command that has keys, by menu, as the registry declares
 * them, and the viewer's camera keys that are not commands of their own. A modal dialog:
 * Escape or Close leaves it.
 */
import { useEffect, useRef } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { COMMAND_GROUPS, type CommandGroup } from '../../../../shared/commands';
import { GROUP_WORDS } from './group-words';
import type { Command } from './use-commands';
import { formatShortcut } from '../../ui/shortcut';
import './commands.css';

/** Camera moves of the viewer (keyboard-steps.ts), which have keys but no command. */
const CAMERA_KEYS: ReadonlyArray<[MessageDescriptor, MessageDescriptor]> = [
  [msg`Arrow keys`, msg`Orbit the camera`],
  [msg`Shift+Arrow keys`, msg`Pan the camera`],
  [msg`+ / −`, msg`Zoom in and out`],
];

/** The sheet, open. */
export default function ShortcutSheet({
  commands,
  onClose,
}: {
  readonly commands: readonly Command[];
  readonly onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const { i18n } = useLingui();
  const keyed = (group: CommandGroup) => commands.filter((c) => c.group === group && c.shortcut);
  return (
    <dialog
      ref={ref}
      className="shortcut-sheet"
      aria-labelledby="shortcut-sheet-title"
      data-testid="shortcut-sheet"
      onClose={onClose}
    >
      <h2 id="shortcut-sheet-title">
        <Trans>Keyboard shortcuts</Trans>
      </h2>
      <div className="shortcut-sheet-groups">
        {COMMAND_GROUPS.filter((g) => keyed(g).length).map((group) => (
          <section key={group} aria-label={i18n._(GROUP_WORDS[group])}>
            <h3>{i18n._(GROUP_WORDS[group])}</h3>
            <dl>
              {keyed(group).map((command) => (
                <div key={command.id} className="shortcut-sheet-row">
                  <dt>{command.label}</dt>
                  <dd>
                    {[command.shortcut!, ...(command.alsoShortcuts ?? [])].map((keys) => (
                      <kbd key={keys}>{formatShortcut(keys)}</kbd>
                    ))}
                  </dd>
                </div>
              ))}
              {group === 'View'
                ? CAMERA_KEYS.map(([keys, what]) => (
                    <div key={keys.id} className="shortcut-sheet-row">
                      <dt>{i18n._(what)}</dt>
                      <dd>
                        <kbd>{i18n._(keys)}</kbd>
                      </dd>
                    </div>
                  ))
                : null}
            </dl>
          </section>
        ))}
      </div>
      <form method="dialog" className="shortcut-sheet-actions">
        <button type="submit" data-testid="shortcut-sheet-close">
          <Trans>Close</Trans>
        </button>
      </form>
    </dialog>
  );
}
