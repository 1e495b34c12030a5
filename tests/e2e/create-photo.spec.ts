/**
 * Create from photos against the sandbox: one photo with its own settings (and the refusals that
 * never reach the service), a batch priced as one total with one confirmation and queued beyond
 * the running-jobs limit, and an empty balance (blocked by the quote, and a 402 that reads clearly).
 */
import { expect, test } from '../support/fixtures';
import { chargedOperations, CreatePage, GIF, photo } from '../support/create-page';

test('a photo with its own settings: refusals at the field first, then a model', async ({
  kiln,
  host,
}) => {
  const create = new CreatePage(kiln);

  // Refused before anything is uploaded: a GIF (by its bytes), a 25 MB PNG.
  await create.drop([GIF]);
  await expect(create.error('photo')).toContainText('not a JPEG, PNG or WebP');
  await create.dropBigPng('huge.png', 25 * 1024 * 1024);
  await expect(create.error('photo')).toContainText('is 25.0 MB; photos can be at most 20 MB');
  await expect(create.button('generate')).toBeDisabled();

  await create.drop([await photo('coffee.png')]);
  await expect(create.error('photo')).toHaveCount(0);
  const preview = kiln.page.getByTestId('photo-preview');
  await expect(preview).toContainText('coffee.png');
  await expect(preview.getByTestId('photo-size')).toHaveText('455.8 kB');

  // Each model version shows its own defaults; the price follows the version.
  await kiln.page.getByTestId('tier').selectOption('ultra');
  await create.settings({});
  await expect(kiln.page.getByTestId('poly-count')).toHaveAttribute('placeholder', /250,000/);
  await expect(kiln.page.getByTestId('texture-size')).toContainText('Default (4096)');
  await expect(create.cost('generate')).toHaveText('$0.60 · balance $25.00 → $24.40');
  await kiln.page.getByTestId('tier').selectOption('fast');
  await expect(kiln.page.getByTestId('poly-count')).toHaveAttribute('placeholder', /70,000/);
  await expect(kiln.page.getByTestId('texture-size')).toContainText('Default (1024)');
  await expect(create.cost('generate')).toHaveText('$0.20 · balance $25.00 → $24.80');

  // Out of range: the sentence is at the field, and nothing is sent.
  await create.settings({ polyCount: '5000' });
  await create.button('generate').click();
  await expect(create.error('polyCount')).toHaveText(
    'Poly count must be a whole number from 10,000 to 1,000,000 (you entered 5,000). Change it, or clear it to use the default.',
  );
  await expect(kiln.page.getByTestId('poly-count')).toHaveAttribute('aria-invalid', 'true');
  await expect(kiln.jobs).toHaveCount(0);
  expect(chargedOperations(host)).toEqual([]);

  await create.settings({ polyCount: '20,000', textureFormat: 'png', seed: '7' });
  await expect(create.error('polyCount')).toHaveCount(0);
  await create.button('generate').click();

  // At once in Activity, the form cleared; when done the model opens by itself.
  await expect(kiln.page.locator('#right-tab-activity')).toHaveAttribute('aria-selected', 'true');
  await expect(kiln.jobs).toHaveCount(1);
  await expect(kiln.jobs.first()).toContainText('coffee.png');
  await expect(preview).toHaveCount(0);
  await expect(kiln.page.getByTestId('poly-count')).toHaveValue('');
  await expect(kiln.jobs.first()).toHaveAttribute('data-job-state', 'done', { timeout: 60_000 });
  const triangles = await kiln.waitForModel();
  expect(triangles).toBeGreaterThan(18_000);
  expect(triangles).toBeLessThan(22_000);
  expect(chargedOperations(host)).toEqual(['generate.photo.fast']);
});

test('a batch of six photos: one total, one confirmation, the sixth waits its turn', async ({
  kiln,
  host,
}) => {
  await host.services.handlers['settings:set']({ confirmAboveUsd: '1.00' });
  await kiln.open(host.url);
  const create = new CreatePage(kiln);
  const files = await Promise.all(
    ['coffee.png', 'chelsea.png'].flatMap((name) =>
      [1, 2, 3].map((i) => photo(name, name.replace('.png', `-${i}.png`))),
    ),
  );
  await create.drop(files);
  await expect(kiln.page.getByTestId('batch')).toContainText('Batch of 6 photos');
  await expect(kiln.page.getByTestId('batch')).toContainText('5 run at a time');
  await kiln.page.getByTestId('tier').selectOption('fast');
  await expect(create.button('generate')).toHaveText('Generate 6 models');
  await expect(create.cost('generate')).toHaveText('$1.20 · balance $25.00 → $23.80');

  // Above the threshold: asked once; declining sends nothing and keeps the batch.
  await create.button('generate').click();
  const dialog = kiln.page.getByTestId('confirm-spend');
  await expect(dialog).toContainText('Spend $1.20?');
  await kiln.page.getByTestId('confirm-no').click();
  await expect(dialog).toHaveCount(0);
  await expect(kiln.page.getByTestId('batch')).toContainText('Batch of 6 photos');
  expect(host.sandbox!.ledger()).toEqual([]);

  await create.recordJobStates();
  await create.button('generate').click();
  await kiln.page.getByTestId('confirm-yes').click();
  await expect(kiln.jobs).toHaveCount(6);
  await expect(kiln.page.getByTestId('batch')).toHaveCount(0);
  await expect(kiln.page.locator('[data-job-state="done"]')).toHaveCount(6, { timeout: 60_000 });
  // Five held the account's slots while the sixth waited in Kiln's queue; never more than five.
  const active = ['starting', 'queued', 'processing'];
  const moments = (await create.recordedJobStates()).map((states) => ({
    waiting: states.filter((s) => s === 'waiting').length,
    active: states.filter((s) => active.includes(s)).length,
  }));
  expect(moments).toContainEqual({ waiting: 1, active: 5 });
  expect(Math.max(...moments.map((m) => m.active))).toBeLessThanOrEqual(5);
  expect(chargedOperations(host)).toHaveLength(6);
});

test('an empty balance: a 402 reads clearly, then the quote blocks before sending', async ({
  kiln,
  host,
}) => {
  const create = new CreatePage(kiln);
  await create.drop([await photo('chelsea.png')]);
  await expect(create.cost('generate')).toHaveText('$0.40 · balance $25.00 → $24.60');
  // The balance runs out on the platform; Kiln does not know yet, the service refuses.
  host.sandbox!.setBalance('0.00');
  await create.button('generate').click();
  const job = kiln.jobs.first();
  await expect(job).toHaveAttribute('data-job-state', 'failed', { timeout: 30_000 });
  await expect(job.getByTestId('job-error')).toHaveText(
    'Balance too low: $0.40 needed, $0.00 left. Top up your balance on the platform and try again.',
  );

  // Kiln now knows the balance: the next start is blocked by the quote, with the reason.
  await kiln.page.getByTestId('create-mode-text').click();
  await expect(create.cost('imagine')).toContainText('$0.05 · balance $0.00 → -$0.05');
  await expect(create.cost('imagine')).toContainText('not enough balance: top up first');
  await expect(create.button('imagine')).toBeDisabled();
  await kiln.page.getByTestId('create-mode-photo').click();
  await create.drop([await photo('chelsea.png')]);
  await expect(create.button('generate')).toBeDisabled();
  await expect(create.cost('generate')).toContainText('not enough balance');
  expect(host.sandbox!.ledger()).toEqual([]);
  await expect(kiln.jobs).toHaveCount(1);
});
