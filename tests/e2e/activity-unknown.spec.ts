/**
 * Outcome unknown, decided by the user: paid calls that reached the service but whose answers
 * were lost (the connection reset after the service acted, as a dropped network does). Activity
 * says what is at stake and offers the two ways out: Dismiss keeps the charge that may have been
 * made; "Try again anyway" sends a generation again (a new charge if the first one counted) or
 * repeats a paid build's identical request (which the service charges once).
 */
import { expect, test } from '../support/fixtures';
import { callHost, OpsPage, seededModel } from '../support/ops-page';

/** Answers the sandbox loses, per kind of paid call: the first two generations, the first rig. */
const lose = { generation: 2, rig: 1 };

test.use({
  sandboxOptions: {
    seedModels: 1,
    chaos: {
      inProcess: true,
      resetAfterRate: 1,
      only: (method, path) => {
        if (method === 'POST' && path.startsWith('/generate/cloud')) return lose.generation-- > 0;
        if (path.endsWith('/rig')) return lose.rig-- > 0;
        return false;
      },
    },
  },
});

test('lost answers: dismiss one generation, try one again, and repeat a paid build', async ({
  kiln,
  host,
}) => {
  test.setTimeout(180_000);
  const page = kiln.page;
  const charges = (operation: RegExp) =>
    host.sandbox!.ledger().filter((e) => e.type === 'charge' && operation.test(e.operation));
  const jobs = await new OpsPage(page).activity();
  const unknown = jobs.and(page.locator('[data-job-state="outcome_unknown"]'));

  // A generation whose answer is lost: charged by the service, unknown to Kiln. Dismissed.
  await kiln.dropPhoto('coffee.png');
  await page.getByTestId('tier').selectOption('fast');
  await kiln.generate();
  await expect(unknown).toHaveCount(1, { timeout: 30_000 });
  await expect(unknown.getByTestId('job-risk')).toContainText('you pay twice');
  await expect(unknown.getByTestId('job-retry')).toHaveCount(0);
  await unknown.getByTestId('job-unknown-dismiss').click();
  await expect(unknown).toHaveCount(0);
  await expect(jobs.first()).toHaveAttribute('data-job-state', 'cancelled');
  await expect(jobs.first().getByTestId('job-note')).toContainText('the charge stands');
  expect(charges(/^generate/)).toHaveLength(1);

  // Another one lost, then tried again on purpose: a new request, a model, a second charge.
  await kiln.dropPhoto('coffee.png');
  await kiln.generate();
  await expect(unknown).toHaveCount(1, { timeout: 30_000 });
  await unknown.getByTestId('job-unknown-retry').click();
  await expect(jobs.and(page.locator('[data-job-state="done"]'))).toHaveCount(1, {
    timeout: 60_000,
  });
  await expect(jobs.filter({ hasText: 'Replaced by a new attempt' })).toHaveCount(1);
  expect(charges(/^generate/)).toHaveLength(3);

  // A paid build whose answer is lost: trying again repeats the identical request, and the
  // service charges a build once.
  const modelId = await seededModel(host, 'api');
  await callHost(host, 'ops:run', { modelId, op: { kind: 'rig', rigKind: 'humanoid' } });
  await expect(unknown).toHaveCount(1, { timeout: 30_000 });
  await expect(unknown.getByTestId('job-risk')).toContainText('not charged twice');
  await unknown.getByTestId('job-unknown-retry').click();
  await expect(jobs.filter({ hasText: /rig/i }).first()).toHaveAttribute('data-job-state', 'done', {
    timeout: 60_000,
  });
  expect(charges(/rig/)).toHaveLength(1);
});
