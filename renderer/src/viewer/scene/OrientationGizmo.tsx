/**
 * The orientation gizmo in the viewer's bottom-right corner, as Blender, Bambu Studio and f3d
 * show: the world axes turning with the camera, and a click on an axis turning the camera to
 * look along it (drei's GizmoHelper + GizmoViewport). It is drawn on top of each frame in a HUD
 * pass after the frame itself (priority 1, `useFrameRenderer`), so it adds no frames of its own:
 * an idle viewer still draws nothing, and captures, thumbnails and recordings (which render the
 * scene directly) never show it.
 */
import { GizmoHelper, GizmoViewport } from '@react-three/drei';
import { memo } from 'react';

/** Pixels from the canvas's bottom-right corner to the gizmo's centre. */
export const GIZMO_MARGIN = 64;
/** After the frame (priority 1) and its probe (1.5): the gizmo is drawn over the finished frame. */
const HUD_PRIORITY = 2;
/** Blender's axis colours: X red, Y green, Z blue. */
const AXIS_COLOURS: [string, string, string] = ['#e5484d', '#5cb85c', '#4f7fe8'];
const MARGIN: [number, number] = [GIZMO_MARGIN, GIZMO_MARGIN];

/**
 * The gizmo; mount inside the viewer's Canvas. Memoised: drei's GizmoViewport gives its axis
 * sprites new pointer handlers on every render, and R3F draws a frame for any changed prop, so a
 * gizmo re-rendered with the scene (loading, ready, the shadow's arrival) drew 3-4 whole frames
 * per model switch that nobody asked for — each a full scene in SwiftShader (bench B2).
 */
export const OrientationGizmo = memo(function OrientationGizmo() {
  return (
    <GizmoHelper alignment="bottom-right" margin={MARGIN} renderPriority={HUD_PRIORITY}>
      <GizmoViewport axisColors={AXIS_COLOURS} labelColor="#111418" />
    </GizmoHelper>
  );
});
