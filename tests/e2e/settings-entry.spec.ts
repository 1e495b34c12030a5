/**
 * Settings have a visible entry (issue 21): the header's gear, and Ctrl+, from anywhere (a text
 * field included), besides the balance. (The desktop menu's Preferences… is covered by the
 * Electron wiring test.)
 */
import { expect, test } from '../support/fixtures';

test('the gear and Ctrl+, open Settings', async ({ kiln }) => {
  const page = kiln.page;
  const settings = page.getByTestId('tab-settings');
  const gear = page.getByRole('button', { name: 'Settings' });
  await expect(gear).toBeVisible();
  await expect(gear).toHaveAttribute('title', /Ctrl\+,|⌘,/);
  await gear.click();
  await expect(page.getByTestId('account-page')).toBeVisible();
  await expect(settings).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('account-close').click();
  await expect(page.getByTestId('account-page')).toBeHidden();

  // From the keyboard, with the focus in a text field of Create.
  await page.getByTestId('create-mode-text').click();
  await page.getByTestId('prompt').focus();
  await page.keyboard.press('Control+Comma');
  await expect(page.getByTestId('account-page')).toBeVisible();
  await expect(settings).toHaveAttribute('aria-selected', 'true');
  // The shortcut typed nothing into the field.
  await page.getByTestId('account-close').click();
  await expect(page.getByTestId('prompt')).toHaveValue('');
});
