/**
 * A key that just failed its test is not saved silently (issue 21): Save asks, with the test's
 * reason, and only "Save anyway" stores it and makes it active; a different key saves at once.
 */
import { AccountModule, serveLive, startKeychainHost } from '../support/account-page';
import { expect, test } from '../support/fixtures';
import { KilnPage } from '../support/kiln-page';

test('saving a key that failed its test asks first, with the reason', async ({ page }) => {
  const GOOD = 'sk-live-e2e-keytest-good-0001';
  const WRONG = 'sk-live-e2e-keytest-wrong-9999';
  const live = await serveLive([GOOD], '7.50');
  const { host, close } = await startKeychainHost(live.url);
  try {
    const kiln = new KilnPage(page);
    const account = new AccountModule(page, kiln);
    await kiln.open(host.url);
    await page.getByTestId('welcome-sandbox').click();
    await account.open('keys');
    const form = page.getByTestId('add-key-form');
    await form.getByTestId('add-key-form-name').fill('Studio');
    await form.getByTestId('add-key-form-key').fill(WRONG);
    await form.getByTestId('add-key-form-test').click();
    const result = form.getByTestId('add-key-form-result');
    await expect(result).toContainText('revoked');
    const reason = (await result.textContent())!;

    // Save asks, naming the reason; "Don't save" keeps the sandbox and stores nothing.
    await form.getByTestId('add-key-form-save').click();
    const confirm = form.getByTestId('add-key-form-confirm');
    await expect(confirm).toContainText(`This key failed its test: ${reason}`);
    await expect(confirm).toContainText('Save it anyway?');
    await form.getByTestId('add-key-form-save-cancel').click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId('no-keys')).toBeVisible();
    await expect(account.badge).toHaveText('Sandbox — nothing is charged');
    expect(host.services.keys.state().keys ?? []).toEqual([]);

    // "Save anyway" is the user's choice: the key is stored and used.
    await form.getByTestId('add-key-form-save').click();
    await form.getByTestId('add-key-form-save-anyway').click();
    await expect(form.getByTestId('add-key-form-result')).toContainText('Saved');
    await expect(account.badge).toHaveText('Live · Studio');

    // Another key (not the one that failed) saves at once.
    await form.getByTestId('add-key-form-name').fill('Studio 2');
    await form.getByTestId('add-key-form-key').fill(GOOD);
    await form.getByTestId('add-key-form-save').click();
    await expect(form.getByTestId('add-key-form-confirm')).toHaveCount(0);
    await expect(form.getByTestId('add-key-form-result')).toContainText('Saved');
    await expect(account.badge).toHaveText('Live · Studio 2');
    await account.expectBalance('7.50');
  } finally {
    await close();
    await live.close();
  }
});
