/**
 * Small stroke icons of the app's own widgets, drawn as SVG path data in `currentColor`: they
 * ship with the app, so they look the same on every machine (an emoji needs an emoji font, and
 * renders as a box where none is installed). Same 16 × 16 grid and stroke as the viewer's
 * toolbar icons (`viewer/panels/icons.ts`).
 */
import type { JSX } from 'react';

const PATHS = {
  /** A padlock: an action that needs something first (a website plan). */
  lock: 'M5 7.5V5.5a3 3 0 0 1 6 0v2M3.5 7.5h9v6.5h-9zM8 10v2',
  /** Four tiles: the library's full-width grid. */
  grid: 'M2.5 2.5h4.5v4.5H2.5zM9 2.5h4.5v4.5H9zM2.5 9h4.5v4.5H2.5zM9 9h4.5v4.5H9z',
  /** A gear: the settings. */
  gear: 'M8 5.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5zM8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4',
  /** A framed scene: back to the viewer. */
  viewer: 'M2 3h12v10H2zM4.5 10.5l2.5-3 2 2 1.5-1.5 1.5 2.5',
} as const;

/** Name of an app icon. */
export type IconName = keyof typeof PATHS;

/**
 * An icon. With `label` it is an image with that accessible name (a meaning that is not in the
 * text beside it, "needs a website plan"); without, it is decoration the control's name covers.
 */
export function Icon({ name, label }: { name: IconName; label?: string }): JSX.Element {
  return (
    <svg
      viewBox="0 0 16 16"
      className="ui-icon"
      data-icon={name}
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
