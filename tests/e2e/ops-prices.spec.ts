/**
 * Prices as they will be (issue 21): a build repeated with identical parameters is not charged
 * again (service-api.md §3.2), so its cost line and its Activity row say so instead of quoting
 * the price; a failed job whose charge came back reads "refunded", not its price.
 */
import { greyPhoto, AccountModule } from '../support/account-page';
import { expect, test } from '../support/fixtures';
import { LibraryPage } from '../support/library-page';
import { OpsPage } from '../support/ops-page';

test.use({ sandboxOptions: { seedModels: 1 } });

test('a repeated build says "not charged", a refunded failure says "refunded"', async ({
  kiln,
  host,
}) => {
  const page = kiln.page;
  const ops = new OpsPage(page);
  const account = new AccountModule(page, kiln);
  const library = new LibraryPage(page);
  await library.open();
  await library.select(0);
  await page.getByTestId('detail-open').click();
  await kiln.waitForModel();

  // A new build quotes its price and the balance after it, and is charged.
  const retopo = await ops.tool('retopo');
  await retopo.getByTestId('retopo-faces').fill('2000');
  await expect(retopo.getByTestId('cost-line')).toHaveText('$0.25 · balance $25.00 → $24.75');
  await ops.run('retopo');
  const rows = (await ops.activity()).filter({ hasText: 'Quad remesh' });
  await expect(rows.first().getByTestId('job-cost')).toHaveText('$0.25');
  await account.expectBalance('24.75');

  // The same build again: not charged, and the cost line says so before anything is sent.
  const again = await ops.tool('retopo');
  await again.getByTestId('retopo-faces').fill('2000');
  await expect(again.getByTestId('cost-line')).toContainText('Not charged');
  await expect(again.getByTestId('cost-line')).not.toContainText('$');
  await ops.run('retopo');
  await ops.activity();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute('data-job-state', 'done');
  await expect(rows.first().getByTestId('job-cost')).toHaveText('not charged');
  expect(host.sandbox!.balance()).toBe('24.75');
  // Other parameters are a new build, priced again.
  const other = await ops.tool('retopo');
  await other.getByTestId('retopo-faces').fill('3000');
  await expect(other.getByTestId('cost-line')).toHaveText('$0.25 · balance $24.75 → $24.50');

  // A generation that fails is refunded: its row says "refunded", not "$0.20".
  await page.getByRole('tab', { name: 'Create' }).click();
  await ops.activity();
  const failed = await account.generate(await greyPhoto());
  await expect(failed).toHaveAttribute('data-job-state', 'failed', { timeout: 30_000 });
  await expect(failed.getByTestId('job-cost')).toHaveText('refunded');
  await account.expectBalance('24.75');
});
