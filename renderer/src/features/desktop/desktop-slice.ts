/**
 * The desktop side of the page: what the OS asked Kiln to show (a file opened with Kiln, a clicked
 * "job finished" notification), and the finished results the page can drag out or show in the
 * file manager, named by job or model id (the main process finds the file).
 */
import type {
  DragSourceView,
  FileRef,
  ModelView,
  OpenRequestView,
  ShowInFolderView,
} from '../../../../shared/ipc/contract';
import type { SliceCreator } from '../../store/slice';

/** Desktop state and actions. */
export interface DesktopSlice {
  /** What the page needs to drag a result out. */
  dragSource(ref: FileRef): Promise<DragSourceView>;
  /** Electron only: drags the result out as a real file (call from `dragstart`). */
  startDrag: ((ref: FileRef) => void) | undefined;
  /** Shows the result in the file manager, or says where it is. */
  showInFolder(ref: FileRef): Promise<ShowInFolderView>;
  /** Shows what the desktop asked for, oldest first (the last one stays on screen). */
  applyOpenRequests(requests: readonly OpenRequestView[]): void;
  /**
   * Takes what the desktop asked to show and shows it: once when the shell mounts, and again
   * at every `app.openModel` event (`main-events.ts`).
   */
  takeOpenRequests(): Promise<void>;
}

/** What the desktop asks of the viewer. */
export interface DesktopNeeds {
  showModel(model: ModelView): void;
  openModel(modelId: string): Promise<void>;
  reportOpenError(message: string): void;
}

/** Creates the desktop slice. */
export const createDesktopSlice: SliceCreator<DesktopSlice, DesktopNeeds> = (
  _set,
  get,
  bridge,
) => ({
  dragSource: (ref) => bridge['files:dragSource'](ref),
  startDrag: bridge.startDrag,
  showInFolder: (ref) => bridge['files:showInFolder'](ref),
  applyOpenRequests(requests) {
    for (const request of requests) {
      if (request.kind === 'local') get().showModel(request.model);
      else if (request.kind === 'library') void get().openModel(request.modelId);
      else get().reportOpenError(request.message);
    }
  },
  async takeOpenRequests() {
    try {
      get().applyOpenRequests(await bridge['app:takeOpenRequests'](undefined));
    } catch (error) {
      get().reportOpenError((error as Error).message);
    }
  },
});
