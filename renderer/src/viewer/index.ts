/**
 * Kiln's 3D model viewer. Import the component from here; the other modules are internal.
 * @packageDocumentation
 */
export { ModelViewer, type ModelViewerProps } from './ModelViewer';
export type { ViewerModelStats } from './loading/use-load-status';
export type { ModelStats } from './inspect/model-stats';
export type { ShownModel, ViewerShowing, ViewerState } from './viewer-types';
