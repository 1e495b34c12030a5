/** Which model the viewer shows, what it measured, and the version it is compared with. */
import type { ModelView } from '../../../shared/ipc/contract';
import { openRecording, type OpenRecording } from './turntable/save-recording';
import type { ViewerState } from './viewer-types';
import type { SliceCreator } from '../store/slice';

/** What the viewer measured of the model on screen. */
export interface ShownModelStats {
  readonly modelId: string;
  readonly triangles: number;
  /** Bounding-box size in metres (glTF's unit). */
  readonly size: { readonly x: number; readonly y: number; readonly z: number };
}

/** One side of a comparison of library versions: the model, and how the user knows it. */
export interface CompareChoice {
  readonly modelId: string;
  /** Name and version ("coffee · v2 Retexture"), shown over its side and in the caption. */
  readonly label: string;
}

/** Viewer selection state and actions. */
export interface ViewerSlice {
  model: ModelView | undefined;
  /** The model being fetched into the cache, before the viewer loads it. */
  openingModelId: string | undefined;
  openError: string | undefined;
  /**
   * The model the last open was refused for, and why (`subscription_required`: a website model
   * without a plan). The Tools column still offers what the service allows for it.
   */
  openFailure: { readonly modelId: string; readonly code: string } | undefined;
  /** Measured once the open model is on screen (the print panel previews sizes from it). */
  modelStats: ShownModelStats | undefined;
  /** A second model (another version) shown beside the open one. */
  compareModel: ModelView | undefined;
  /** How the two compared versions are named while {@link compareModel} is shown. */
  compareLabels: { readonly a: string; readonly b: string } | undefined;
  /** Makes sure the model is in the local cache, then shows it. */
  openModel(modelId: string): Promise<void>;
  /**
   * Shows a model whose file is already at hand (a file opened from the desktop, a saved
   * result's preview): it replaces the open one, its comparison and its measurements.
   */
  showModel(model: ModelView): void;
  /** Says why a model could not be opened (the one on screen stays). */
  reportOpenError(message: string): void;
  /** Opens `a` and compares it with `b` (two versions of a family). */
  openCompare(a: CompareChoice, b: CompareChoice): Promise<void>;
  /** Ends the comparison: the open model shows alone. */
  closeCompare(): void;
  setModelStats(stats: ShownModelStats | undefined): void;
  /**
   * What the viewer is doing, as it reports it (a file dropped on it included); undefined until
   * it has mounted. Background work (the library's prefetch) waits while it is not settled.
   */
  viewerState: ViewerState | undefined;
  setViewerState(state: ViewerState): void;
  /** The print tool's longest side (mm), which the health panel's printability starts from. */
  printLengthMm: number | undefined;
  setPrintLengthMm(mm: number | undefined): void;
  /** Opens a place for a turntable recording in `folder` (checked before recording starts). */
  openRecording(fileName: string, folder: string): Promise<OpenRecording>;
}

/** Creates the viewer slice. */
export const createViewerSlice: SliceCreator<ViewerSlice> = (set, get, bridge) => ({
  model: undefined,
  openingModelId: undefined,
  openError: undefined,
  openFailure: undefined,
  modelStats: undefined,
  compareModel: undefined,
  compareLabels: undefined,
  viewerState: undefined,
  setViewerState: (viewerState) => set({ viewerState }),
  async openModel(modelId) {
    set({ openingModelId: modelId, openError: undefined });
    try {
      const model = await bridge['library:model']({ modelId });
      // A later open wins: ignore this answer if the user has asked for another model since.
      if (get().openingModelId === modelId) {
        set({
          model,
          openingModelId: undefined,
          compareModel: undefined,
          compareLabels: undefined,
          modelStats: undefined,
          openFailure: undefined,
        });
      }
    } catch (error) {
      if (get().openingModelId === modelId) {
        const code = (error as { code?: unknown }).code;
        set({
          openingModelId: undefined,
          openError: (error as Error).message,
          openFailure: { modelId, code: typeof code === 'string' ? code : 'internal' },
        });
      }
    }
  },
  async openCompare(a, b) {
    await get().openModel(a.modelId);
    if (get().model?.modelId !== a.modelId) return;
    try {
      const compareModel = await bridge['library:model']({ modelId: b.modelId });
      if (get().model?.modelId === a.modelId) {
        set({ compareModel, compareLabels: { a: a.label, b: b.label } });
      }
    } catch (error) {
      set({ openError: (error as Error).message });
    }
  },
  showModel: (model) =>
    set({
      model,
      openingModelId: undefined,
      openError: undefined,
      openFailure: undefined,
      compareModel: undefined,
      compareLabels: undefined,
      modelStats: undefined,
    }),
  reportOpenError: (openError) => set({ openError }),
  closeCompare: () => set({ compareModel: undefined, compareLabels: undefined }),
  setModelStats: (modelStats) => set({ modelStats }),
  printLengthMm: undefined,
  setPrintLengthMm: (printLengthMm) => set({ printLengthMm }),
  openRecording: (fileName, folder) => openRecording(bridge, fileName, folder),
});
