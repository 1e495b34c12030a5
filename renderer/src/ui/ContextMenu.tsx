/**
 * A right-click menu drawn by the page: at the pointer (kept inside the window), a `menu` of
 * `menuitem`s with their shortcuts, the first enabled item focused, arrow keys, Home/End and
 * Enter as in a native menu; Escape, a click elsewhere, a resize or the window losing focus
 * close it. (Not a scroll: the grid behind may scroll itself as a detail opens, and the menu's
 * items name their target, not a place on screen.) What each item does is the caller's.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

/** One item of a {@link ContextMenu}. */
export interface MenuItem {
  readonly label: string;
  /** As the platform writes it (`Ctrl+V`), shown at the item's end. */
  readonly shortcut?: string;
  readonly disabled?: boolean;
  /** Why it is disabled, or more about what it does: the item's tooltip. */
  readonly title?: string;
  /**
   * An on/off item (`menuitemcheckbox`, a grid shown) or one of a group of choices
   * (`menuitemradio`, a shading mode): whether it is on now. Left out for a plain action.
   */
  readonly checked?: { readonly kind: 'checkbox' | 'radio'; readonly on: boolean };
  readonly testId?: string;
  run(): void;
}

/** The items a menu moves between (any of the three kinds of item, enabled). */
const ENABLED_ITEMS =
  ':is([role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]):not([aria-disabled="true"])';

/** Props of {@link ContextMenu}. */
export interface ContextMenuProps {
  /** The pointer's position in the window. */
  readonly x: number;
  readonly y: number;
  readonly label: string;
  /** Items; `'separator'` draws a line between groups. */
  readonly items: ReadonlyArray<MenuItem | 'separator'>;
  readonly onClose: () => void;
  readonly testId?: string;
}

/** The menu, open. */
export function ContextMenu({ x, y, label, items, onClose, testId }: ContextMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState({ left: x, top: y });
  // Inside the window: flipped left or up where it would run past an edge.
  useLayoutEffect(() => {
    const box = ref.current?.getBoundingClientRect();
    if (!box) return;
    setAt({
      left: x + box.width > window.innerWidth ? Math.max(0, x - box.width) : x,
      top: y + box.height > window.innerHeight ? Math.max(0, y - box.height) : y,
    });
    ref.current?.querySelector<HTMLElement>(ENABLED_ITEMS)?.focus({ preventScroll: true });
  }, [x, y]);
  useEffect(() => {
    const away = (event: Event) => {
      if (!(event.target instanceof Node) || !ref.current?.contains(event.target)) onClose();
    };
    window.addEventListener('pointerdown', away, true);
    window.addEventListener('blur', onClose);
    window.addEventListener('resize', onClose);
    return () => {
      window.removeEventListener('pointerdown', away, true);
      window.removeEventListener('blur', onClose);
      window.removeEventListener('resize', onClose);
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    // The menu's keys are its own: React carries a portal's events to the opener's handlers
    // (a library grid's Enter would open the model, its arrows move the selection).
    event.stopPropagation();
    const enabled = [...(ref.current?.querySelectorAll<HTMLElement>(ENABLED_ITEMS) ?? [])];
    const i = enabled.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (i + 1) % enabled.length,
      ArrowUp: (i - 1 + enabled.length) % enabled.length,
      Home: 0,
      End: enabled.length - 1,
    };
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    } else if (move[event.key] !== undefined) {
      event.preventDefault();
      enabled[move[event.key]!]?.focus();
    }
  };

  return createPortal(
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      className="context-menu"
      style={{ left: at.left, top: at.top }}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
      onContextMenu={(e) => {
        e.preventDefault();
        e.stopPropagation();
      }}
    >
      {items.map((item, i) =>
        item === 'separator' ? (
          <div key={`separator-${i}`} role="separator" className="context-menu-separator" />
        ) : (
          <button
            key={item.label}
            type="button"
            role={item.checked ? `menuitem${item.checked.kind}` : 'menuitem'}
            aria-checked={item.checked?.on}
            tabIndex={-1}
            aria-disabled={item.disabled || undefined}
            title={item.title}
            className="context-menu-item"
            data-testid={item.testId}
            // Keeps the focus (and a text field's selection) where it was until the item runs.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              if (item.disabled) return;
              onClose();
              item.run();
            }}
          >
            <span>
              {item.checked ? (
                <span className="context-menu-check" aria-hidden="true">
                  {item.checked.on ? (item.checked.kind === 'radio' ? '●' : '✓') : ''}
                </span>
              ) : null}
              {item.label}
            </span>
            {item.shortcut ? <kbd>{item.shortcut}</kbd> : null}
          </button>
        ),
      )}
    </div>,
    document.body,
  );
}
