/**
 * The command registry: every command of shared/commands.ts bound to what it does and when it
 * can. The palette, the shortcut sheet and the window's shortcut keys all take their commands
 * from here, so a command is declared once and bound once; the type below fails to check when a
 * declared command has no binding.
 */
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import {
  COMMAND_IDS,
  COMMANDS,
  type CommandId,
  type CommandSpec,
} from '../../../../shared/commands';
import type { Theme } from '../../../../shared/settings';
import { useKiln } from '../../store/StoreProvider';
import { pressViewerKey } from '../../ui/viewer-keys';
import { usePanelLayout } from '../panels/use-panel-layout';

/** A command as the app runs it. */
export interface Command extends Omit<CommandSpec, 'label'> {
  readonly id: CommandId;
  /** Its words in the artist's language. */
  readonly label: string;
  /** False where it would do nothing now (no viewer on screen, settings not read yet). */
  readonly enabled: boolean;
  run(): void;
}

type Binding = Readonly<{ run: () => void; enabled?: boolean }>;

/** What the shell opens for the commands that show its own dialogs. */
export interface ShellDialogs {
  openPalette(): void;
  openShortcuts(): void;
}

/** Every command, bound; recomputed when what they depend on changes. */
export function useCommands(dialogs: ShellDialogs): readonly Command[] {
  const openAccount = useKiln((s) => s.openAccount);
  const showLeft = useKiln((s) => s.showLeft);
  const showRight = useKiln((s) => s.showRight);
  const workspace = useKiln((s) => s.workspace);
  const setWorkspace = useKiln((s) => s.setWorkspace);
  const settingsRead = useKiln((s) => s.settings !== undefined);
  const updateSettings = useKiln((s) => s.updateSettings);
  // The viewer's keys reach it only while it is on screen (the workspace covers it).
  const panels = usePanelLayout();
  const viewerShown = useKiln((s) => s.viewerState !== undefined) && !workspace;
  const canUndo = useKiln((s) => s.undoStack.length > 0);
  const undoLast = useKiln((s) => s.undoLast);
  const canRedo = useKiln((s) => s.redoStack.length > 0);
  const redoLast = useKiln((s) => s.redoLast);

  const { _ } = useLingui();
  return useMemo(() => {
    const viewerKey = (key: string): Binding => ({
      run: () => void pressViewerKey(key),
      enabled: viewerShown,
    });
    const theme = (value: Theme): Binding => ({
      run: () => void updateSettings({ theme: value }).catch(() => undefined),
      enabled: settingsRead,
    });
    const bindings: Record<CommandId, Binding> = {
      'palette.open': { run: dialogs.openPalette },
      'shortcuts.show': { run: dialogs.openShortcuts },
      'edit.undo': { run: () => void undoLast(), enabled: canUndo },
      'edit.redo': { run: () => void redoLast(), enabled: canRedo },
      'settings.open': { run: () => openAccount('settings') },
      'account.billing': { run: () => openAccount('billing') },
      'account.keys': { run: () => openAccount('keys') },
      'panels.create': { run: () => showLeft('create') },
      'panels.library': { run: () => showLeft('library') },
      'panels.workspace': { run: () => setWorkspace(!workspace) },
      'panels.tools': { run: () => showRight('tools') },
      'panels.activity': { run: () => showRight('activity') },
      'panels.toggleLeft': { run: () => panels.toggle('left'), enabled: settingsRead },
      'panels.toggleRight': {
        run: () => panels.toggle('right'),
        enabled: settingsRead && !workspace,
      },
      'view.fit': viewerKey('f'),
      'view.reset': viewerKey('Home'),
      'view.front': viewerKey('1'),
      'view.side': viewerKey('3'),
      'view.top': viewerKey('7'),
      'view.threeQuarter': viewerKey('5'),
      'view.turntable': viewerKey('t'),
      'theme.system': theme('system'),
      'theme.light': theme('light'),
      'theme.dark': theme('dark'),
    };
    return COMMAND_IDS.map((id) => ({
      id,
      ...(COMMANDS[id] as CommandSpec),
      label: _(COMMANDS[id].label),
      enabled: bindings[id].enabled ?? true,
      run: bindings[id].run,
    }));
  }, [
    dialogs,
    openAccount,
    showLeft,
    showRight,
    workspace,
    setWorkspace,
    settingsRead,
    updateSettings,
    viewerShown,
    canUndo,
    undoLast,
    canRedo,
    redoLast,
    panels,
    _,
  ]);
}
