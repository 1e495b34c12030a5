/**
 * The viewer's right-click menu, while a model is on screen: frame it or reset the view, the
 * shading modes, the ground grid, and a screenshot. It opens on a right *click* on the canvas —
 * a right drag pans the camera and opens nothing (`right-click.ts`) — and from the keyboard with
 * Shift+F10 or the context-menu key while the stage has the focus. The items run what the
 * toolbar and the capture panel run, with the command registry's words and keys where the
 * command exists (`shared/commands.ts`).
 */
import { useLingui } from '@lingui/react/macro';
import {
  lazy,
  Suspense,
  useCallback,
  useRef,
  useState,
  type JSX,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import { menuAnchor } from '../../ui/menu-anchor';
import type { ViewerSettings } from '../viewer-settings';
import type { ViewerCommands } from '../viewer-types';
import { CloseButton } from './CloseButton';
import { isRightClick, moved, pressed, type RightPress } from './right-click';

/**
 * The open menu's code (its items and the shared context menu), fetched on the first right-click:
 * a model on screen does not need it (bench B7's viewer chunk).
 */
const ViewerMenu = lazy(() => import('./ViewerMenuView'));

/** The stage's handlers that open the menu, and where it is open. */
export interface ViewerMenuOpener {
  readonly at: { readonly x: number; readonly y: number } | undefined;
  readonly close: () => void;
  readonly onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  readonly onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  readonly onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  readonly onPointerCancel: () => void;
  readonly onContextMenu: (event: MouseEvent<HTMLElement>) => void;
  readonly onKeyDown: (event: KeyboardEvent<HTMLElement>) => boolean;
}

/**
 * Opens the menu on a right click of the stage (not a drag) or its keyboard keys, while
 * `enabled` (a model is on screen).
 */
export function useViewerMenu(
  stageRef: RefObject<HTMLElement | null>,
  enabled: boolean,
): ViewerMenuOpener {
  const [at, setAt] = useState<{ x: number; y: number }>();
  const press = useRef<RightPress | undefined>(undefined);
  const atStageMiddle = useCallback(() => {
    const box = stageRef.current?.getBoundingClientRect();
    if (box) setAt(menuAnchor({ clientX: 0, clientY: 0, pointerType: '' }, box));
  }, [stageRef]);
  const close = useCallback(() => {
    setAt(undefined);
    // Back to the stage for the keyboard, unless the click that closed it went somewhere else.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body)
        stageRef.current?.focus({ preventScroll: true });
    });
  }, [stageRef]);
  return {
    at,
    close,
    onPointerDown: (event) => {
      press.current = enabled ? pressed(event) : undefined;
    },
    onPointerMove: (event) => {
      press.current = moved(press.current, event);
    },
    onPointerUp: (event) => {
      if (isRightClick(press.current, event)) setAt({ x: event.clientX, y: event.clientY });
      if (event.button === 2) press.current = undefined;
    },
    onPointerCancel: () => {
      press.current = undefined;
    },
    onContextMenu: (event) => {
      // The pointer's menu opens on the release (above); the browser's own never shows here.
      event.preventDefault();
      const pointerType = (event.nativeEvent as Partial<globalThis.PointerEvent>).pointerType;
      if (enabled && pointerType === '') atStageMiddle();
    },
    onKeyDown: (event) => {
      const menuKey = event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey);
      if (!menuKey || !enabled) return false;
      event.preventDefault();
      atStageMiddle();
      return true;
    },
  };
}

/** Props of {@link ViewerMenuLayer}. */
export interface ViewerMenuLayerProps {
  readonly menu: ViewerMenuOpener;
  /** A model is on screen (the menu has nothing to act on otherwise). */
  readonly shown: boolean;
  readonly settings: ViewerSettings;
  readonly onSettings: (patch: Partial<ViewerSettings>) => void;
  /** The viewer's camera and capture, as the toolbar drives them. */
  readonly commandsRef: RefObject<ViewerCommands | null>;
  readonly onScreenshot: () => Promise<{ fileName: string }>;
}

/** The menu while open, and what its screenshot said until dismissed. */
export function ViewerMenuLayer(props: ViewerMenuLayerProps): JSX.Element {
  const { menu, commandsRef } = props;
  const [note, setNote] = useState<string>();
  return (
    <>
      {menu.at && props.shown ? (
        <Suspense fallback={null}>
          <ViewerMenu
            at={menu.at}
            onClose={menu.close}
            settings={props.settings}
            onSettings={props.onSettings}
            onFit={() => commandsRef.current?.fit()}
            onReset={() => commandsRef.current?.reset()}
            onScreenshot={props.onScreenshot}
            onNote={setNote}
          />
        </Suspense>
      ) : null}
      {note ? <ViewerMenuNote note={note} onDismiss={() => setNote(undefined)} /> : null}
    </>
  );
}

/** What the menu's screenshot said, over the viewer until dismissed. */
function ViewerMenuNote({
  note,
  onDismiss,
}: {
  readonly note: string;
  readonly onDismiss: () => void;
}): JSX.Element {
  const { t } = useLingui();
  return (
    <p className="kiln-viewer__toast" role="status" data-testid="viewer-menu-note">
      {note}
      <CloseButton label={t`Dismiss`} onClick={onDismiss} />
    </p>
  );
}
