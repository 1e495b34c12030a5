import type { JSX, ReactNode } from 'react';
import { Icon } from './Icon';
import type { IconName } from './icons';

/** Props of {@link ToolButton}. */
export interface ToolButtonProps {
  readonly icon: IconName;
  /** Accessible name and tooltip; include the shortcut, e.g. "Fit model to view (F)". */
  readonly label: string;
  readonly testId: string;
  readonly onClick: () => void;
  /** For toggles: whether it is on (sets `aria-pressed`). */
  readonly pressed?: boolean;
  readonly disabled?: boolean;
  readonly shortcut?: string;
  /** For buttons that open a panel. */
  readonly controls?: string;
  readonly expanded?: boolean;
  /** Visible text beside the icon, for the few buttons that need words. */
  readonly children?: ReactNode;
}

/** A compact icon button of the viewer's toolbars, with a tooltip and visible focus. */
export function ToolButton(props: ToolButtonProps): JSX.Element {
  const { icon, label, testId, onClick, pressed, disabled, shortcut, controls, expanded } = props;
  return (
    <button
      type="button"
      className="kiln-viewer__tool"
      data-testid={testId}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut}
      aria-controls={controls}
      aria-expanded={expanded}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon name={icon} />
      {props.children ? <span>{props.children}</span> : null}
    </button>
  );
}
