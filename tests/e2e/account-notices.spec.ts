/**
 * Payment notices and Activity belong to their connection (issue 21): a notice goes when its
 * cause is gone (a later job accepted, another key, the sandbox), closing one never brings back
 * an older one, and Activity lists the jobs of the connection in use only (sandbox or live, and
 * live per key).
 */
import { AccountModule, greyPhoto, serveLive, startKeychainHost } from '../support/account-page';
import { expect, test } from '../support/fixtures';
import { KilnPage } from '../support/kiln-page';

test('notices and Activity follow the mode and key; a notice goes with its cause', async ({
  page,
}) => {
  const KEY_A = 'sk-live-e2e-notices-a-0001';
  const KEY_B = 'sk-live-e2e-notices-b-0002';
  const live = await serveLive([KEY_A, KEY_B], '7.50');
  const { host, close } = await startKeychainHost(live.url);
  try {
    const kiln = new KilnPage(page);
    const account = new AccountModule(page, kiln);
    const jobs = page.getByTestId('job');
    const showActivity = () => page.getByTestId('tab-activity').click();
    await kiln.open(host.url);
    await page.getByTestId('welcome-sandbox').click();
    await expect(account.badge).toHaveText('Sandbox — nothing is charged');

    // One sandbox job.
    const sandboxJob = await account.generate(await greyPhoto());
    await expect(sandboxJob).toHaveAttribute('data-job-state', 'failed', { timeout: 30_000 });

    // Live with key A: the sandbox's job is not listed.
    await account.open('keys');
    await account.addKey('Client A', KEY_A);
    await account.addKey('Client B', KEY_B);
    await account.keyRow('Client A').getByTestId('key-use').click();
    await expect(account.badge).toHaveText('Live · Client A');
    await account.close();
    await showActivity();
    await expect(jobs).toHaveCount(0);
    await account.expectBalance('7.50');

    // Two refusals; closing the newest leaves none (the older one does not come back). This test
    // is about the service's refusals: each cause is set as the call reaches the service, so Kiln
    // cannot have read it first and refused before sending.
    live.onNextGeneration(() => live.sandbox.setBalance('0.10'));
    await account.generate(await greyPhoto());
    await expect(account.notice).toHaveAttribute('data-code', 'insufficient_balance');
    live.sandbox.setBalance('7.50');
    await account.refreshBalance('7.50');
    live.onNextGeneration(() => live.sandbox.setMonthlyLimit('0.10'));
    await account.generate(await greyPhoto());
    await expect(account.notice).toHaveAttribute('data-code', 'monthly_limit_reached');
    // The account page opens below the header, which the notice makes taller: the notice stays
    // readable and its button works with the page open; the page follows the header back up.
    await account.open('billing');
    const accountPage = page.getByTestId('account-page');
    const top = async (): Promise<number> => (await accountPage.boundingBox())!.y;
    const noticeBox = (await account.notice.boundingBox())!;
    const withNotice = await top();
    expect(withNotice).toBeGreaterThanOrEqual(noticeBox.y + noticeBox.height);
    await page.getByTestId('payment-dismiss').click();
    await expect(account.notice).toBeHidden();
    await expect.poll(top).toBeLessThan(withNotice);
    await account.close();
    await expect(jobs).toHaveCount(2);

    // A refusal whose cause goes: the next job is accepted, and the notice goes by itself.
    live.sandbox.setMonthlyLimit(null);
    await account.refreshBalance('7.50');
    live.onNextGeneration(() => live.sandbox.setBalance('0.10'));
    await account.generate(await greyPhoto());
    await expect(account.notice).toHaveAttribute('data-code', 'insufficient_balance');
    live.sandbox.setBalance('7.50');
    // Topped up: the notice stays until a job is accepted.
    await account.refreshBalance('7.50');
    await expect(account.notice).toHaveAttribute('data-code', 'insufficient_balance');
    const accepted = await account.generate(await greyPhoto());
    await expect(accepted).not.toHaveAttribute('data-job-state', /waiting|starting/);
    await expect(account.notice).toBeHidden();
    await expect(accepted).toHaveAttribute('data-job-state', 'failed', { timeout: 30_000 });

    // This key's limit: switching to key B ends it, and B lists its own jobs only.
    live.onNextGeneration(() => live.sandbox.setKeyLimit('0.10'));
    await account.generate(await greyPhoto());
    await expect(account.notice).toHaveAttribute('data-code', 'key_limit_reached');
    await expect(jobs).toHaveCount(5);
    await page.getByTestId('payment-keys').click();
    live.sandbox.setKeyLimit(null);
    await account.keyRow('Client B').getByTestId('key-use').click();
    await expect(account.badge).toHaveText('Live · Client B');
    await account.close();
    await expect(account.notice).toBeHidden();
    await expect(jobs).toHaveCount(0);
    const jobOfB = await account.generate(await greyPhoto());
    await expect(jobOfB).toHaveAttribute('data-job-state', 'failed', { timeout: 30_000 });
    await expect(account.notice).toBeHidden();

    // Balance too low with key B, then the sandbox: the live notice and jobs stay with live.
    await account.expectBalance('7.50');
    live.onNextGeneration(() => live.sandbox.setBalance('0.10'));
    await account.generate(await greyPhoto());
    await expect(account.notice).toHaveAttribute('data-code', 'insufficient_balance');
    await account.open('keys');
    await page.getByTestId('use-sandbox').click();
    await expect(account.badge).toHaveText('Sandbox — nothing is charged');
    await account.close();
    await expect(account.notice).toBeHidden();
    await expect(jobs).toHaveCount(1);
    await expect(page.getByTestId('activity-filter-all')).toContainText('1');

    // Back to key B: its two jobs and its notice, not the sandbox's job.
    await account.open('keys');
    await account.keyRow('Client B').getByTestId('key-use').click();
    await expect(account.badge).toHaveText('Live · Client B');
    await account.close();
    await expect(jobs).toHaveCount(2);
    await expect(account.notice).toHaveAttribute('data-code', 'insufficient_balance');
  } finally {
    await close();
    await live.close();
  }
});
