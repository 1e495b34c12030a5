/**
 * The app's icons, from one maintained set (lucide): stroke icons in `currentColor` that ship
 * with the app, so they look the same on every machine (an emoji needs an emoji font). The
 * viewer's toolbar icons come from the same set (`viewer/panels/icons.ts`, in the viewer's lazy
 * chunk); only the icons named in the two maps are bundled.
 */
import type { JSX } from 'react';
import {
  Box,
  Command,
  Keyboard,
  LayoutGrid,
  Lock,
  PanelLeftClose,
  PanelRightClose,
  Settings,
  type LucideIcon,
} from 'lucide-react';

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
