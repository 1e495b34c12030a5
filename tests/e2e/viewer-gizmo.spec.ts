/**
 * The orientation gizmo in the viewer's corner, as Blender, Bambu Studio and f3d show it: drawn
 * over the frame, and a click on an axis turns the camera to look along it.
 */
import { expect, test } from '../support/fixtures';
import { coffeeModel } from '../support/fixture-models';
import { coverage, imageDifference, ViewerPage } from '../support/viewer-page';

/** The gizmo's centre, this far from the canvas's bottom-right corner (OrientationGizmo.tsx). */
const GIZMO_MARGIN = 64;

test('the orientation gizmo turns the camera to the axis clicked', async ({ kiln }) => {
  const page = kiln.page;
  const viewer = new ViewerPage(page);
  await viewer.open(await coffeeModel());
  // The front view looks along -Z from +Z with +Y up: the gizmo's Y axis points straight up
  // from its centre, 40 px (drei's axis length) in the canvas's bottom-right corner.
  await viewer.control('viewer-view-front').click();
  await viewer.waitIdle();
  const front = await viewer.pixels();
  const box = (await viewer.canvas.boundingBox())!;
  const centre = { x: box.x + box.width - GIZMO_MARGIN, y: box.y + box.height - GIZMO_MARGIN };
  await page.mouse.click(centre.x, centre.y - 40);
  await viewer.waitIdle();
  const turned = await viewer.pixels();
  expect(imageDifference(turned, front)).toBeGreaterThan(3);
  // The gizmo is drawn in its corner of the frame (axis heads over the background).
  const corner = {
    x0: (box.width - 2 * GIZMO_MARGIN) / box.width,
    x1: 1,
    y0: (box.height - 2 * GIZMO_MARGIN) / box.height,
    y1: 1,
  };
  expect(coverage(front, corner)).toBeGreaterThan(0.05);
});
