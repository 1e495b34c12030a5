/**
 * Every screen of Kiln checked with axe-core as a user reaches it: the welcome, Create's four
 * flows, the viewer with each of its panels and a comparison, the library (strip and workspace,
 * with a model's detail, with models selected for a batch), Tools, Activity and the account's five sections. No serious or
 * critical violation is allowed on any of them.
 */
import { expect, test, EXHAUSTIVE } from '../support/fixtures';
import { AccountModule, type Section } from '../support/account-page';
import { seriousViolations, type Violation } from '../support/axe';
import { CreatePage, photo } from '../support/create-page';
import { coffeeModel, coffeeModelV2 } from '../support/fixture-models';
import { LibraryPage } from '../support/library-page';
import { OpsPage } from '../support/ops-page';
import { ViewerPage } from '../support/viewer-page';
import type { Page } from '@playwright/test';

/**
 * Checks the page as it is now, remembering what was found under `screen`. A state reached inside
 * a screen already checked whole names the part that changed (`within`, a CSS selector), and only
 * that part is checked again.
 */
async function check(
  page: Page,
  screen: string,
  found: Record<string, Violation[]>,
  within?: string,
) {
  const violations = await seriousViolations(page, within);
  if (violations.length) found[screen] = violations;
}

/** The parts of a screen that its later states change (see `check`). */
const CREATE = '[data-create-mode]';
const VIEWER = '[data-testid="viewer"]';
const LIBRARY = '[data-testid="library"]';
const ACCOUNT = '[data-testid="account-page"]';

test.describe('first run', () => {
  test.use({ firstRun: true });

  test('the welcome has no serious or critical violation', async ({ kiln }) => {
    await expect(kiln.page.getByTestId('welcome')).toBeVisible();
    const found: Record<string, Violation[]> = {};
    await check(kiln.page, 'welcome', found);
    await kiln.page.getByTestId('welcome-paste-key').click();
    await check(kiln.page, 'welcome, key form', found);
    expect(found).toEqual({});
  });
});

test.use({ sandboxOptions: { seedModels: 40, seedFamilies: 2 } });

test('Create, its four flows: no serious or critical violation', EXHAUSTIVE, async ({ kiln }) => {
  test.setTimeout(300_000);
  const page = kiln.page;
  const found: Record<string, Violation[]> = {};
  const create = new CreatePage(kiln);

  await check(page, 'create: photo, empty', found);
  await create.drop([await photo('coffee.png')]);
  await expect(page.getByTestId('photo-preview')).toBeVisible();
  await check(page, 'create: photo, chosen', found, CREATE);
  await create.mode('views');
  await create.drop(
    [await photo('coffee.png', 'front.png'), await photo('chelsea.png', 'back.png')],
    'views-drop',
  );
  await expect(create.slots).toHaveCount(2);
  await check(page, 'create: views', found, CREATE);
  await create.mode('text');
  await check(page, 'create: text', found, CREATE);
  await create.mode('retexture');
  await check(page, 'create: retexture', found, CREATE);
  expect(found).toEqual({});
});

test(
  'the viewer with each panel, and a comparison: no serious or critical violation',
  EXHAUSTIVE,
  async ({ kiln }) => {
    test.setTimeout(300_000);
    const page = kiln.page;
    const found: Record<string, Violation[]> = {};
    const viewer = new ViewerPage(page);

    await viewer.open(await coffeeModel());
    await check(page, 'viewer', found);
    for (const tab of [
      'scene',
      'stats',
      'parts',
      'compare',
      'capture',
      'record',
      'health',
    ] as const) {
      await viewer.tab(tab);
      await check(page, `viewer: ${tab} panel`, found, VIEWER);
    }
    await viewer.drop(await coffeeModelV2(), 'compare');
    await expect(viewer.root).toHaveAttribute('data-compare-state', 'ready', { timeout: 60_000 });
    await check(page, 'viewer: comparing', found, VIEWER);
    await viewer.stopCompareButton.click();
    expect(found).toEqual({});
  },
);

test(
  'Library (strip, detail, selection, workspace), Tools and Activity: no serious or critical violation',
  EXHAUSTIVE,
  async ({ kiln }) => {
    test.setTimeout(300_000);
    const page = kiln.page;
    const found: Record<string, Violation[]> = {};
    const create = new CreatePage(kiln);
    const viewer = new ViewerPage(page);
    const lib = new LibraryPage(page);
    const ops = new OpsPage(page);

    await lib.open();
    await expect(lib.card(0)).toBeVisible();
    await check(page, 'library', found);
    // Models picked for a batch: the checkboxes on every card, the count, Run a tool, Clear.
    await lib.pick(0, 'toggle');
    await lib.pick(2, 'range');
    await lib.pick(4, 'toggle');
    await lib.expectSelected(4, '4 selected');
    await check(page, 'library: selection', found, LIBRARY);
    await lib.selectAllButton.click();
    await expect(lib.selection).toHaveAttribute('data-kind', 'all');
    await check(page, 'library: all selected', found, LIBRARY);
    await lib.selection.getByRole('button', { name: 'Clear' }).click();
    await lib.filter('families').check();
    await lib.select(0);
    await expect(lib.detail.getByTestId('version-tree')).toBeVisible();
    await check(page, 'library: detail with versions', found, LIBRARY);
    await page.getByTestId('library-workspace-toggle').click();
    await expect(lib.root).toHaveAttribute('data-workspace', 'true');
    await check(page, 'library: workspace', found);
    await page.keyboard.press('Escape');
    // A library model for the Tools column.
    await lib.detail.getByTestId('detail-open').click();
    await expect(viewer.root).toHaveAttribute('data-viewer-state', 'ready', { timeout: 60_000 });
    await ops.tool('export');
    await check(page, 'tools: export', found);
    await ops.tool('print');
    await check(page, 'tools: print', found);
    await page.getByTestId('tab-create').click();
    await create.mode('photo');
    await kiln.generateFast('coffee.png');
    await page.getByTestId('tab-activity').click();
    await check(page, 'activity', found);
    expect(found).toEqual({});
  },
);

test(
  "the account's five sections: no serious or critical violation",
  EXHAUSTIVE,
  async ({ kiln }) => {
    test.setTimeout(300_000);
    const page = kiln.page;
    const found: Record<string, Violation[]> = {};
    const account = new AccountModule(page, kiln);

    for (const section of ['billing', 'prices', 'ledger', 'keys', 'settings'] as Section[]) {
      await account.open(section);
      // The first section with the page around it; the others change only the account's page.
      await check(page, `account: ${section}`, found, section === 'billing' ? undefined : ACCOUNT);
    }
    await account.close();
    expect(found).toEqual({});
  },
);

test(
  'the command palette, the shortcut sheet and the light theme have no serious violation',
  EXHAUSTIVE,
  async ({ kiln }) => {
    const page = kiln.page;
    const found: Record<string, Violation[]> = {};
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('command-palette')).toBeVisible();
    await check(page, 'command palette', found);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+/');
    await expect(page.getByTestId('shortcut-sheet')).toBeVisible();
    await check(page, 'shortcut sheet', found);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shortcut-sheet')).toBeHidden();

    await page.emulateMedia({ colorScheme: 'light' });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))
      .toBe('rgb(238, 240, 243)');
    await check(page, 'light: create', found);
    await page.getByRole('tab', { name: 'Library' }).click();
    await check(page, 'light: library', found);
    await page.getByTestId('open-settings').click();
    await expect(page.getByTestId('account-settings')).toBeVisible();
    await check(page, 'light: settings', found);
    await page.getByTestId('account-close').click();
    await page.keyboard.press('Control+k');
    await check(page, 'light: command palette', found);
    expect(found).toEqual({});
  },
);
