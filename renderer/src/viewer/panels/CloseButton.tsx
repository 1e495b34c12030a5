import type { JSX } from 'react';
import { Icon } from './Icon';

/** Props of {@link CloseButton}. */
export interface CloseButtonProps {
  /** Accessible name: what it closes ("Close the panel", "Dismiss"). */
  readonly label: string;
  readonly title?: string;
  readonly testId?: string;
  readonly onClick: () => void;
}

/** The small × of the viewer's panels, title and messages. */
export function CloseButton({ label, title, testId, onClick }: CloseButtonProps): JSX.Element {
  return (
    <button
      type="button"
      className="kiln-viewer__tool kiln-viewer__tool--small"
      aria-label={label}
      title={title}
      data-testid={testId}
      onClick={onClick}
    >
      <Icon name="close" />
    </button>
  );
}
