/**
 * The library cards' right-click menu: open the model in the viewer, show its details, compare
 * it (with the model open in the viewer, or the two models selected), export it, show its file
 * in the folder, add it to the selection or take it out. Shift+F10 or the context-menu key on a
 * focused card opens it too (the browser sends `contextmenu` for both). One listener on the grid,
 * not one per card: the grid holds thousands. Each item runs what the library's own buttons run
 * (the family tree's compare, the detail's Export, the desktop's Show in folder).
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useState, type MouseEvent, type ReactNode } from 'react';
import { isLocalModel } from '../../../../shared/ipc/local-model';
import type { KilnState } from '../../store/app-store';
import { useKiln } from '../../store/StoreProvider';
import { ContextMenu, type MenuItem } from '../../ui/ContextMenu';
import { rowMenuOpening } from '../../ui/menu-anchor';
import { useRevealFile } from '../desktop/use-reveal-file';
import type { LibrarySelection } from './selection-state';
import { useShowInViewer } from './use-show-in-viewer';

/** One side of a comparison, as the store's `openCompare` takes it. */
type CompareChoice = Parameters<KilnState['openCompare']>[0];

/** What the menu's items do, by the card's index and model. */
export type CardMenuActions = Readonly<{
  open(modelId: string): void;
  select(modelId: string, index: number): void;
  toggle(index: number): void;
  isPicked(modelId: string, index: number): boolean;
  /** The model's name as the grid lists it (a compared side is labelled with it). */
  nameOf(modelId: string): string | undefined;
}>;

/** The two sides a card's Compare opens, or why it cannot. */
export type CompareFromCard =
  | {
      readonly kind: 'open-model' | 'selected';
      readonly a: CompareChoice;
      readonly b: CompareChoice;
    }
  | { readonly kind: 'none' };

/**
 * What Compare means on `cardId`: the two selected models when it is one of exactly two picked
 * (in their grid order); else the card beside the model open in the viewer (a library model, not
 * the card's own); else nothing to compare with.
 */
export function compareFromCard(
  cardId: string,
  open: { readonly modelId: string; readonly name?: string | undefined } | undefined,
  selection: LibrarySelection,
  nameOf: (modelId: string) => string | undefined,
): CompareFromCard {
  const side = (modelId: string, name?: string): CompareChoice => ({
    modelId,
    label: name ?? nameOf(modelId) ?? modelId,
  });
  if (
    selection.kind === 'picked' &&
    selection.pending.length === 0 &&
    selection.ids.size === 2 &&
    selection.ids.has(cardId)
  ) {
    const [first, second] = [...selection.ids].sort((x, y) => x[1] - y[1]);
    return { kind: 'selected', a: side(first![0]), b: side(second![0]) };
  }
  if (open && !isLocalModel(open.modelId) && open.modelId !== cardId) {
    return { kind: 'open-model', a: side(open.modelId, open.name), b: side(cardId) };
  }
  return { kind: 'none' };
}

/** The card a menu is open for, and where. */
interface OpenMenu {
  readonly x: number;
  readonly y: number;
  readonly modelId: string;
  readonly index: number;
  /** Its file is on this computer (the card's "offline" badge). */
  readonly cached: boolean;
}

/** The grid's `onContextMenu`, and the menu to render while it is open. */
export function useCardMenu(actions: CardMenuActions): {
  onContextMenu: (event: MouseEvent) => void;
  menu: ReactNode;
} {
  const [open, setOpen] = useState<OpenMenu>();
  const close = useCallback(() => setOpen(undefined), []);
  const onContextMenu = useCallback((event: MouseEvent) => {
    const opening = rowMenuOpening(
      event,
      '[data-testid="library-card"][data-model-id][data-index]',
    );
    if (!opening) return;
    const card = opening.row;
    setOpen({
      x: opening.x,
      y: opening.y,
      modelId: card.dataset['modelId']!,
      index: Number(card.dataset['index']),
      cached: card.dataset['cached'] === 'true',
    });
  }, []);
  const items = useCardMenuItems(actions, open);
  const { t } = useLingui();
  const menu =
    open && items ? (
      <ContextMenu
        x={open.x}
        y={open.y}
        label={t`Model`}
        testId="library-card-menu"
        onClose={close}
        items={items}
      />
    ) : null;
  return { onContextMenu, menu };
}

/** The menu's items for the card `open` is for (none while no menu is open). */
function useCardMenuItems(
  actions: CardMenuActions,
  open: OpenMenu | undefined,
): Array<MenuItem | 'separator'> | undefined {
  const { t } = useLingui();
  const viewerModel = useKiln((s) => s.model);
  const selection = useKiln((s) => s.libSelection);
  const offline = useKiln((s) => s.libSource === 'offline');
  const openCompare = useKiln((s) => s.openCompare);
  const openTools = useKiln((s) => s.openTools);
  const showInViewer = useShowInViewer();
  const reveal = useRevealFile();
  if (!open) return undefined;
  const { modelId, index } = open;
  const compare = compareFromCard(modelId, viewerModel, selection, actions.nameOf);
  const openName = compare.kind === 'open-model' ? compare.a.label : '';
  const compareItem: MenuItem =
    compare.kind === 'none'
      ? {
          label: t`Compare…`,
          disabled: true,
          title: t`Open a model in the viewer, or select two models, to compare them.`,
          testId: 'card-menu-compare',
          run: () => undefined,
        }
      : {
          label:
            compare.kind === 'selected'
              ? t`Compare the two selected models`
              : t`Compare with ${openName}`,
          testId: 'card-menu-compare',
          run: () => showInViewer(() => void openCompare(compare.a, compare.b)),
        };
  return [
    {
      label: t`Open in the viewer`,
      testId: 'card-menu-open',
      run: () => actions.open(modelId),
    },
    {
      label: t`Show details`,
      testId: 'card-menu-details',
      run: () => actions.select(modelId, index),
    },
    compareItem,
    'separator',
    {
      label: t`Export…`,
      disabled: offline,
      ...(offline ? { title: t`The library is offline: exporting needs the service.` } : {}),
      testId: 'card-menu-export',
      run: () => showInViewer(() => void openTools(modelId, 'export')),
    },
    {
      label: t`Show in folder`,
      disabled: !open.cached,
      ...(open.cached
        ? {}
        : { title: t`Not on this computer yet: open the model once to download it.` }),
      testId: 'card-menu-show-in-folder',
      run: () => reveal({ modelId }),
    },
    'separator',
    actions.isPicked(modelId, index)
      ? {
          label: t`Remove from the selection`,
          testId: 'card-menu-pick',
          run: () => actions.toggle(index),
        }
      : {
          label: t`Add to the selection`,
          testId: 'card-menu-pick',
          run: () => actions.toggle(index),
        },
  ];
}
