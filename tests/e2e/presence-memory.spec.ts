/**
 * Kiln remembers how the artist works: after a restart (the host stopped and started again on
 * the same data folder) the viewer keeps its look and its tools' choices, the last model reopens
 * and Create starts from the version last used.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, startTestHost, test } from '../support/fixtures';
import { KilnPage } from '../support/kiln-page';
import { ViewerPage } from '../support/viewer-page';

test('a restart keeps the viewer’s settings, its tools’ choices, the open model and Create’s version', async ({
  page,
  dataDir,
}) => {
  let host = await startTestHost({ dataDir });
  try {
    const kiln = new KilnPage(page);
    await kiln.open(host.url);
    await kiln.generateFast('coffee.png');
    await kiln.waitForModel();
    const name = await page.getByTestId('model-name').textContent();

    const viewer = new ViewerPage(page);
    await viewer.control('viewer-shading').selectOption('clay');
    await viewer.control('viewer-grid').click();
    const scene = await viewer.tab('scene');
    await scene.getByTestId('viewer-exposure').fill('1.5');
    await scene.getByTestId('viewer-background').selectOption('light');
    await viewer.waitDrawn('bg=light');
    const record = await viewer.tab('record');
    await record.getByTestId('turntable-motion').selectOption('swing');
    await record.getByTestId('turntable-duration').fill('3');
    const health = await viewer.tab('health');
    await health.getByTestId('health-process').selectOption('resin');
    // Remembered once the look rests.
    const settingsFile = path.join(dataDir, 'settings.json');
    await expect
      .poll(async () => JSON.parse(await readFile(settingsFile, 'utf8')).viewerLook)
      .toMatchObject({ shading: 'clay', grid: true, exposure: 1.5, background: 'light' });
    await expect
      .poll(async () => JSON.parse(await readFile(settingsFile, 'utf8')).viewerTools)
      .toMatchObject({
        'turntable.motion': 'swing',
        'turntable.duration': '3',
        'health.process': 'resin',
      });

    await page.goto('about:blank');
    await host.close();
    host = await startTestHost({ dataDir });
    await kiln.open(host.url);

    await expect(page.getByTestId('model-name')).toHaveText(name!);
    await expect(viewer.root).toHaveAttribute('data-viewer-state', 'ready', { timeout: 60_000 });
    for (const drawn of ['shading=clay', 'grid=on', 'exposure=1.5', 'bg=light']) {
      await viewer.waitDrawn(drawn);
    }
    await expect(viewer.control('viewer-shading')).toHaveValue('clay');
    await expect(page.getByTestId('tier')).toHaveValue('fast');
    const recordAgain = await viewer.tab('record');
    await expect(recordAgain.getByTestId('turntable-motion')).toHaveValue('swing');
    await expect(recordAgain.getByTestId('turntable-duration')).toHaveValue('3');
    const healthAgain = await viewer.tab('health');
    await expect(healthAgain.getByTestId('health-process')).toHaveValue('resin');
  } finally {
    await page.goto('about:blank');
    await host.close();
  }
});
