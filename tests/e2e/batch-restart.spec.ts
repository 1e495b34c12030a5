/**
 * A paid batch across a real kill: 8 library models picked in the app and quad-remeshed; while
 * items are being built the host (and the embedded sandbox in it) is killed with SIGKILL, then
 * started again on the same data folder (issue 27). The batch finishes by itself with one result
 * file in each model's folder (never a second copy, `… (2).glb`) and a `batch.csv` whose costs
 * add up, to the cent, to what the service charged minus its refunds.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { addUsd, subUsd, type Usd } from '../../shared/money';
import { BatchPage } from '../support/batch-page';
import { expect, test } from '../support/fixtures';
import { KilnPage } from '../support/kiln-page';
import { startKillableHost, type KillableHost } from '../support/killable-host';
import { LibraryPage } from '../support/library-page';

const MODELS = 8;
const sandboxOptions = { seedModels: MODELS, taskSeconds: 1, jobSeconds: 3 };

test('a batch killed mid-way finishes after the restart: one file per model, the CSV equals the charges', async ({
  page,
  dataDir,
}) => {
  test.setTimeout(240_000);
  const folder = path.join(dataDir, 'remeshes');
  let host: KillableHost | undefined = await startKillableHost({ dataDir, sandboxOptions });
  try {
    await new KilnPage(page).open(host.url);
    const lib = new LibraryPage(page);
    const batches = new BatchPage(page);
    await lib.open();
    await lib.expectTotal(MODELS);
    await lib.select(0);
    await lib.pick(MODELS - 1, 'range');
    await lib.expectSelected(MODELS);
    await lib.batchButton.click();
    await batches.setUp('retopo', folder);
    await batches.form.getByTestId('batch-retopo-faces').fill('600');
    await expect(batches.price).toContainText(`${MODELS} paid ($2.00)`);
    const confirm = batches.form.getByTestId('batch-confirm');
    if (await confirm.isVisible()) await confirm.check();
    await batches.start();
    // Killed as the first charge shows: other items' paid calls are on their way, answered or
    // not, and the rest wait.
    await expect(batches.row.getByTestId('batch-cost')).not.toHaveText('$0.00 so far', {
      timeout: 120_000,
    });
    await page.goto('about:blank');
    await host.kill();
    host = undefined;

    host = await startKillableHost({ dataDir, sandboxOptions });
    await new KilnPage(page).open(host.url);
    await page.getByTestId('tab-activity').click();
    const row = await batches.until('done', 180_000);
    await expect(row.getByTestId('batch-count')).toHaveText(`${MODELS} of ${MODELS}`);

    // One file per model: none saved twice.
    const folders = (await readdir(folder, { withFileTypes: true })).filter((d) => d.isDirectory());
    expect(folders).toHaveLength(MODELS);
    for (const d of folders) {
      expect(await readdir(path.join(folder, d.name)), d.name).toEqual([
        expect.stringMatching(/\.glb$/),
      ]);
    }
    // The CSV adds up to what the service charged minus its refunds.
    let csv: string[] = [];
    await expect
      .poll(async () => {
        csv = (await readFile(path.join(folder, 'batch.csv'), 'utf8')).trim().split('\r\n');
        return csv.length === MODELS + 1 && csv.slice(1).every((l) => l.endsWith(',done'));
      })
      .toBe(true);
    let csvTotal: Usd = '0.00';
    for (const line of csv.slice(1)) csvTotal = addUsd(csvTotal, line.split(',').at(-2)!);
    let charged: Usd = '0.00';
    for (const e of await host.ledger()) {
      charged = e.type === 'charge' ? addUsd(charged, e.amountUsd) : subUsd(charged, e.amountUsd);
    }
    expect(csvTotal).toBe(charged);
    expect(charged).toBe('2.00');
  } finally {
    await page.goto('about:blank');
    await host?.kill();
  }
});
