/**
 * The command palette (cmdk): every command of the registry, found by its words or keywords,
 * grouped by its menu, with its shortcut; a disabled command is listed but cannot run. Enter or
 * a click runs it and closes the palette, Escape closes it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Command as Cmdk } from 'cmdk';
import { COMMAND_GROUPS } from '../../../../shared/commands';
import { GROUP_WORDS } from './group-words';
import type { Command } from './use-commands';
import { formatShortcut } from '../../ui/shortcut';
import './commands.css';

/** The palette, open. */
export default function CommandPalette({
  commands,
  onClose,
}: {
  readonly commands: readonly Command[];
  readonly onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Cmdk.Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      label={t`Command palette`}
      className="command-palette"
      contentClassName="command-palette-dialog"
      overlayClassName="command-palette-overlay"
      data-testid="command-palette"
      loop
    >
      <Cmdk.Input
        className="command-palette-input"
        placeholder={t`Type a command…`}
        aria-label={t`Command`}
        data-testid="command-palette-input"
      />
      <Cmdk.List className="command-palette-list">
        <Cmdk.Empty className="command-palette-empty">
          <Trans>No command matches.</Trans>
        </Cmdk.Empty>
        {COMMAND_GROUPS.map((group) => {
          const inGroup = commands.filter((c) => c.group === group);
          return inGroup.length ? (
            <Cmdk.Group key={group} heading={i18n._(GROUP_WORDS[group])}>
              {inGroup.map((command) => (
                <Cmdk.Item
                  key={command.id}
                  value={command.id}
                  keywords={[command.label, ...(command.keywords ?? [])]}
                  disabled={!command.enabled}
                  data-testid={`command-${command.id}`}
                  onSelect={() => {
                    onClose();
                    command.run();
                  }}
                >
                  <span>{command.label}</span>
                  {command.shortcut ? (
                    <kbd className="command-palette-keys">{formatShortcut(command.shortcut)}</kbd>
                  ) : null}
                </Cmdk.Item>
              ))}
            </Cmdk.Group>
          ) : null;
        })}
      </Cmdk.List>
    </Cmdk.Dialog>
  );
}
