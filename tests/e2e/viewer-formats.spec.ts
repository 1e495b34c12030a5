/**
 * Every format Kiln exports opens in the viewer: an STL (millimetres, Z up, as slicers and Kiln
 * write it) shows at its real size standing the right way up, and an OBJ opens the same way a
 * GLB does, by dropping it on the viewer.
 */
import { expect, test } from '../support/fixtures';
import { ViewerPage } from '../support/viewer-page';

/** A binary STL of a box `x` × `y` × `z` mm (Z up), 12 triangles. */
function boxStl(x: number, y: number, z: number): Uint8Array {
  const corners = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => [
    i & 1 ? x : 0,
    i & 2 ? y : 0,
    i & 4 ? z : 0,
  ]);
  const faces = [
    [0, 2, 1],
    [1, 2, 3],
    [4, 5, 6],
    [5, 7, 6],
    [0, 1, 4],
    [1, 5, 4],
    [2, 6, 3],
    [3, 6, 7],
    [0, 4, 2],
    [2, 4, 6],
    [1, 3, 5],
    [3, 7, 5],
  ];
  const buffer = new ArrayBuffer(84 + faces.length * 50);
  const view = new DataView(buffer);
  view.setUint32(80, faces.length, true);
  faces.forEach((face, f) => {
    const at = 84 + f * 50;
    face.forEach((corner, v) =>
      corners[corner]!.forEach((c, k) => view.setFloat32(at + 12 + v * 12 + k * 4, c, true)),
    );
  });
  return new Uint8Array(buffer);
}

const OBJ_TETRA = [
  'v 0 0 0',
  'v 1 0 0',
  'v 0 1 0',
  'v 0 0 1',
  'f 1 3 2',
  'f 1 2 4',
  'f 1 4 3',
  'f 2 3 4',
].join('\n');

test('an STL opens at its real size, standing up; an OBJ opens too', async ({ kiln }) => {
  const viewer = new ViewerPage(kiln.page);
  await viewer.open({ name: 'bracket.stl', bytes: boxStl(40, 20, 10) });
  await expect(viewer.root).toHaveAttribute('data-triangles', '12');
  await expect(kiln.page.getByTestId('model-name')).toHaveText('bracket.stl');

  // 40 mm wide, 10 mm tall (the STL's Z is up), 20 mm deep.
  const panel = await viewer.tab('stats');
  await panel.getByTestId('viewer-unit-mm').click();
  await expect(panel.getByTestId('viewer-size')).toHaveText(/^40 mm × 10 mm × 20 mm/);

  await viewer.open({ name: 'tetra.obj', bytes: new TextEncoder().encode(OBJ_TETRA) });
  await expect(viewer.root).toHaveAttribute('data-triangles', '4');
});
