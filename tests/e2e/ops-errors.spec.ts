/**
 * The error paths of post-processing against the sandbox: a website model's export refused with
 * `subscription_required` (explained before running), a paid build refused for balance and
 * retried after a top-up, and a build that fails on the service, refunded.
 */
import { expect, test } from '../support/fixtures';
import { callHost, OpsPage, seededModel } from '../support/ops-page';

test.use({
  // Enough for the split (0.30), not for the rig (0.35). The service's rig worker fails (the
  // sandbox's build-failure trigger): the build must be refunded.
  sandboxOptions: { websiteModels: 1, balanceUsd: '0.35', buildFailures: { rig: 1 } },
});

test('a website model, a refused build retried after a top-up, and a refunded failure', async ({
  kiln,
  host,
}) => {
  test.setTimeout(180_000);
  const page = kiln.page;
  const ops = new OpsPage(page);

  // Rig, parts and makers work on website models: split one. Opening the split version is
  // refused (a website model's file needs a plan), but its tools are offered, the rule explained.
  const website = await seededModel(host, 'website');
  await callHost(host, 'ops:run', { modelId: website, op: { kind: 'parts' } });
  const jobs = await ops.activity();
  const split = jobs.filter({ hasText: 'Split into parts' });
  await expect(split).toHaveAttribute('data-job-state', 'done', { timeout: 30_000 });
  await split.getByTestId('job-open').click();
  await expect(page.getByRole('alert').filter({ hasText: 'made on the website' })).toBeVisible();
  await page.getByTestId('tab-tools').click();
  await expect(page.getByTestId('tools-website')).toContainText('made on the website');
  await expect(page.getByTestId('tool-head-export')).toContainText('Needs a plan');
  const exported = await ops.run('export', 'failed');
  await expect(exported.getByTestId('op-error')).toContainText('needs a plan or a one-off unlock');
  expect(host.sandbox!.balance()).toBe('0.05');

  // Rig costs more than the balance: the cost line warns, the service refuses (402), nothing
  // is charged; after a top-up on the platform, Retry in Activity sends it.
  const rig = await ops.tool('rig');
  await expect(rig.getByTestId('cost-line')).toContainText('not enough balance');
  const refused = await ops.run('rig', 'failed');
  await expect(refused.getByTestId('op-error')).toContainText(/balance/i);
  host.sandbox!.setBalance('5.00');
  const rigRow = (await ops.activity()).filter({ hasText: 'Rig (humanoid)' });
  await rigRow.getByTestId('job-retry').click();

  // The retried build fails on the service: the charge comes back, and Activity says so.
  const retried = (await ops.activity()).filter({ hasText: 'Rig (humanoid)' }).first();
  await expect(retried).toHaveAttribute('data-job-state', 'failed', { timeout: 30_000 });
  await expect(retried.getByTestId('job-error')).toContainText('skeleton could not be fitted');
  await expect(retried.getByTestId('job-refund')).toContainText('Refunded $0.35');
  await expect.poll(() => host.sandbox!.balance()).toBe('5.00');
  const ledger = host.sandbox!.ledger();
  const rigCharge = ledger.find((e) => e.type === 'charge' && e.operation === 'rig');
  expect(ledger.filter((e) => e.type === 'refund' && e.chargeId === rigCharge?.id)).toHaveLength(1);

  // The refused rig was sent again as the same job (nothing had been charged). The failed filter
  // shows the export and the rig; the finished one the split.
  await page.getByTestId('activity-filter-failed').click();
  await expect(page.getByTestId('job')).toHaveCount(2);
  await page.getByTestId('activity-filter-finished').click();
  await expect(page.getByTestId('job')).toHaveCount(1);
});
