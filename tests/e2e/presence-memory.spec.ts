/**
 * Kiln remembers how the artist works: after a restart (the host stopped and started again on
 * the same data folder) the viewer keeps its look, the last model reopens and Create starts from
 * the version last used.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, startTestHost, test } from '../support/fixtures';
import { KilnPage } from '../support/kiln-page';
import { ViewerPage } from '../support/viewer-page';

test('a restart keeps the viewer’s settings, the open model and Create’s version', async ({
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
    // Remembered once the look rests.
    const settingsFile = path.join(dataDir, 'settings.json');
    await expect
      .poll(async () => JSON.parse(await readFile(settingsFile, 'utf8')).viewerLook)
      .toMatchObject({ shading: 'clay', grid: true, exposure: 1.5, background: 'light' });

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
  } finally {
    await page.goto('about:blank');
    await host.close();
  }
});
