import type { JSX } from 'react';
import { ICONS, type IconName } from './icons';

/** A decorative 16 × 16 stroke icon; the control around it carries the accessible name. */
export function Icon({ name }: { readonly name: IconName }): JSX.Element {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="kiln-viewer__icon">
      <path d={ICONS[name]} />
    </svg>
  );
}
