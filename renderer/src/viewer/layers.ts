/**
 * three.js layers the viewer uses besides the default layer 0. Layers let one extra render pass
 * draw just the model (wireframe overlay) or just the hovered part (highlight), while grid,
 * shadow and overlays stay on layer 0 only.
 */
export const MODEL_LAYER = 1;
/** Meshes of the part under the pointer or keyboard focus in the outliner. */
export const HIGHLIGHT_LAYER = 2;
