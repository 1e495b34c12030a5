/**
 * The viewer's right-click menu, open (`ViewerMenu.tsx` opens it and loads this on the first
 * right-click): frame it or reset the view, the shading modes, the ground grid, and a
 * screenshot, with the command registry's words and keys where the command exists.
 */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { COMMANDS, type CommandId, type CommandSpec } from '../../../../shared/commands';
import { ContextMenu, type MenuItem } from '../../ui/ContextMenu';
import { formatShortcut } from '../../ui/shortcut';
import { SHADING_MODES, type ViewerSettings } from '../viewer-settings';

/** Props of {@link ViewerMenu}. */
export interface ViewerMenuProps {
  readonly at: { readonly x: number; readonly y: number };
  readonly onClose: () => void;
  readonly settings: ViewerSettings;
  readonly onSettings: (patch: Partial<ViewerSettings>) => void;
  readonly onFit: () => void;
  readonly onReset: () => void;
  /** Saves the view as a PNG at the viewer's size; answers the file's name. */
  readonly onScreenshot: () => Promise<{ fileName: string }>;
  /** Says how the screenshot went (the viewer's toast). */
  readonly onNote: (note: string) => void;
}

/** The menu, open. */
export default function ViewerMenu(props: ViewerMenuProps): JSX.Element {
  const { settings, onSettings } = props;
  const { t, i18n } = useLingui();
  const command = (id: CommandId, run: () => void, testId: string): MenuItem => {
    const { label, shortcut } = COMMANDS[id] as CommandSpec;
    return {
      label: i18n._(label),
      ...(shortcut ? { shortcut: formatShortcut(shortcut) } : {}),
      testId,
      run,
    };
  };
  const screenshot = () =>
    void props.onScreenshot().then(
      ({ fileName }) => props.onNote(t`Saved ${fileName}.`),
      (error: Error) => {
        const reason = error.message;
        props.onNote(t`Could not save the screenshot: ${reason}. Try a smaller size.`);
      },
    );
  const items: Array<MenuItem | 'separator'> = [
    command('view.fit', props.onFit, 'viewer-menu-fit'),
    command('view.reset', props.onReset, 'viewer-menu-reset'),
    'separator',
    ...SHADING_MODES.map((mode): MenuItem => ({
      label: i18n._(mode.label),
      checked: { kind: 'radio', on: settings.shading === mode.id },
      testId: `viewer-menu-shading-${mode.id}`,
      run: () => onSettings({ shading: mode.id }),
    })),
    'separator',
    {
      label: t`Show grid`,
      checked: { kind: 'checkbox', on: settings.grid },
      testId: 'viewer-menu-grid',
      run: () => onSettings({ grid: !settings.grid }),
    },
    { label: t`Save screenshot`, testId: 'viewer-menu-screenshot', run: screenshot },
  ];
  return (
    <ContextMenu
      x={props.at.x}
      y={props.at.y}
      label={t`Viewer`}
      testId="viewer-menu"
      onClose={props.onClose}
      items={items}
    />
  );
}
