/**
 * Rigged and split models made by the sandbox's own auto-rig and part splitter: clip playback
 * with scrub, speed, loop and a skeleton overlay; the parts outliner with hide, isolate and
 * highlight on hover.
 */
import { expect, test } from '../support/fixtures';
import { riggedModel, splitModel } from '../support/fixture-models';
import { imageDifference, regionStats, ViewerPage } from '../support/viewer-page';

test('a rigged model plays its clips with a skeleton; a split model lists, hides, isolates and highlights its parts', async ({
  kiln,
}) => {
  test.setTimeout(180_000);
  const viewer = new ViewerPage(kiln.page);

  await test.step('a rigged model plays, scrubs and loops its clips, with a skeleton overlay', async () => {
    await viewer.open(await riggedModel());
    await expect(viewer.root).toHaveAttribute('data-clips', '3');
    const bar = viewer.control('viewer-animation');
    const clip = bar.getByTestId('viewer-clip');
    await expect(clip.locator('option')).toHaveText(['Idle', 'Wave', 'Walk']);
    await clip.selectOption({ label: 'Walk' });
    await expect(bar).toHaveAttribute('data-clip', 'Walk');
    await viewer.waitIdle();
    const rest = await viewer.pixels();

    // Scrubbing poses the model without playing.
    await bar.getByTestId('viewer-scrub').fill('0.5');
    await expect(bar.getByTestId('viewer-time')).toHaveText(/^0\.50 \//);
    await viewer.waitDrawn('time=0.50');
    const posed = await viewer.pixels();
    expect(imageDifference(posed, rest)).toBeGreaterThan(0.1);
    await expect(bar).toHaveAttribute('data-playing', 'false');

    // Playing draws frames and moves the clock at the chosen speed; pausing stops both.
    await bar.getByTestId('viewer-speed').selectOption('2');
    await bar.getByTestId('viewer-play').click();
    await expect(bar).toHaveAttribute('data-playing', 'true');
    const frames = await viewer.frames();
    // Frames keep coming while it plays: a count, not a frame rate (SwiftShader drew 3 in 10 s
    // with both cores busy).
    await expect.poll(() => viewer.frames()).toBeGreaterThan(frames + 5);
    await bar.getByTestId('viewer-play').click();
    await expect(bar).toHaveAttribute('data-playing', 'false');
    const stopped = await viewer.waitIdle();
    const time = await bar.getByTestId('viewer-time').textContent();
    await kiln.page.waitForTimeout(400);
    expect(await viewer.frames()).toBe(stopped);
    await expect(bar.getByTestId('viewer-time')).toHaveText(time!);

    // Without loop, a clip plays to its end and stops there.
    await bar.getByTestId('viewer-loop').click();
    await expect(bar.getByTestId('viewer-loop')).toHaveAttribute('aria-pressed', 'false');
    await bar.getByTestId('viewer-play').click();
    await expect(bar).toHaveAttribute('data-playing', 'false', { timeout: 20_000 });
    await expect(bar.getByTestId('viewer-time')).toHaveText(/^(\d+\.\d\d) \/ \1 s$/);

    // The skeleton overlay draws the bones over the model.
    await viewer.waitIdle();
    const plain = await viewer.pixels();
    await bar.getByTestId('viewer-skeleton').click();
    await viewer.waitDrawn('skeleton=on');
    expect(imageDifference(await viewer.pixels(), plain)).toBeGreaterThan(0.05);
    await bar.getByTestId('viewer-skeleton').click();
    await viewer.waitDrawn('skeleton=off');
  });

  await test.step('a split model lists its named parts; hide, isolate and highlight on hover', async () => {
    await viewer.open(await splitModel());
    const count = Number(await viewer.root.getAttribute('data-parts'));
    expect(count).toBeGreaterThanOrEqual(3);
    const panel = await viewer.tab('parts');
    const rows = panel.getByTestId('viewer-part');
    await expect(rows).toHaveCount(count);
    const names = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-part-name')));
    // The splitter names parts by where they sit.
    for (const name of names) {
      expect(name).toMatch(/^(top|bottom|left|right|front|back|core)( \(\d+\))?$/);
    }
    await viewer.waitIdle();
    const whole = await viewer.pixels();

    // Hover highlights the part on the model in the accent colour.
    const first = rows.first();
    await first.hover();
    await expect(first).toHaveAttribute('data-highlighted', 'true');
    await viewer.waitDrawn('highlight=on');
    const lit = await viewer.pixels();
    expect(imageDifference(lit, whole)).toBeGreaterThan(0.1);
    await panel.getByRole('heading').hover();
    await expect(first).toHaveAttribute('data-highlighted', 'false');
    await viewer.waitDrawn('highlight=off');

    // Hide one part, then isolate another: only it remains.
    await first.getByTestId('viewer-part-hide').click();
    await expect(first).toHaveAttribute('data-visible', 'false');
    await viewer.waitDrawn('hidden=1');
    const hidden = await viewer.pixels();
    expect(imageDifference(hidden, whole)).toBeGreaterThan(0.1);
    const second = rows.nth(1);
    await second.getByTestId('viewer-part-isolate').click();
    for (let i = 0; i < count; i++) {
      await expect(rows.nth(i)).toHaveAttribute('data-visible', i === 1 ? 'true' : 'false');
    }
    await viewer.waitDrawn('hidden=isolated');
    const isolated = await viewer.pixels();
    const covered = (p: typeof whole) => regionStats(p, { x0: 0, x1: 1, y0: 0, y1: 1 }).luma;
    expect(imageDifference(isolated, whole)).toBeGreaterThan(imageDifference(hidden, whole));
    expect(covered(isolated)).not.toBe(covered(whole));

    // Keyboard: the buttons are reachable and "Show all" brings everything back.
    await panel.getByTestId('viewer-parts-show-all').focus();
    await kiln.page.keyboard.press('Enter');
    await expect(rows.first()).toHaveAttribute('data-visible', 'true');
    await kiln.page.mouse.move(5, 5);
    await viewer.waitDrawn('hidden=0');
    await viewer.waitDrawn('highlight=off');
    expect(imageDifference(await viewer.pixels(), whole)).toBeLessThan(0.5);
  });
});
