/**
 * "Save results in" is the settings' export folder: a folder typed there is kept when the Tools
 * tab is left, when a new version opens, and across a restart of Kiln; results land in it; a file
 * in the way is refused with a sentence and nothing is sent to another folder meanwhile.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Host } from '../../electron/host/host';
import { expect, startTestHost, test } from '../support/fixtures';
import { KilnPage } from '../support/kiln-page';
import { LibraryPage } from '../support/library-page';
import { callHost, OpsPage, seededModel } from '../support/ops-page';

const sandboxOptions = { seedModels: 1 };

/** Opens the seeded API model from the library, and answers its id. */
async function openSeeded(page: Page, host: Host): Promise<string> {
  const modelId = await seededModel(host, 'api');
  const { name } = await callHost<{ name: string }>(host, 'library:model', { modelId });
  const lib = new LibraryPage(page);
  await lib.open();
  await lib.search(name);
  await lib.select(0);
  await lib.detail.getByTestId('detail-open').click();
  await new KilnPage(page).waitForModel();
  return modelId;
}

test('the results folder is kept across tabs, versions and a restart', async ({
  page,
  dataDir,
}) => {
  test.setTimeout(180_000);
  const folder = path.join(dataDir, 'my results');
  let host = await startTestHost({ dataDir, sandboxOptions });
  try {
    const kiln = new KilnPage(page);
    await kiln.open(host.url);
    const ops = new OpsPage(page);
    await openSeeded(page, host);

    // Typed and left: kept as the export folder.
    await ops.saveIn(folder);
    await page.getByTestId('ops-folder').press('Tab');
    await expect.poll(() => host.services.settings.get().exportDir).toBe(folder);

    // Another tab and back: still there.
    await new LibraryPage(page).open();
    await page.getByTestId('tab-tools').click();
    await expect(page.getByTestId('ops-folder')).toHaveValue(folder);

    // A split version opens in the viewer (the Tools panel is built anew): still there, and the
    // next result lands in it.
    await (await ops.tool('parts')).getByTestId('parts-run').click();
    const split = (await ops.activity()).filter({ hasText: 'Split into parts' });
    await expect(split).toHaveAttribute('data-job-state', 'done', { timeout: 60_000 });
    await split.getByTestId('job-open').click();
    await kiln.waitForModel();
    await page.getByTestId('tab-tools').click();
    await expect(page.getByTestId('ops-folder')).toHaveValue(folder);
    const exp = await ops.tool('export');
    await exp.getByTestId('export-format').selectOption('fbx');
    const exported = await ops.run('export');
    expect(path.dirname((await exported.getByTestId('saved-path').textContent())!)).toBe(folder);

    // A file in the way: the core's sentence, the setting unchanged, and a run sends nothing.
    const file = path.join(dataDir, 'notes.txt');
    await writeFile(file, 'not a folder');
    await ops.saveIn(path.join(file, 'Models'));
    await page.getByTestId('ops-folder').press('Enter');
    await expect(page.getByTestId('ops-folder-error')).toContainText(
      `${file} is a file, not a folder`,
    );
    expect(host.services.settings.get().exportDir).toBe(folder);
    const jobs = (await host.services.jobs.list()).length;
    await exp.getByTestId('export-run').click();
    await expect(exp.getByTestId('op-refused')).toContainText('Fix the folder to save in first');
    expect((await host.services.jobs.list()).length).toBe(jobs);
    await ops.saveIn(folder);
    await page.getByTestId('ops-folder').press('Enter');
    await expect(page.getByTestId('ops-folder-error')).toHaveCount(0);
  } finally {
    await host.close();
  }

  // Kiln restarts on the same data: the folder is the one chosen.
  host = await startTestHost({ dataDir, sandboxOptions });
  try {
    await new KilnPage(page).open(host.url);
    await openSeeded(page, host);
    await page.getByTestId('tab-tools').click();
    await expect(page.getByTestId('ops-folder')).toHaveValue(folder);
  } finally {
    await host.close();
  }
});
