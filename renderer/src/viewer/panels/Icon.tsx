import type { JSX } from 'react';
import { ICONS, type IconName } from './icons';

/** A decorative 16 × 16 stroke icon; the control around it carries the accessible name. */
export function Icon({ name }: { readonly name: IconName }): JSX.Element {
  const Glyph = ICONS[name];
  return (
    <Glyph
      size={16}
      strokeWidth={1.75}
      aria-hidden="true"
      focusable="false"
      className="kiln-viewer__icon"
      data-icon={name}
    />
  );
}
