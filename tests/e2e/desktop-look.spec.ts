/**
 * Desktop manners and the look (issue 31), as a user meets them: the theme follows the OS's
 * light or dark (`prefers-color-scheme`) until Settings → Appearance pins one; Inter is the
 * typeface on screen, shipped with the app; a disabled Generate is grey, not a dimmed accent; the
 * command palette (Ctrl+K, Ctrl+Shift+P, the header's button) runs a command; the shortcut sheet
 * (Ctrl+/) lists the keys; the viewer's keys work from outside the canvas; the billing bar does not
 * move when the header's commands (a chunk of their own) arrive.
 */
import { expect, test } from '../support/fixtures';
import { CreatePage } from '../support/create-page';
import { coffeeModel } from '../support/fixture-models';
import { LibraryPage } from '../support/library-page';
import { ViewerPage } from '../support/viewer-page';
import type { Page } from '@playwright/test';

/** The window's background colour as the user sees it. */
function background(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
}

const DARK = 'rgb(18, 20, 24)';
const LIGHT = 'rgb(238, 240, 243)';

test('the theme follows the OS until Appearance pins one', async ({ kiln }) => {
  const page = kiln.page;
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => background(page)).toBe(LIGHT);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => background(page)).toBe(DARK);

  // Settings → Appearance: Light, saved; the OS's dark no longer decides.
  await page.getByTestId('open-settings').click();
  await page.getByTestId('setting-theme').selectOption('light');
  await page.getByTestId('settings-save').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => background(page)).toBe(LIGHT);
  await page.getByTestId('account-close').click();

  // Back to following the system, from the palette this time.
  await page.keyboard.press('Control+Shift+P');
  await page.getByTestId('command-palette-input').fill('theme follow');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command-palette')).toBeHidden();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await expect.poll(() => background(page)).toBe(DARK);
});

test('Inter is on screen, and a disabled Generate is grey', async ({ kiln }) => {
  const page = kiln.page;
  const inter = await page.evaluate(async () => {
    await document.fonts.ready;
    await document.fonts.load('13px "Inter Variable"');
    return {
      loaded: document.fonts.check('13px "Inter Variable"'),
      family: getComputedStyle(document.body).fontFamily,
    };
  });
  expect(inter.loaded).toBe(true);
  expect(inter.family).toMatch(/^"Inter Variable"/);

  const generate = new CreatePage(kiln).button('generate');
  await expect(generate).toBeDisabled();
  const look = await generate.evaluate((button) => {
    const style = getComputedStyle(button);
    const accent = getComputedStyle(document.documentElement).getPropertyValue('--kiln-accent');
    const probe = document.createElement('span');
    probe.style.color = accent;
    document.body.append(probe);
    const accentRgb = getComputedStyle(probe).color;
    probe.remove();
    return { background: style.backgroundColor, cursor: style.cursor, accentRgb };
  });
  expect(look.background).not.toBe(look.accentRgb);
  expect(look.cursor).toBe('not-allowed');
});

test('the palette runs a command, and the shortcut sheet lists the keys', async ({ kiln }) => {
  const page = kiln.page;
  const libraryTab = page.getByRole('tab', { name: 'Library' });
  await expect(libraryTab).toHaveAttribute('aria-selected', 'false');

  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  await expect(palette).toBeVisible();
  await expect(page.getByTestId('command-palette-input')).toBeFocused();
  await page.getByTestId('command-palette-input').fill('show library');
  await expect(page.getByTestId('command-panels.library')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(libraryTab).toHaveAttribute('aria-selected', 'true');

  // The header's button opens it too; a command the moment cannot run is shown disabled
  // (the viewer's commands while the library workspace covers the viewer).
  await page.getByRole('button', { name: 'Show all commands' }).click();
  await page.getByTestId('command-panels.workspace').click();
  await expect(page.locator('.app-main--workspace')).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('command-view.fit')).toHaveAttribute('data-disabled', 'true');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await page.keyboard.press('Control+/');
  const sheet = page.getByTestId('shortcut-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Show all commands')).toBeVisible();
  await expect(sheet.getByText('Ctrl+Shift+P')).toBeVisible();
  await expect(sheet.getByText('Fit the model to the view')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('the viewer’s keys work wherever the focus is not in a text field', async ({ kiln }) => {
  const page = kiln.page;
  const viewer = new ViewerPage(page);
  await viewer.open(await coffeeModel());
  const turntable = page.getByTestId('viewer-turntable');
  await expect(turntable).toHaveAttribute('aria-pressed', 'false');

  // The focus on a tab of the left column, far from the canvas: T starts the turntable.
  await page.getByRole('tab', { name: 'Create' }).focus();
  await page.keyboard.press('t');
  await expect(turntable).toHaveAttribute('aria-pressed', 'true');

  // In a text field T is a letter, and the turntable keeps turning.
  await page.getByTestId('create-mode-text').click();
  await page.getByTestId('prompt').fill('');
  await page.getByTestId('prompt').press('t');
  await expect(page.getByTestId('prompt')).toHaveValue('t');
  await expect(turntable).toHaveAttribute('aria-pressed', 'true');

  // From the palette: the same command.
  await page.keyboard.press('Control+k');
  await page.getByTestId('command-palette-input').fill('turntable');
  await page.keyboard.press('Enter');
  await expect(turntable).toHaveAttribute('aria-pressed', 'false');
});

test('right-click Paste puts the copied key in the key field; Cut, Copy, Select All work too', async ({
  kiln,
  context,
}) => {
  const page = kiln.page;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => navigator.clipboard.writeText('sk-pasted-from-the-clipboard-0001'));
  await page.getByTestId('open-settings').click();
  await page.getByTestId('tab-keys').click();
  const field = page.getByTestId('add-key-form-key');
  await field.click({ button: 'right' });
  const menu = page.getByTestId('text-menu');
  await expect(menu).toBeVisible();
  // Nothing is selected in an empty field: only Paste can act.
  await expect(menu.getByRole('menuitem', { name: /Cut/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await menu.getByRole('menuitem', { name: /Paste/ }).click();
  await expect(menu).toBeHidden();
  await expect(field).toHaveValue('sk-pasted-from-the-clipboard-0001');

  // A name field: Select All, then Cut, leaves it empty and the text on the clipboard.
  const name = page.getByTestId('add-key-form-name');
  await name.fill('Studio key');
  await name.click({ button: 'right' });
  await menu.getByRole('menuitem', { name: /Select All/ }).click();
  await name.click({ button: 'right' });
  await menu.getByRole('menuitem', { name: /Cut/ }).click();
  await expect(name).toHaveValue('');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('Studio key');
  // From the keyboard: the menu's items are reached with the arrows, Escape closes it.
  await name.click({ button: 'right' });
  await expect(menu.getByRole('menuitem', { name: /Paste/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test.describe('a library of models', () => {
  test.use({ sandboxOptions: { seedModels: 12 } });

  test('a card’s right-click menu shows, selects and opens its model', async ({ kiln }) => {
    const page = kiln.page;
    const lib = new LibraryPage(page);
    await lib.open();
    await lib.expectTotal(12);
    const menu = page.getByTestId('library-card-menu');

    await lib.card(2).click({ button: 'right' });
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Add to the selection' }).click();
    await lib.expectSelected(1);
    await expect(lib.card(2)).toHaveAttribute('data-picked', 'true');

    // From the keyboard: Shift+F10 on the focused card; the arrows reach the items.
    await lib.card(2).focus();
    await page.keyboard.press('Shift+F10');
    await expect(menu.getByRole('menuitem', { name: 'Open in the viewer' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Show details' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(lib.detail).toBeVisible();

    await lib.card(2).click({ button: 'right' });
    await menu.getByRole('menuitem', { name: 'Remove from the selection' }).click();
    await expect(lib.card(2)).toHaveAttribute('data-picked', 'false');

    // Nothing was open: a viewer that becomes ready shows the model the menu opened.
    await expect(kiln.viewer).toHaveAttribute('data-viewer-state', 'empty');
    await lib.card(2).click({ button: 'right' });
    await menu.getByRole('menuitem', { name: 'Open in the viewer' }).click();
    await expect(kiln.viewer).toHaveAttribute('data-viewer-state', 'ready', { timeout: 60_000 });
  });
});

test('the billing bar stays still while the header’s commands arrive after the first paint', async ({
  page,
  host,
}) => {
  // Hold the header's commands chunk (App.tsx loads it as the shell renders) until the shell is up.
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.route(/\/assets\/HeaderCommands-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(host.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  // Measured in the app's font: Inter arriving after the first paint narrows the bar by itself
  // (433 → 413 px; CI met it on a busy machine), which is not what this test is about.
  await page.evaluate(() => document.fonts.ready);
  await expect(page.getByTestId('open-settings')).toHaveCount(0);
  const bar = page.getByTestId('billing-bar');
  const before = await bar.boundingBox();
  release();
  await expect(page.getByTestId('open-settings')).toBeVisible();
  expect(await bar.boundingBox()).toEqual(before);
});
