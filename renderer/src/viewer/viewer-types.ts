import type { Object3D, PerspectiveCamera, Scene, Sphere, Vector3, WebGLRenderer } from 'three';
import type { AnimationController } from './animation/animation-controller';
import type { ViewPreset } from './camera/fit-camera';
import type { LoadProgress } from './loading/load-model';
import type { ModelInspection } from './inspect/model-inspection';
import type { ModelPart } from './inspect/parts';
import type { FramePlan, OverlayMaterials } from './scene/render-view';

/** Lifecycle of the viewer, mirrored on its root element as `data-viewer-state`. */
export type ViewerState = 'empty' | 'loading' | 'ready' | 'error';

/** The viewer shows model A; model B is the one compared with it. */
export type SlotId = 'a' | 'b';

/** What the viewer's panels show about a model once it is on screen. */
export interface ModelInfo {
  readonly stats: ModelInspection;
  /** Bounding-box size in metres (glTF's unit). */
  readonly size: { readonly x: number; readonly y: number; readonly z: number };
  readonly parts: readonly ModelPart[];
  readonly animation: AnimationController | null;
}

/** What the scene inside the canvas reports to the DOM side of the viewer, per slot and source. */
export interface SceneEvents {
  onLoading(slot: SlotId, key: string): void;
  onProgress(slot: SlotId, key: string, progress: LoadProgress): void;
  /** Called once the first frame showing the model has been drawn. */
  onReady(slot: SlotId, key: string, info: ModelInfo): void;
  onError(slot: SlotId, key: string, error: unknown): void;
}

/** One keyboard step of camera movement. */
export type ViewNudge =
  /** Swing around the model; `x` turns right (radians), `y` tilts down. */
  | { readonly kind: 'orbit'; readonly x: number; readonly y: number }
  /** Slide in the screen plane by fractions of the viewing distance; `x` right, `y` up. */
  | { readonly kind: 'pan'; readonly x: number; readonly y: number }
  /** Multiply the viewing distance (below 1 moves closer). */
  | { readonly kind: 'zoom'; readonly factor: number };

/** A PNG the viewer rendered. */
export interface Capture {
  readonly blob: Blob;
  readonly width: number;
  readonly height: number;
}

/** Camera and capture commands the toolbar and keyboard shortcuts send into the scene. */
export interface ViewerCommands {
  /** Move the camera one keyboard step. */
  nudge(step: ViewNudge): void;
  /** Re-frame the model from the current viewing direction. */
  fit(): void;
  /** Return to the default three-quarter view of the model. */
  reset(): void;
  /** Frame the model from a named direction. */
  view(preset: ViewPreset): void;
  /** Render the current view at `width` × `height` (or less, if the GPU cannot) into a PNG. */
  capture(options: {
    readonly width: number;
    readonly height: number;
    readonly transparent: boolean;
  }): Promise<Capture>;
  /** The canvas's insides, for tools that render or inspect the open model (turntable, health). */
  stage(): ViewerStage;
}

/** What {@link ViewerCommands.stage} hands out: valid until the model or the canvas changes. */
export interface ViewerStage {
  readonly gl: WebGLRenderer;
  readonly scene: Scene;
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControlsLike | null;
  /** Model A's root (the model's own space), or null while none is shown. */
  readonly model: Object3D | null;
  /** Model A's animation clips, if it has any. */
  readonly animation: AnimationController | null;
  /** The bounding sphere that is framed, in world space. */
  readonly sphere: Sphere | null;
  /** What the screen's frame would draw at `width` × `height` (model A alone). */
  framePlan(width: number, height: number, transparent: boolean): FramePlan;
  readonly overlays: OverlayMaterials;
  /** Asks for a frame on screen. */
  invalidate(): void;
}

/** The parts of three-stdlib's OrbitControls the rig drives (drei's `makeDefault` instance). */
export interface OrbitControlsLike {
  target: Vector3;
  enableDamping: boolean;
  minDistance: number;
  maxDistance: number;
  update(): boolean;
  addEventListener(type: 'start', listener: () => void): void;
  removeEventListener(type: 'start', listener: () => void): void;
}

/** One model on screen, as the viewer names it. */
export interface ShownModel {
  /** The app's name for it, or a local file's name. */
  readonly name: string;
  /** A file the user opened on this computer (not the app's model). */
  readonly local: boolean;
  /** Measured once it is on screen. */
  readonly triangles?: number;
}

/** What the viewer shows: model A, and B while the two are compared. */
export interface ViewerShowing {
  readonly a: ShownModel | undefined;
  readonly b: ShownModel | undefined;
}
