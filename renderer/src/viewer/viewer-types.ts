import type { LoadProgress } from './load-model';
import type { ModelStats } from './model-stats';

/** Lifecycle of the viewer, mirrored on its root element as `data-viewer-state`. */
export type ViewerState = 'empty' | 'loading' | 'ready' | 'error';

/** What the scene inside the canvas reports to the DOM side of the viewer, per model URL. */
export interface SceneEvents {
  onLoading(url: string): void;
  onProgress(url: string, progress: LoadProgress): void;
  /** Called once the first frame showing the model has been drawn. */
  onReady(url: string, stats: ModelStats): void;
  onError(url: string, error: unknown): void;
}

/** One keyboard step of camera movement. */
export type ViewNudge =
  /** Swing around the model; `x` turns right (radians), `y` tilts down. */
  | { readonly kind: 'orbit'; readonly x: number; readonly y: number }
  /** Slide in the screen plane by fractions of the viewing distance; `x` right, `y` up. */
  | { readonly kind: 'pan'; readonly x: number; readonly y: number }
  /** Multiply the viewing distance (below 1 moves closer). */
  | { readonly kind: 'zoom'; readonly factor: number };

/** Camera commands the toolbar and keyboard shortcuts send into the scene. */
export interface ViewerCommands {
  /** Move the camera one keyboard step. */
  nudge(step: ViewNudge): void;
  /** Re-frame the model from the current viewing direction. */
  fit(): void;
  /** Return to the default three-quarter view of the model. */
  reset(): void;
}
