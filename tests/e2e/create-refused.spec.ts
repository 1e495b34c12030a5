/**
 * A start refused for money keeps what the user chose (issue 21): the photo, the model version
 * and the settings come back into Create with the reason, so one more press starts it once the
 * account allows it.
 */
import { expect, test } from '../support/fixtures';

test('after a 402 the chosen photo and settings stay in Create; once allowed, it starts', async ({
  kiln,
  host,
}) => {
  const page = kiln.page;
  // The account's monthly limit is reached: the service refuses the start (402), charging nothing.
  host.sandbox!.setMonthlyLimit('0.10');
  await kiln.dropPhoto('coffee.png');
  await page.getByTestId('tier').selectOption('fast');
  await page.getByTestId('settings').locator('summary').click();
  await page.getByTestId('poly-count').fill('20000');
  await kiln.generate();
  const job = page.getByTestId('job').first();
  await expect(job).toHaveAttribute('data-job-state', 'failed');
  await expect(job.getByTestId('job-error')).toContainText('monthly limit');

  // Everything the user chose is still there, with the reason.
  await expect(page.getByTestId('photo-preview')).toContainText('coffee.png');
  await expect(page.getByTestId('tier')).toHaveValue('fast');
  await expect(page.getByTestId('poly-count')).toHaveValue('20000');
  await expect(page.getByTestId('error-form')).toContainText('monthly limit');

  // The limit raised on the platform: the same press starts it, and the form clears.
  host.sandbox!.setMonthlyLimit(null);
  await kiln.generate();
  await expect(page.getByTestId('job')).toHaveCount(2);
  await expect(page.getByTestId('job').first()).toHaveAttribute('data-job-state', 'done', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('photo-preview')).toHaveCount(0);
});
