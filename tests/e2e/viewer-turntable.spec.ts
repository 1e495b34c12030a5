/**
 * Turntable recordings of a generated model: a WebM (VP9) and a GIF, checked by reading the
 * saved files back (container, codec, size, frame count, duration); an MP4 where this platform
 * has an H.264 encoder (else the panel says it has none); a transparent WebM with an alpha track;
 * Cancel, which leaves no file; and a rigged model playing its clip.
 *
 * Every clip is the shortest the panel allows (2 s): a longer one runs the same capture and
 * encoding code for more frames, and SwiftShader draws each frame on the CPU, so length only costs
 * the suite time (a 4 s WebM and GIF took about a minute each).
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, EXHAUSTIVE } from '../support/fixtures';
import { coffeeModel, riggedModel } from '../support/fixture-models';
import { gifFrame, readGif, readVideo, TurntablePage } from '../support/turntable-page';
import { coverage, imageDifference, pixelAt, ViewerPage } from '../support/viewer-page';

let folder: string;
test.beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'kiln-turntable-'));
});
test.afterEach(() => rm(folder, { recursive: true, force: true }));

/**
 * The turntable panel over the generated coffee model. Each recording is a test of its own, so the
 * two e2e workers share them out instead of one worker running all of them at the end.
 */
async function coffeeTurntable(page: Page) {
  const viewer = new ViewerPage(page);
  await viewer.open(await coffeeModel());
  const turntable = new TurntablePage(viewer);
  return { viewer, turntable, panel: await turntable.open() };
}

test('records a 2 s WebM (VP9), 640 × 360 at 30 fps, of a generated model', async ({ kiln }) => {
  test.setTimeout(300_000);
  const { turntable, panel } = await coffeeTurntable(kiln.page);
  await turntable.choose({ format: 'webm-vp9', size: '360p', fps: 30, seconds: 2 }, folder);
  const file = await turntable.record(folder);
  expect(path.basename(file)).toBe('kiln-coffee-turntable-640x360.webm');
  const video = await readVideo(file);
  expect(video).toMatchObject({
    magic: expect.stringMatching(/^1a45dfa3/), // EBML
    container: 'WebM',
    codec: 'vp9',
    width: 640,
    height: 360,
    frames: 60,
    transparent: false,
  });
  expect(video.duration).toBeCloseTo(2, 2);
  await expect(panel.getByTestId('turntable-result')).toContainText('60 frames');
  await expect(panel.getByTestId('drag-out')).toHaveAttribute('draggable', 'true');
  // Show in folder: the browser host says where the file is.
  await panel.getByTestId('show-in-folder').click();
  await expect(panel.getByTestId('show-in-folder-note')).toContainText(file);
});

test('records a GIF, 480 × 480 at 24 fps, on a solid colour', EXHAUSTIVE, async ({ kiln }) => {
  test.setTimeout(300_000);
  const { turntable, panel } = await coffeeTurntable(kiln.page);
  await turntable.choose(
    { format: 'gif', size: 'square-480', fps: 24, seconds: 2, background: 'solid' },
    folder,
  );
  await panel.getByTestId('turntable-colour').fill('#2040a0');
  const file = await turntable.record(folder);
  const gif = await readGif(file);
  expect(gif).toMatchObject({ magic: 'GIF89a', width: 480, height: 480, frames: 48 });
  // GIF counts in hundredths: 24 fps is stored as 40 ms.
  expect(new Set(gif.delay)).toEqual(new Set([40]));
  // The frames show the model, on the chosen colour, turning.
  const first = await gifFrame(file, 0);
  const quarter = await gifFrame(file, 12);
  expect(pixelAt(first, 0.01, 0.01)).toEqual(
    [0x20, 0x40, 0xa0].map((v) => expect.closeTo(v, -1.2)),
  );
  expect(coverage(first)).toBeGreaterThan(0.1);
  expect(imageDifference(first, quarter)).toBeGreaterThan(3);
});

test(
  'records an MP4 where this platform encodes H.264, else the panel says so; a transparent WebM keeps an alpha track',
  EXHAUSTIVE,
  async ({ kiln }) => {
    test.setTimeout(300_000);
    const { turntable, panel } = await coffeeTurntable(kiln.page);
    await test.step('an MP4 where this platform encodes H.264, else the panel says so', async () => {
      await turntable.choose({ format: 'mp4-h264', size: '360p', fps: 24, seconds: 2 }, folder);
      const option = panel.getByTestId('turntable-format').locator('option[value="mp4-h264"]');
      await expect(option).toHaveAttribute('data-supported', /^(true|false)$/);
      if ((await option.getAttribute('data-supported')) === 'false') {
        await expect(panel.getByTestId('turntable-format-note')).toContainText('no H.264 encoder');
        await expect(panel.getByTestId('turntable-record')).toBeDisabled();
        return;
      }
      const video = await readVideo(await turntable.record(folder));
      expect(video).toMatchObject({
        magic: expect.stringMatching(/^.{8}66747970/), // …ftyp
        container: 'MP4',
        codec: 'avc',
        width: 640,
        height: 360,
        frames: 48,
      });
      expect(video.duration).toBeCloseTo(2, 2);
    });

    await test.step('a transparent WebM keeps an alpha track; MP4 cannot be transparent', async () => {
      await turntable.choose(
        { format: 'webm-vp9', size: 'square-480', fps: 24, seconds: 2, background: 'transparent' },
        folder,
      );
      const video = await readVideo(await turntable.record(folder));
      expect(video).toMatchObject({ width: 480, height: 480, frames: 48, transparent: true });
      await panel.getByTestId('turntable-format').selectOption('mp4-h264');
      await expect(panel.getByTestId('turntable-problem')).toContainText('has no transparency');
      await expect(panel.getByTestId('turntable-record')).toBeDisabled();
    });
  },
);

test('Cancel stops a recording and leaves no file; the viewer shows the model as before', async ({
  kiln,
}) => {
  test.setTimeout(300_000);
  const { viewer, turntable, panel } = await coffeeTurntable(kiln.page);
  const before = (await readdir(folder)).sort();
  // A long clip (1200 frames), cancelled after its first frames; at 360p each frame is cheap.
  await turntable.choose({ format: 'webm-vp9', size: '360p', fps: 60, seconds: 20 }, folder);
  await panel.getByTestId('turntable-record').click();
  await expect(panel.getByTestId('turntable-progress')).toContainText(/frame [1-9]\d* of 1,200/);
  await panel.getByTestId('turntable-cancel').click();
  await expect(panel).toHaveAttribute('data-recording-state', 'idle');
  expect((await readdir(folder)).sort()).toEqual(before);

  // The viewer shows the model as before.
  await viewer.waitIdle();
  await expect(viewer.root).toHaveAttribute('data-viewer-state', 'ready');
});

test(
  'records a rigged model playing its clip with a still camera',
  EXHAUSTIVE,
  async ({ kiln }) => {
    test.setTimeout(300_000);
    const viewer = new ViewerPage(kiln.page);
    await viewer.open(await riggedModel());
    const turntable = new TurntablePage(viewer);
    const panel = await turntable.open();
    await expect(panel.getByTestId('turntable-clip')).toBeChecked();
    await turntable.choose(
      { format: 'gif', size: '360p', fps: 24, seconds: 2, motion: 'still', background: 'solid' },
      folder,
    );
    const file = await turntable.record(folder);
    expect(path.basename(file)).toBe('kiln-coffee-rigged-clip-640x360.gif');
    // The camera stands still, the model moves: frames differ from the first one.
    const first = await gifFrame(file, 0);
    expect(imageDifference(await gifFrame(file, 12), first)).toBeGreaterThan(0.5);
    // Without the clip, a still camera has nothing to record.
    await panel.getByTestId('turntable-clip').uncheck();
    await expect(panel.getByTestId('turntable-problem')).toContainText('still camera');
    await expect(panel.getByTestId('turntable-record')).toBeDisabled();
  },
);

test('a "Save in" with a file in the way is refused before a frame is rendered', async ({
  kiln,
}) => {
  const viewer = new ViewerPage(kiln.page);
  await viewer.open(await coffeeModel());
  const turntable = new TurntablePage(viewer);
  const panel = await turntable.open();
  const blocker = path.join(folder, 'clips');
  await writeFile(blocker, 'not a folder');
  // A long 1080p clip: rendering it first would take minutes.
  await turntable.choose(
    { format: 'webm-vp9', size: '1080p', fps: 30, seconds: 20 },
    path.join(blocker, 'today'),
  );
  // Every line of progress the panel shows, from the click on.
  await panel.evaluate((el) => {
    const seen: string[] = [];
    (window as unknown as { turntableProgress: string[] }).turntableProgress = seen;
    new MutationObserver(() => {
      const line = el.querySelector('[data-testid="turntable-progress"]')?.textContent;
      if (line) seen.push(line);
    }).observe(el, { subtree: true, childList: true, characterData: true });
  });
  await panel.getByTestId('turntable-record').click();
  await expect(panel).toHaveAttribute('data-recording-state', 'error');
  await expect(panel.getByTestId('turntable-error')).toContainText(
    'is a file, not a folder: type another folder in “Save in”',
  );
  await expect(panel.getByTestId('turntable-error')).not.toContainText('Settings');
  // Nothing was rendered: the refusal came before the first frame.
  const progress = await kiln.page.evaluate(
    () => (window as unknown as { turntableProgress: string[] }).turntableProgress,
  );
  expect(progress.filter((line) => line.includes('Rendering'))).toEqual([]);
});
