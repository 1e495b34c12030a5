/** The header's gear: the account page on Settings, with its shortcut in the tooltip. */
import { useKiln } from '../../store/StoreProvider';
import { Icon } from '../../ui/Icon';
import { SETTINGS_SHORTCUT } from './use-settings-shortcut';

/** The Settings button of the header. */
export function SettingsButton() {
  const openAccount = useKiln((s) => s.openAccount);
  return (
    <button
      type="button"
      className="app-settings-button"
      aria-label="Settings"
      aria-keyshortcuts="Control+Comma Meta+Comma"
      title={`Settings (${SETTINGS_SHORTCUT})`}
      data-testid="open-settings"
      onClick={() => openAccount('settings')}
    >
      <Icon name="gear" />
    </button>
  );
}
