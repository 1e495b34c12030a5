/**
 * The orientation gizmo in the viewer's bottom-right corner, as Blender, Bambu Studio and f3d
 * show: the world axes turning with the camera, and a click on an axis turning the camera to
 * look along it (drei's GizmoHelper + GizmoViewport). It is drawn on top of each frame in a HUD
 * pass after the frame itself (priority 1, `useFrameRenderer`), so it adds no frames of its own:
 * an idle viewer still draws nothing, and captures, thumbnails and recordings (which render the
 * scene directly) never show it.
 */
import { GizmoHelper, GizmoViewport } from '@react-three/drei';

/** Pixels from the canvas's bottom-right corner to the gizmo's centre. */
export const GIZMO_MARGIN = 64;
/** After the frame (priority 1) and its probe (1.5): the gizmo is drawn over the finished frame. */
const HUD_PRIORITY = 2;
/** Blender's axis colours: X red, Y green, Z blue. */
const AXIS_COLOURS: [string, string, string] = ['#e5484d', '#5cb85c', '#4f7fe8'];

/** The gizmo; mount inside the viewer's Canvas. */
export function OrientationGizmo() {
  return (
    <GizmoHelper
      alignment="bottom-right"
      margin={[GIZMO_MARGIN, GIZMO_MARGIN]}
      renderPriority={HUD_PRIORITY}
    >
      <GizmoViewport axisColors={AXIS_COLOURS} labelColor="#111418" />
    </GizmoHelper>
  );
}
