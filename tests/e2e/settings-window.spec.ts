/**
 * Settings as a desktop preferences window (issue 31), as the artist uses it: groups in a list
 * beside the page, a search across every group in the language shown, the sandbox's test switches
 * only under Advanced (last), the group last shown remembered across a restart, keyboard and axe,
 * and German and French that fit at the 960 px minimum.
 */
import type { Locator, Page } from '@playwright/test';
import { AccountModule } from '../support/account-page';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { KilnPage } from '../support/kiln-page';

/** The settings the page shows now, by key, in order. */
function shownSettings(page: Page): Promise<string[]> {
  return page
    .getByTestId('settings-page')
    .locator('[data-setting]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-setting') ?? ''));
}

test('search across groups, the sandbox’s switches under Advanced, keys and memory', async ({
  kiln,
  host,
}) => {
  const { page } = kiln;
  const account = new AccountModule(page, kiln);
  await page.getByTestId('open-settings').click();
  const groups = page.getByRole('tablist', { name: 'Settings groups' });
  const first = groups.getByRole('tab').first();

  // The first page is General; the sandbox's build failures are not on it.
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(first).toHaveText('General');
  await expect(page.getByTestId('settings-page')).toHaveAttribute('data-group', 'general');
  expect(await shownSettings(page)).toEqual(['theme', 'language', 'units']);
  await expect(page.getByTestId('settings-sandbox-failures')).toHaveCount(0);
  expect(await seriousViolations(page, '[data-testid="account-settings"]')).toEqual([]);

  // Search "folder": only the matching setting shows, under its group's name.
  const search = page.getByRole('searchbox', { name: 'Search settings' });
  await search.fill('folder');
  expect(await shownSettings(page)).toEqual(['exportDir']);
  const found = page.getByTestId('settings-page').getByRole('heading');
  await expect(found).toHaveText(['Files & folders']);
  await expect(page.getByLabel('Export folder')).toBeVisible();
  // A value typed in a search waits for Save across groups, and its group's name says so.
  const files = groups.getByRole('tab', { name: 'Files & folders' });
  await page.getByLabel('Export folder').fill('/tmp/kiln-renders');
  await expect(files).toHaveAttribute('aria-description', 'Unsaved changes');
  await expect(files.locator('.tab-note')).toBeVisible();
  await expect(first).not.toHaveAttribute('aria-description');
  expect(await seriousViolations(page, '[data-testid="account-settings"]')).toEqual([]);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-saved')).toBeVisible();
  await expect(files).not.toHaveAttribute('aria-description');
  expect(host.services.settings.get().exportDir).toBe('/tmp/kiln-renders');
  // A search reaches panels that are not one setting too: the sandbox's, under Advanced.
  await search.fill('builds that fail');
  await expect(found).toHaveText(['Advanced']);
  await expect(page.getByTestId('settings-sandbox-failures')).toBeVisible();
  expect(await seriousViolations(page, '[data-testid="account-settings"]')).toEqual([]);
  // Nothing matches: said so; Escape empties the search (and leaves Settings open).
  await search.fill('teapot');
  await expect(page.getByTestId('settings-no-match')).toHaveText('No setting matches “teapot”');
  await expect(page.getByTestId('settings-page').locator('[data-setting]')).toHaveCount(0);
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('account-settings')).toBeVisible();
  await expect(page.getByTestId('settings-page')).toHaveAttribute('data-group', 'general');

  // The group list by keyboard: Down to the next group, Up and round to the last, focus following.
  await expect(groups).toHaveAttribute('aria-orientation', 'vertical');
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await expect(groups.getByRole('tab', { name: 'Files & folders' })).toBeFocused();
  await expect(page.getByTestId('settings-page')).toHaveAttribute('data-group', 'files');
  await page.keyboard.press('ArrowUp');
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowUp');
  const advanced = groups.getByRole('tab', { name: 'Advanced' });
  await expect(advanced).toBeFocused();
  await expect(advanced).toHaveAttribute('aria-selected', 'true');
  // The focused tab shows a focus ring.
  expect(await advanced.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');

  // Advanced: the budgets and background preparation, then the sandbox's build failures, which
  // work from here.
  expect(await shownSettings(page)).toEqual([
    'requestBudget',
    'balanceRefreshSeconds',
    'prepareInBackground',
  ]);
  const failures = page.getByTestId('settings-sandbox-failures');
  await expect(failures).toBeVisible();
  await failures.getByTestId('sandbox-fail-retopo').selectOption('0.5');
  await expect(failures.getByTestId('sandbox-fail-status')).toHaveText('Applied.');
  expect(host.sandbox!.buildFailures()).toMatchObject({ retopo: 0.5 });
  expect(await seriousViolations(page, '[data-testid="account-settings"]')).toEqual([]);

  // The group last shown is remembered: Settings opens on it again, after a restart too.
  await expect.poll(() => host.services.settings.get().settingsGroup).toBe('advanced');
  await account.close();
  await page.reload();
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-page')).toHaveAttribute('data-group', 'advanced');
  await expect(advanced).toHaveAttribute('aria-selected', 'true');
});

/** Text of the Settings window cut off or spilling out of its box, as `root` lays it out. */
function clippedIn(root: Locator): Promise<string[]> {
  return root.evaluate((el) => {
    const out: string[] = [];
    const page = el.closest<HTMLElement>('.account-page')!;
    if (page.scrollWidth > page.clientWidth + 1) out.push('the page scrolls sideways');
    const edge = page.getBoundingClientRect().right;
    for (const node of el.querySelectorAll<HTMLElement>('*')) {
      if (node.offsetParent === null) continue;
      const own = [...node.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
      );
      if (!own) continue;
      const style = getComputedStyle(node);
      const text = node.textContent?.trim().slice(0, 50) ?? '';
      // Hidden or spilling over its neighbours: either way the box is narrower than its text.
      if (node.clientWidth > 1 && node.scrollWidth > node.clientWidth + 1) {
        out.push(`${style.overflowX === 'visible' ? 'spills' : 'cut'}: ${text}`);
      }
      if (node.getBoundingClientRect().right > edge + 1) out.push(`beyond the page: ${text}`);
    }
    return out;
  });
}

for (const lang of ['de', 'fr'] as const) {
  test(`every group reads whole in ${lang} at the 960 px minimum`, async ({ browser, host }) => {
    const context = await browser.newContext({ viewport: { width: 960, height: 720 } });
    const page = await context.newPage();
    const url = new URL(host.url);
    url.searchParams.set('lang', lang);
    await new KilnPage(page).open(url.href);
    await page.getByTestId('open-settings').click();
    const window = page.getByTestId('account-settings');
    const tabs = window.getByRole('tab');
    const problems: string[] = [];
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
      const group = await page.getByTestId('settings-page').getAttribute('data-group');
      problems.push(...(await clippedIn(window)).map((p) => `${group}: ${p}`));
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}
