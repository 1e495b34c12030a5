/**
 * The library cards' right-click menu: open the model in the viewer, show its details, add it to
 * the selection or take it out. Shift+F10 or the context-menu key on a focused card opens it
 * too (the browser sends `contextmenu` for both). One listener on the grid, not one per card:
 * the grid holds thousands.
 */
import { useCallback, useState, type MouseEvent, type ReactNode } from 'react';
import { ContextMenu } from '../../ui/ContextMenu';

/** What the menu's items do, by the card's index and model. */
export type CardMenuActions = Readonly<{
  open(modelId: string): void;
  select(modelId: string, index: number): void;
  toggle(index: number): void;
  isPicked(modelId: string, index: number): boolean;
}>;

/** The grid's `onContextMenu`, and the menu to render while it is open. */
export function useCardMenu(actions: CardMenuActions): {
  onContextMenu: (event: MouseEvent) => void;
  menu: ReactNode;
} {
  const [open, setOpen] = useState<{ x: number; y: number; modelId: string; index: number }>();
  const close = useCallback(() => setOpen(undefined), []);
  const onContextMenu = useCallback((event: MouseEvent) => {
    const card =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>('[data-testid="library-card"]')
        : null;
    if (!card?.dataset['modelId'] || card.dataset['index'] === undefined) return;
    event.preventDefault();
    // From the keyboard the pointer is nowhere near: the menu opens at the card.
    const box = card.getBoundingClientRect();
    const keyboard = event.clientX === 0 && event.clientY === 0;
    setOpen({
      x: keyboard ? box.left + box.width / 2 : event.clientX,
      y: keyboard ? box.top + box.height / 2 : event.clientY,
      modelId: card.dataset['modelId'],
      index: Number(card.dataset['index']),
    });
  }, []);
  const menu = open ? (
    <ContextMenu
      x={open.x}
      y={open.y}
      label="Model"
      testId="library-card-menu"
      onClose={close}
      items={[
        { label: 'Open in the viewer', run: () => actions.open(open.modelId) },
        { label: 'Show details', run: () => actions.select(open.modelId, open.index) },
        'separator',
        actions.isPicked(open.modelId, open.index)
          ? { label: 'Remove from the selection', run: () => actions.toggle(open.index) }
          : { label: 'Add to the selection', run: () => actions.toggle(open.index) },
      ]}
    />
  ) : null;
  return { onContextMenu, menu };
}
