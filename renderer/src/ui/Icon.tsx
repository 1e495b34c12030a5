/**
 * The app's icons, from one maintained set (lucide): stroke icons in `currentColor` that ship
 * with the app, so they look the same on every machine (an emoji needs an emoji font). The
 * viewer's toolbar icons come from the same set (`viewer/panels/icons.ts`, in the viewer's lazy
 * chunk); only the icons named in the two maps are bundled.
 */
import type { JSX } from 'react';
import type { LucideIcon } from 'lucide-react';
// Each icon from its own module, not from the package's index: the index re-exports every icon,
// and the build's `shell` group (vite.config.ts) takes what the entry imports statically, so
// through the index the viewer's own icons landed in the entry chunk (bench B7: ~10 kB of 12).
import Box from 'lucide-react/icons/box';
import Command from 'lucide-react/icons/command';
import Keyboard from 'lucide-react/icons/keyboard';
import LayoutGrid from 'lucide-react/icons/layout-grid';
import Lock from 'lucide-react/icons/lock';
import PanelLeftClose from 'lucide-react/icons/panel-left-close';
import PanelRightClose from 'lucide-react/icons/panel-right-close';
import Settings from 'lucide-react/icons/settings';

const ICONS = {
  /** A padlock: an action that needs something first (a website plan). */
  lock: Lock,
  /** Four tiles: the library's full-width grid. */
  grid: LayoutGrid,
  /** A gear: the settings. */
  gear: Settings,
  /** A model: back to the viewer. */
  viewer: Box,
  /** The command palette. */
  command: Command,
  /** The keyboard shortcuts. */
  keyboard: Keyboard,
  /** Hiding a side panel. */
  panelLeft: PanelLeftClose,
  panelRight: PanelRightClose,
} as const satisfies Record<string, LucideIcon>;

/** Name of an app icon. */
export type IconName = keyof typeof ICONS;

/**
 * An icon. With `label` it is an image with that accessible name (a meaning that is not in the
 * text beside it, "needs a website plan"); without, it is decoration the control's name covers.
 */
export function Icon({ name, label }: { name: IconName; label?: string }): JSX.Element {
  const Glyph = ICONS[name];
  return (
    <Glyph
      className="ui-icon"
      data-icon={name}
      focusable="false"
      strokeWidth={1.75}
      {...(label
        ? { role: 'img', 'aria-label': label, 'aria-hidden': false }
        : { 'aria-hidden': true })}
    />
  );
}
