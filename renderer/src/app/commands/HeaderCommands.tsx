/**
 * The header's command button (palette, shortcut sheet) and Settings gear, with the window's
 * shortcut keys and the desktop menu's commands they run: the command registry, its words and
 * keys. None of it draws the first screen, so it is a chunk of its own (bench B7: ~5 kB of the
 * entry's gzip), asked for as the shell first renders (`App.tsx`). A desktop menu command sent
 * before it is here waits in the store and runs when it arrives.
 */
import { SettingsButton } from '../../features/account/SettingsButton';
import { CommandCenter } from './CommandCenter';

/** The header's two command buttons. */
export default function HeaderCommands() {
  return (
    <>
      <CommandCenter />
      <SettingsButton />
    </>
  );
}
