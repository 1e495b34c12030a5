/**
 * Kiln's 3D model viewer. Import the component from here; the other modules are internal.
 * @packageDocumentation
 */
export { ModelViewer, type ModelViewerProps, type ViewerModelStats } from './ModelViewer';
export type { ModelStats } from './inspect/model-stats';
export type { ViewerState } from './viewer-types';
