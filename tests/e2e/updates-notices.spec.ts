/**
 * Shipping, as the browser host shows it: Account → Settings → Updates says that this copy of Kiln updates
 * with `git pull` and `npm install` (it cannot update itself), and a notice from the main process
 * — what the desktop app leaves after reloading a crashed window — appears over the workspace
 * until dismissed, taken once (a reload does not show it again).
 */
import { AccountModule } from '../support/account-page';
import { expect, test } from '../support/fixtures';

test('updates come with git pull in the browser; main-process notices show once', async ({
  kiln,
  host,
}) => {
  const { page } = kiln;
  const account = new AccountModule(page, kiln);
  await account.open('settings', 'updates');
  await expect(page.getByTestId('update-unsupported')).toContainText(
    /Updates: .*git pull.*npm install/,
  );
  await account.close();
  // Nothing to say about an update in Activity.
  await expect(page.getByTestId('update-card')).toHaveCount(0);

  host.services.notices.post(
    'warning',
    'Kiln’s window stopped unexpectedly and was reloaded. Your jobs carried on in the background; nothing was lost.',
  );
  const notices = page.getByTestId('app-notices');
  await expect(notices).toContainText('was reloaded. Your jobs carried on');
  await notices.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notices).toHaveCount(0);

  await page.reload();
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  // The notices' code is a chunk of its own: "none shown" means something once it is here.
  await expect(page.getByTestId('undo-notice-area')).toBeAttached();
  await expect(page.getByTestId('app-notices')).toHaveCount(0);
});
