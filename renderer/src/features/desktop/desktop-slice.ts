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
import type { SliceCreator } from '../../store/app-store';

/** Desktop state and actions. */
export interface DesktopSlice {
  /** What the page needs to drag a result out. */
  dragSource(ref: FileRef): Promise<DragSourceView>;
  /** Electron only: drags the result out as a real file (call from `dragstart`). */
  startDrag: ((ref: FileRef) => void) | undefined;
  /** Shows the result in the file manager, or says where it is. */
  showInFolder(ref: FileRef): Promise<ShowInFolderView>;
  /** Shows a model file opened from the desktop (already in the local cache). */
  showLocalModel(model: ModelView): void;
  /** Shows what the desktop asked for, oldest first (the last one stays on screen). */
  applyOpenRequests(requests: readonly OpenRequestView[]): void;
  /** Takes what waits now and whatever arrives later; returns the unsubscribe function. */
  initDesktop(): () => void;
}

/** Creates the desktop slice. */
export const createDesktopSlice: SliceCreator<DesktopSlice> = (set, get, bridge) => {
  const take = async () => {
    try {
      get().applyOpenRequests(await bridge['app:takeOpenRequests'](undefined));
    } catch (error) {
      set({ openError: (error as Error).message });
    }
  };
  return {
    dragSource: (ref) => bridge['files:dragSource'](ref),
    startDrag: bridge.startDrag,
    showInFolder: (ref) => bridge['files:showInFolder'](ref),
    showLocalModel: (model) =>
      set({
        model,
        openingModelId: undefined,
        openError: undefined,
        compareModel: undefined,
        modelStats: undefined,
      }),
    applyOpenRequests(requests) {
      for (const request of requests) {
        if (request.kind === 'local') get().showLocalModel(request.model);
        else if (request.kind === 'library') void get().openModel(request.modelId);
        else set({ openError: request.message });
      }
    },
    initDesktop() {
      const off = bridge.on('app.openModel', () => void take());
      void take();
      return off;
    },
  };
};
