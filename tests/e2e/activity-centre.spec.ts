/**
 * The Activity centre against the sandbox: a generation waiting in Kiln's own queue cancelled
 * for free and tried again, a download whose link keeps expiring asked for again (free, shown as
 * a note) and retried, and the filters.
 */
import { expect, test } from '../support/fixtures';
import { callHost, OpsPage, seededModel } from '../support/ops-page';

test.use({
  // Long tasks keep the first generation running; links that are born expired.
  sandboxOptions: { seedModels: 1, taskSeconds: 30, jobSeconds: 0.2, linkSeconds: 0 },
});

test('cancel a waiting job, retry it, and an expired link asked for again', async ({
  kiln,
  host,
}) => {
  test.setTimeout(180_000);
  const page = kiln.page;
  const ops = new OpsPage(page);
  await host.services.settings.set({ maxConcurrentJobs: 1 });
  await kiln.generateGrey(['first.png', 'second.png']);
  const jobs = await ops.activity();
  const first = jobs.filter({ hasText: 'first.png' });
  const second = jobs.filter({ hasText: 'second.png' });
  await expect(first).toHaveAttribute('data-job-state', /queued|processing/);
  await expect(second).toHaveAttribute('data-job-state', 'waiting');
  await expect(second.getByTestId('job-note')).toContainText('free slot');
  await expect(first.getByTestId('job-cancel')).toHaveCount(0);

  // Cancel what has not started: nothing charged; then try it again.
  await second.getByTestId('job-cancel').click();
  await expect(second).toHaveAttribute('data-job-state', 'cancelled');
  await expect(second.getByTestId('job-note')).toContainText('nothing was charged');
  expect(host.sandbox!.ledger().filter((e) => e.type === 'charge')).toHaveLength(1);
  await second.getByTestId('job-retry').click();
  await expect(jobs.filter({ hasText: 'second.png' }).first()).toHaveAttribute(
    'data-job-state',
    'waiting',
  );

  // A result whose download link has expired: Kiln asks again (free) and says so.
  const seeded = await seededModel(host, 'api');
  await callHost(host, 'ops:run', { modelId: seeded, op: { kind: 'export', format: 'obj' } });
  const exported = jobs.filter({ hasText: 'Export (obj)' });
  await expect(exported).toHaveAttribute('data-job-state', 'failed', { timeout: 30_000 });
  await expect(exported.getByTestId('job-note')).toContainText('asked the service again');
  await expect(exported.getByTestId('job-error')).toContainText('asking again is free');
  await exported.getByTestId('job-retry').click();
  await expect(jobs.filter({ hasText: 'Export (obj)' })).toHaveCount(2);
  // Both exports failed, the retried one too (whichever row it is in the list's order).
  await expect(
    jobs.filter({ hasText: 'Export (obj)' }).and(page.locator('[data-job-state="failed"]')),
  ).toHaveCount(2, { timeout: 30_000 });
  expect(host.sandbox!.ledger().filter((e) => e.type === 'charge')).toHaveLength(1);

  // Filters: running = the first generation and the retried one; failed = the two exports.
  await page.getByTestId('activity-filter-running').click();
  await expect(page.getByTestId('job')).toHaveCount(2);
  await page.getByTestId('activity-filter-failed').click();
  await expect(page.getByTestId('job')).toHaveCount(2);
  await page.getByTestId('activity-filter-finished').click();
  await expect(page.getByTestId('job')).toHaveCount(1);
  await expect(page.getByTestId('job')).toHaveAttribute('data-job-state', 'cancelled');
});
