/**
 * A large texture reaches the GPU in strips, one per task (`texture-upload.ts`): every row must
 * land where it belongs, and the mipmaps made after the last strip must hold the picture. The
 * model is a square of four coloured bands, unlit, seen from the front: read down the middle of
 * the canvas, the bands come in the picture's order with its proportions.
 */
import { expect, test } from '../support/fixtures';
import { STRIP_PIXELS } from '../../renderer/src/viewer/loading/texture-upload';
import { BAND_STARTS, BANDS_SIDE, bandsModel } from '../support/fixture-models';
import { type Pixels, ViewerPage } from '../support/viewer-page';

/**
 * The band whose colour `rgb` shows, or -1 (the background, an edge). Tone mapping changes the
 * shades (the green shows as 150, 230, 90), not which channels lead.
 */
function bandOf([r, g, b]: readonly [number, number, number]): number {
  const max = Math.max(r, g, b);
  if (max < 120 || max - Math.min(r, g, b) < 80) return -1;
  if (b === max) return 2;
  if (Math.min(r, g) > 0.85 * max) return 3;
  return r === max ? 0 : 1;
}

/** The bands met going down the canvas's middle column, with their heights in pixels. */
function bandsDownTheMiddle(image: Pixels): Array<{ band: number; height: number }> {
  const runs: Array<{ band: number; height: number }> = [];
  const x = Math.floor(image.width / 2);
  for (let y = 0; y < image.height; y++) {
    const i = (y * image.width + x) * 3;
    const band = bandOf([image.data[i]!, image.data[i + 1]!, image.data[i + 2]!]);
    if (band < 0) continue;
    const last = runs[runs.length - 1];
    if (last?.band === band) last.height++;
    else runs.push({ band, height: 1 });
  }
  return runs.filter((run) => run.height > 2);
}

test('a texture uploaded in strips shows every row in its place, mipmapped', async ({ kiln }) => {
  // The picture goes up in several strips (a larger strip would leave it to three.js whole).
  expect((BANDS_SIDE * BANDS_SIDE) / STRIP_PIXELS).toBeGreaterThanOrEqual(4);
  const viewer = new ViewerPage(kiln.page);
  await viewer.open(await bandsModel());
  await kiln.page.getByRole('application').focus();
  await kiln.page.keyboard.press('1'); // the front view
  await viewer.waitIdle();
  const runs = bandsDownTheMiddle(await viewer.pixels());
  expect(runs.map((run) => run.band)).toEqual([0, 1, 2, 3]);
  // The first two bands in the picture's proportion (next to each other, the perspective
  // changes their heights alike).
  const [first, second] = runs.map((run) => run.height);
  const picture = (BAND_STARTS[1] - BAND_STARTS[0]) / (BAND_STARTS[2] - BAND_STARTS[1]);
  expect(Math.abs(first! / second! - picture)).toBeLessThan(0.08);
});
