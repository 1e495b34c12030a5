/**
 * Orbiting with the mouse: the camera glides on for a moment after the pointer lets go, as in
 * Blender or Sketchfab, unless the OS asks for less motion (WCAG 2.3.3): then it stops where the
 * drag left it. The setting is followed while Kiln runs.
 */
import { expect, test } from '../support/fixtures';
import { coffeeModel } from '../support/fixture-models';
import { imageDifference, ViewerPage } from '../support/viewer-page';

test('a drag orbits the model; the camera glides on after it unless the OS reduces motion', async ({
  kiln,
}) => {
  const page = kiln.page;
  const viewer = new ViewerPage(page);
  await viewer.open(await coffeeModel());
  const box = (await viewer.canvas.boundingBox())!;

  /** Drags across the model's middle from a still view: the frame count as the pointer lets go. */
  const drag = async (): Promise<number> => {
    await viewer.waitIdle();
    const before = await viewer.pixels();
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.35, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.65, y, { steps: 8 });
    await page.mouse.up();
    const released = await viewer.frames();
    expect(imageDifference(await viewer.pixels(), before)).toBeGreaterThan(3);
    return released;
  };

  // Damping slows the camera by a share per frame, so the glide is frames, however slow they
  // are: a few dozen. (The suite's pages ask for reduced motion, playwright.config.ts.)
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const gliding = await drag();
  await expect.poll(() => viewer.frames()).toBeGreaterThan(gliding + 10);
  // Asked for less motion while Kiln runs: the next drag does not glide at all.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const released = await drag();
  expect((await viewer.waitIdle()) - released).toBeLessThanOrEqual(2);
});
