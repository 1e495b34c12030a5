/**
 * Batches on models picked in the library, as an artist preparing props does: 12 models picked
 * by a Shift range and Ctrl-clicks, exported as FBX and as compatible GLB into one folder (a
 * sub-folder per model, batch.csv beside them); then 5 others printed at 80 mm.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BatchPage } from '../support/batch-page';
import { expect, test } from '../support/fixtures';
import { LibraryPage } from '../support/library-page';
import { parseWithThree } from '../support/three-parse';

// 17 builds (each a start, polls and a download), 12 model downloads to convert and the library's
// thumbnails: about 95 requests, more than the contract's minute allows (at 60 a minute Kiln
// rightly sent nothing from 38 s to 60 s). The budget is not what this spec is about
// (tests/support/fixtures.ts).
test.use({ sandboxOptions: { seedModels: 20, requestsPerMinute: 600 } });

/** The CSV's rows once every one is final. */
async function finalRows(file: string, rows: number): Promise<string[]> {
  let lines: string[] = [];
  await expect
    .poll(async () => {
      lines = (await readFile(file, 'utf8').catch(() => '')).trim().split('\r\n');
      return lines.length === rows + 1 && !lines.some((l) => l.endsWith('not finished'));
    })
    .toBe(true);
  return lines.slice(1);
}

test('12 picked models as FBX and as compatible GLB; 5 others printed at 80 mm', async ({
  kiln,
  host,
}) => {
  test.setTimeout(300_000);
  const page = kiln.page;
  const lib = new LibraryPage(page);
  const batches = new BatchPage(page);
  const folder = path.join(host.dataDir, 'props');

  await lib.open();
  await lib.expectTotal(20);
  await lib.select(0);
  await lib.pick(9, 'range');
  await lib.pick(12, 'toggle');
  await lib.pick(14, 'toggle');
  await lib.expectSelected(12, '12 selected');

  await lib.batchButton.click();
  await expect(batches.form.getByRole('heading')).toHaveText('Run a tool on 12 models');
  await batches.setUp('export', folder);
  await batches.form.getByTestId('export-format').selectOption('fbx');
  await expect(batches.price).toContainText('12 models · 0 paid');
  await expect(batches.price).toContainText('12 free');
  await batches.start();
  const fbx = await batches.until('done', 120_000);
  await expect(fbx.getByTestId('batch-count')).toHaveText('12 of 12');
  const fbxRows = await finalRows(path.join(folder, 'batch.csv'), 12);
  expect(fbxRows.every((l) => /\.fbx,0\.00,done$/.test(l))).toBe(true);
  const modelFolders = (await readdir(folder)).filter((f) => f !== 'batch.csv');
  expect(modelFolders).toHaveLength(12);

  // The same 12, still picked, as compatible GLB (converted here, free).
  await lib.open();
  await lib.expectSelected(12);
  await lib.batchButton.click();
  await batches.setUp('export', folder);
  await batches.form.getByTestId('export-format').selectOption('compatible');
  await expect(batches.price).toContainText('12 free');
  await batches.start();
  const glb = await batches.until('done', 180_000);
  await glb.getByTestId('batch-expand').click();
  const files = await glb.getByTestId('batch-item-file').allTextContents();
  expect(files).toHaveLength(12);
  for (const file of files) {
    expect(file).toMatch(/\.glb$/);
    // Beside the model's FBX, in its own folder.
    expect(modelFolders).toContain(path.basename(path.dirname(file)));
  }
  const parsed = await parseWithThree(new Uint8Array(await readFile(files[0]!)));
  expect(parsed.triangles).toBeGreaterThan(0);
  expect(await finalRows(path.join(folder, 'batch (2).csv'), 12)).toHaveLength(12);

  // Five others, printed at 80 mm.
  await lib.open();
  await lib.card(12).focus();
  await page.keyboard.press('Escape');
  await lib.expectSelected(0);
  await lib.select(15);
  await lib.pick(19, 'range');
  await lib.expectSelected(5, '5 selected');
  await lib.batchButton.click();
  await batches.setUp('print', folder);
  await batches.form.getByTestId('batch-print-length').fill('80');
  await expect(batches.price).toContainText('5 models');
  await batches.start();
  await batches.until('done', 120_000);
  const prints = await finalRows(path.join(folder, 'batch (3).csv'), 5);
  expect(prints.every((l) => l.includes('lengthMm=80') && l.endsWith(',done'))).toBe(true);
});
