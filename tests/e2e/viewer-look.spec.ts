/**
 * The viewer's "look" on a model the sandbox generated from a real photo, in one window: camera
 * framing, presets and turntable; ground shadow and grid; the shipped HDR environments with
 * rotation and exposure; backgrounds; and, with all of that on, an idle viewer that draws no
 * frame. All offline: the fixture fails the test if a request leaves 127.0.0.1.
 */
import { expect, test } from '../support/fixtures';
import { coffeeModel } from '../support/fixture-models';
import {
  coverage,
  imageDifference,
  pixelAt,
  regionStats,
  ViewerPage,
} from '../support/viewer-page';

const CENTRE = { x0: 0.3, x1: 0.7, y0: 0.3, y1: 0.7 };

test('framing, shadow and grid, HDR lighting and backgrounds; idle draws nothing', async ({
  kiln,
}) => {
  test.setTimeout(180_000);
  const page = kiln.page;
  const viewer = new ViewerPage(page);
  await viewer.open(await coffeeModel());
  await viewer.waitIdle();
  const start = await viewer.pixels();
  expect(coverage(start)).toBeGreaterThan(0.08);

  await test.step('framing: fit, reset, presets, keyboard and turntable', async () => {
    // Zoom out with the keyboard on the focused stage: the model shrinks; Fit brings it back.
    await page.getByRole('application').focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('-');
    await viewer.waitIdle();
    const zoomedOut = coverage(await viewer.pixels());
    expect(zoomedOut).toBeLessThan(coverage(start) * 0.7);
    await viewer.control('viewer-fit').click();
    await viewer.waitIdle();
    expect(coverage(await viewer.pixels())).toBeGreaterThan(zoomedOut * 1.3);

    // Each preset shows another side of the model; Reset returns to the first view.
    const views: Record<string, Awaited<ReturnType<ViewerPage['pixels']>>> = {};
    for (const preset of ['front', 'side', 'top']) {
      await viewer.control(`viewer-view-${preset}`).click();
      await viewer.waitIdle();
      views[preset] = await viewer.pixels();
    }
    expect(imageDifference(views['front']!, views['side']!)).toBeGreaterThan(3);
    expect(imageDifference(views['side']!, views['top']!)).toBeGreaterThan(3);
    await page.getByRole('application').focus();
    await page.keyboard.press('1'); // front, from the keyboard
    await viewer.waitIdle();
    expect(imageDifference(await viewer.pixels(), views['front']!)).toBeLessThan(1);
    await viewer.control('viewer-reset').click();
    await viewer.waitIdle();
    expect(imageDifference(await viewer.pixels(), start)).toBeLessThan(1);

    // The turntable keeps drawing frames while on, and stops when off.
    await viewer.control('viewer-turntable').click();
    await expect(viewer.control('viewer-turntable')).toHaveAttribute('aria-pressed', 'true');
    const before = await viewer.frames();
    // A count of frames, not a frame rate: SwiftShader draws slowly on a busy machine.
    await expect.poll(() => viewer.frames()).toBeGreaterThan(before + 5);
    await viewer.control('viewer-turntable').click();
    await viewer.waitIdle();
    expect(imageDifference(await viewer.pixels(), start)).toBeGreaterThan(1);
    await viewer.control('viewer-reset').click();
    await viewer.waitIdle();
  });

  await test.step('ground shadow and grid turn on and off', async () => {
    const shadowOn = await viewer.pixels();
    const floor = { x0: 0.1, x1: 0.9, y0: 0.75, y1: 1 };
    await viewer.control('viewer-shadow').click();
    await viewer.waitDrawn('shadow=off');
    await viewer.waitIdle();
    const shadowOff = await viewer.pixels();
    // The shadow darkens the floor under the model.
    const under = { x0: 0.3, x1: 0.7, y0: 0.7, y1: 0.85 };
    expect(regionStats(shadowOff, under).luma).toBeGreaterThan(regionStats(shadowOn, under).luma);

    await viewer.control('viewer-grid').click();
    await viewer.waitDrawn('grid=on');
    await viewer.waitIdle();
    const grid = await viewer.pixels();
    expect(imageDifference(grid, shadowOff)).toBeGreaterThan(0.2);
    expect(coverage(grid, floor, pixelAt(shadowOff, 0.02, 0.98))).toBeGreaterThan(
      coverage(shadowOff, floor, pixelAt(shadowOff, 0.02, 0.98)),
    );
    await viewer.control('viewer-shadow').click();
    await viewer.waitDrawn('shadow=on');
  });

  await test.step('shipped pre-filtered environments, rotation, exposure and backgrounds', async () => {
    await viewer.waitIdle();
    const studio = await viewer.pixels();
    const panel = await viewer.tab('scene');
    const seen = [studio];
    for (const env of ['softbox', 'sunny', 'overcast', 'sunset']) {
      await panel.getByTestId('viewer-environment').selectOption(env);
      await viewer.waitDrawn(`env=${env}`);
      const image = await viewer.pixels();
      for (const other of seen) expect(imageDifference(image, other)).toBeGreaterThan(0.5);
      seen.push(image);
    }
    // Served by the app itself, from the page's own origin, pre-filtered: the studio since the
    // viewer started, then each one chosen.
    const environments = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => name.endsWith('.kenv')),
    );
    expect(environments).toEqual(
      ['studio', 'softbox', 'sunny', 'overcast', 'sunset'].map(
        (id) => new URL(`environments/${id}.kenv`, page.url()).href,
      ),
    );

    const sunset = seen.at(-1)!;
    await panel.getByTestId('viewer-env-rotation').fill('120');
    await viewer.waitDrawn('rotation=120');
    expect(imageDifference(await viewer.pixels(), sunset)).toBeGreaterThan(0.5);

    const dim = regionStats(await viewer.pixels(), CENTRE).luma;
    await panel.getByTestId('viewer-exposure').fill('1.5');
    await viewer.waitDrawn('exposure=1.5');
    expect(regionStats(await viewer.pixels(), CENTRE).luma).toBeGreaterThan(dim + 10);

    // Backgrounds: light, then the environment itself, blurred.
    await panel.getByTestId('viewer-background').selectOption('light');
    await viewer.waitDrawn('bg=light');
    expect(Math.min(...pixelAt(await viewer.pixels(), 0.02, 0.02))).toBeGreaterThan(180);
    await panel.getByTestId('viewer-background').selectOption('environment');
    await viewer.waitDrawn('bg=environment');
    const [r, , b] = pixelAt(await viewer.pixels(), 0.5, 0.02);
    expect(r).not.toEqual(b); // a sky, not the flat dark grey

    await panel.getByTestId('viewer-scene-defaults').click();
    await viewer.waitDrawn('env=studio');
  });

  await test.step('idle with grid, dimensions and HDR light on: no frame in 5 s', async () => {
    await viewer.control('viewer-dimensions').click();
    const scene = await viewer.tab('scene');
    await scene.getByTestId('viewer-environment').selectOption('sunny');
    await viewer.waitDrawn('env=sunny');
    await viewer.waitDrawn('grid=on');
    await viewer.waitDrawn('dims=on');
    await page.mouse.move(2, 2); // no input over the canvas from here on
    const before = await viewer.waitIdle();
    // The promise is about time itself: nothing may be drawn during it.
    await page.waitForTimeout(5_000);
    expect(await viewer.frames()).toBe(before);
  });
});
