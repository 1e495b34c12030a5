/** Which model the viewer shows. */
import type { ModelView } from '../../../shared/ipc/contract';
import type { SliceCreator } from './app-store';

/** Viewer selection state and actions. */
export interface ViewerSlice {
  model: ModelView | undefined;
  /** The model being fetched into the cache, before the viewer loads it. */
  openingModelId: string | undefined;
  openError: string | undefined;
  /** Makes sure the model is in the local cache, then shows it. */
  openModel(modelId: string): Promise<void>;
}

/** Creates the viewer slice. */
export const createViewerSlice: SliceCreator<ViewerSlice> = (set, get, bridge) => ({
  model: undefined,
  openingModelId: undefined,
  openError: undefined,
  async openModel(modelId) {
    set({ openingModelId: modelId, openError: undefined });
    try {
      const model = await bridge['library:model']({ modelId });
      // A later open wins: ignore this answer if the user has asked for another model since.
      if (get().openingModelId === modelId) set({ model, openingModelId: undefined });
    } catch (error) {
      if (get().openingModelId === modelId) {
        set({ openingModelId: undefined, openError: (error as Error).message });
      }
    }
  },
});
