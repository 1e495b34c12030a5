/**
 * Kiln in the artist's language (issue 32): it starts in the OS's (here the browser's) language,
 * amounts are written the region's way, and Settings → Language switches every word and number
 * at once, without a restart; the choice is kept for the next start.
 */
import { expect, test } from '../support/fixtures';
import { AccountModule } from '../support/account-page';

test.use({ locale: 'fr-FR' });

/** A dollar amount as `Intl` writes it in `locale` (the formatting module's own rule). */
const usd = (locale: string, amount: string) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  }).format(amount as Intl.StringNumericLiteral);

test('starts in French, switches to German at once from Settings, and remembers it', async ({
  kiln,
}) => {
  const { page } = kiln;
  const account = new AccountModule(page, kiln);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(account.badge).toHaveText('Bac à sable — rien n’est facturé');
  const raw = await account.balance.getAttribute('data-balance');
  expect(raw).toMatch(/^\d+\.\d+$/);
  await expect(account.balance).toContainText(usd('fr', raw!));
  expect(usd('fr', raw!)).toMatch(/\$US$/);

  // The choice lists each language by its own name.
  await account.open('settings');
  const language = page.getByTestId('setting-language');
  await expect(language.locator('option')).toHaveText([
    /.+/,
    'English',
    '简体中文',
    '日本語',
    'Deutsch',
    'Français',
    'Español',
  ]);
  await language.selectOption('de');
  await page.getByTestId('settings-save').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(account.badge).toHaveText('Sandbox – nichts wird berechnet');
  await expect(account.balance).toContainText(usd('de', raw!));

  // Words of the shared tables too: the command palette lists the commands in German.
  await account.close();
  await page.getByTestId('open-command-palette').click();
  const palette = page.getByTestId('command-palette');
  await expect(palette.getByText('Tastenkürzel', { exact: true })).toBeVisible();
  await expect(palette.getByRole('group', { name: 'Ansicht' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The next start keeps it, whatever the OS says, from the first paint: no French flashes first.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root?.firstChild) return;
      (window as { firstPaintLang?: string }).firstPaintLang = document.documentElement.lang;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await page.evaluate(() => (window as { firstPaintLang?: string }).firstPaintLang)).toBe(
    'de',
  );
  await expect(account.badge).toHaveText('Sandbox – nichts wird berechnet');
});

test('the pseudo-locale marks every translated string, for finding those left behind', async ({
  kiln,
  host,
}) => {
  const { page } = kiln;
  const url = new URL(host.url);
  url.searchParams.set('lang', 'pseudo');
  await kiln.open(url.href);
  const badge = page.getByTestId('mode-badge');
  // Accented and unlike the English: a string that skipped its message would read plain.
  await expect(badge).not.toHaveText('Sandbox — nothing is charged');
  await expect(badge).toHaveText(/[À-ž]/);
});

test('a refusal for money reads in French, the service’s own sentence kept after it', async ({
  kiln,
  host,
}) => {
  const page = kiln.page;
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  host.sandbox!.setMonthlyLimit('0.10');
  await kiln.dropPhoto('coffee.png');
  await page.getByTestId('tier').selectOption('fast');
  await kiln.generate();
  const job = page.getByTestId('job').first();
  await expect(job).toHaveAttribute('data-job-state', 'failed');
  const french = 'Le compte a atteint sa limite de dépenses mensuelle.';
  // Activity, the refused start kept in Create, and the payment notice: each in French, the
  // service's English after it as the exact detail.
  await expect(job.getByTestId('job-error')).toContainText(french);
  await expect(job.getByTestId('job-error')).toContainText('monthly limit');
  await expect(page.getByTestId('error-form')).toContainText(french);
  await expect(page.getByTestId('payment-notice')).toHaveAttribute(
    'data-code',
    'monthly_limit_reached',
  );
});
