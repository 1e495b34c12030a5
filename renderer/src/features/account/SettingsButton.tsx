/** The header's gear: the account page on Settings, with its shortcut in the tooltip. */
import { useLingui } from '@lingui/react/macro';
import { COMMANDS } from '../../../../shared/commands';
import { ariaShortcut, formatShortcut } from '../../ui/shortcut';
import { useKiln } from '../../store/StoreProvider';
import { Icon } from '../../ui/Icon';

const KEYS = COMMANDS['settings.open'].shortcut;

/** The Settings button of the header. */
export function SettingsButton() {
  const openAccount = useKiln((s) => s.openAccount);
  const { t } = useLingui();
  const shortcut = formatShortcut(KEYS);
  return (
    <button
      type="button"
      className="app-icon-button"
      aria-label={t`Settings`}
      aria-keyshortcuts={ariaShortcut(KEYS)}
      title={t`Settings (${shortcut})`}
      data-testid="open-settings"
      onClick={() => openAccount('settings')}
    >
      <Icon name="gear" />
    </button>
  );
}
