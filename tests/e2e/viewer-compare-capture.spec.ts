/**
 * Comparing two versions of a model with one shared camera (side by side and A/B wipe), and
 * saving PNG screenshots at a chosen size, with and without a transparent background.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect, test } from '../support/fixtures';
import { coffeeModel, coffeeModelV2 } from '../support/fixture-models';
import { coverage, imageDifference, ViewerPage } from '../support/viewer-page';

test('two versions side by side and as an A/B wipe with one camera; PNG screenshots', async ({
  kiln,
}) => {
  test.setTimeout(180_000);
  const viewer = new ViewerPage(kiln.page);
  await viewer.open(await coffeeModel());

  await test.step('side by side and A/B wipe, with one camera', async () => {
    await viewer.waitIdle();
    const alone = await viewer.pixels();

    await viewer.drop(await coffeeModelV2(), 'compare');
    await expect(viewer.root).toHaveAttribute('data-compare-state', 'ready', { timeout: 60_000 });
    await expect(viewer.root).toHaveAttribute('data-compare', 'side');
    await expect(viewer.control('viewer-compare-labels')).toContainText('B · coffee-v2.glb');
    await viewer.waitIdle();
    const side = await viewer.pixels();
    // A model in each half.
    expect(coverage(side, { x0: 0, x1: 0.5, y0: 0.2, y1: 0.9 })).toBeGreaterThan(0.04);
    expect(coverage(side, { x0: 0.5, x1: 1, y0: 0.2, y1: 0.9 })).toBeGreaterThan(0.04);

    // Both halves follow the one camera: orbiting changes both.
    await kiln.page.getByRole('application').focus();
    await kiln.page.keyboard.press('ArrowRight');
    await kiln.page.keyboard.press('ArrowRight');
    await viewer.waitIdle();
    const orbited = await viewer.pixels();
    const half = (p: typeof side, left: boolean) => ({
      ...p,
      data: Buffer.concat(
        Array.from({ length: p.height }, (_, y) =>
          p.data.subarray(
            (y * p.width + (left ? 0 : p.width / 2)) * 3,
            (y * p.width + (left ? p.width / 2 : p.width)) * 3,
          ),
        ),
      ),
    });
    expect(imageDifference(half(orbited, true), half(side, true))).toBeGreaterThan(0.3);
    expect(imageDifference(half(orbited, false), half(side, false))).toBeGreaterThan(0.3);

    // The statistics show A and B together.
    const stats = await viewer.tab('stats');
    await expect(stats.getByTestId('viewer-stat-triangles-b')).toHaveText(/^\d{1,2},\d{3}$/);

    // Wipe: one view, split where the slider says.
    const panel = await viewer.tab('compare');
    await panel.getByTestId('viewer-compare-wipe').click();
    await expect(viewer.root).toHaveAttribute('data-compare', 'wipe');
    await viewer.waitDrawn('compare=wipe');
    await viewer.waitIdle();
    const wipeMiddle = await viewer.pixels();
    await viewer.control('viewer-wipe').fill('0.9');
    await viewer.waitDrawn('wipe=0.9');
    const wipeRight = await viewer.pixels();
    expect(imageDifference(wipeRight, wipeMiddle)).toBeGreaterThan(0.2);

    // Stop, then Home before the scene has caught up (the comparison's model leaves a render
    // after the click; on a busy machine a user's Home lands in between, as it did in CI): the
    // view is the one model, reset, not fitted along the view left behind. Both in one task, so
    // the Home always comes first.
    await kiln.page.evaluate(() => {
      document.querySelector<HTMLElement>('[data-testid="viewer-compare-stop"]')!.click();
      const stage = document.querySelector<HTMLElement>('[role="application"]')!;
      stage.focus();
      stage.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Home', code: 'Home', bubbles: true }),
      );
    });
    await expect(viewer.root).toHaveAttribute('data-compare', 'off');
    await expect(viewer.root).toHaveAttribute('data-compare-state', 'empty');
    await viewer.waitDrawn('compare=off');
    await viewer.waitIdle();
    expect(imageDifference(await viewer.pixels(), alone)).toBeLessThan(1);
  });

  await test.step('a screenshot is saved as PNG at the chosen size, transparent when asked', async () => {
    const panel = await viewer.tab('capture');

    await panel.getByTestId('viewer-capture-size').selectOption('1024');
    await panel.getByTestId('viewer-capture-transparent').check();
    let download = kiln.page.waitForEvent('download');
    await panel.getByTestId('viewer-capture-save').click();
    const transparent = await download;
    expect(transparent.suggestedFilename()).toBe('kiln-coffee-1024x1024.png');
    const png = await readFile(await transparent.path());
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 1024, height: 1024, channels: 4 });
    const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alpha(2, 2)).toBe(0); // background: transparent
    expect(alpha(512, 512)).toBe(255); // the model: opaque
    // Smooth edges: where a row first meets the cup (above its shadow), the pixel is partly
    // covered. On this machine's software renderer the viewer draws without MSAA, so the capture
    // is drawn at twice the size and scaled down (capture-frame.ts); drawn once, every edge
    // pixel would be 0 or 255.
    const edges: number[] = [];
    for (let y = 300; y < 500; y += 4) {
      let x = 0;
      while (x < info.width && alpha(x, y) === 0) x++;
      if (x < info.width) edges.push(alpha(x, y)!);
    }
    expect(edges.length).toBeGreaterThan(20);
    expect(edges.filter((a) => a < 255).length).toBeGreaterThan(edges.length / 2);
    await expect(panel.getByTestId('viewer-capture-message')).toContainText(
      'kiln-coffee-1024x1024.png',
    );

    await panel.getByTestId('viewer-capture-size').selectOption('custom');
    await panel.getByTestId('viewer-capture-width').fill('640');
    await panel.getByTestId('viewer-capture-height').fill('360');
    await panel.getByTestId('viewer-capture-transparent').uncheck();
    download = kiln.page.waitForEvent('download');
    await panel.getByTestId('viewer-capture-save').click();
    const opaque = await sharp(await readFile(await (await download).path()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(opaque.info).toMatchObject({ width: 640, height: 360 });
    expect(opaque.data[3]).toBe(255);
    // The dark background, not black.
    expect(opaque.data[0]).toBeGreaterThan(10);

    // The screen still shows the normal view afterwards.
    await viewer.waitIdle();
    expect(coverage(await viewer.pixels())).toBeGreaterThan(0.05);
  });
});
