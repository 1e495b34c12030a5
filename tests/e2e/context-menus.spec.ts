/**
 * Right-click menus as an artist uses them (issue 31): a library card's Compare, Export… and Show
 * in folder; an Activity row's Copy job ID, Open, Show in folder, Cancel and Retry; the viewer's
 * menu on a right click (Fit, a shading mode, the grid, a screenshot) and none on a right drag,
 * which pans. Each open menu passes axe.
 */
import { expect, test } from '../support/fixtures';
import { seriousViolations } from '../support/axe';
import { coffeeModel } from '../support/fixture-models';
import { LibraryPage } from '../support/library-page';
import { OpsPage } from '../support/ops-page';
import { coverage, imageDifference, ViewerPage } from '../support/viewer-page';

test.describe('a library card', () => {
  test.use({ sandboxOptions: { seedModels: 3 } });

  test('compares with the open model, exports it, and shows its file in the folder', async ({
    kiln,
  }) => {
    test.setTimeout(120_000);
    const page = kiln.page;
    const lib = new LibraryPage(page);
    await lib.open();
    await lib.expectTotal(3);
    const menu = page.getByTestId('library-card-menu');
    const item = (testId: string) => menu.getByTestId(testId);

    // Nothing open, nothing selected, nothing downloaded: Compare and Show in folder say why not.
    await lib.card(0).click({ button: 'right' });
    await expect(menu).toBeVisible();
    await expect(item('card-menu-compare')).toHaveAttribute('aria-disabled', 'true');
    await expect(item('card-menu-compare')).toHaveAttribute('title', /select two models/);
    await expect(item('card-menu-show-in-folder')).toHaveAttribute('aria-disabled', 'true');
    await expect(item('card-menu-show-in-folder')).toHaveAttribute('title', /open the model once/);
    expect(await seriousViolations(page, '[data-testid="library-card-menu"]')).toEqual([]);
    // A disabled item does nothing and leaves the menu open.
    await item('card-menu-show-in-folder').click({ force: true });
    await expect(menu).toBeVisible();
    await item('card-menu-open').click();
    await expect(menu).toBeHidden();
    await expect(kiln.viewer).toHaveAttribute('data-viewer-state', 'ready', { timeout: 60_000 });
    const firstName = await kiln.viewer.getAttribute('data-model-name');

    // Opened once, the model is on disk: Show in folder answers where (the browser host cannot
    // open a file manager).
    await expect(lib.card(0)).toHaveAttribute('data-cached', 'true');
    await lib.card(0).click({ button: 'right' });
    await item('card-menu-show-in-folder').click();
    await expect(page.getByTestId('app-notices')).toContainText('find the file at');

    // Another card compares with the model on screen.
    await lib.card(1).click({ button: 'right' });
    await expect(item('card-menu-compare')).toHaveText(`Compare with ${firstName}`);
    await item('card-menu-compare').click();
    await expect(kiln.viewer).toHaveAttribute('data-compare-state', 'ready', { timeout: 60_000 });
    await expect(page.getByTestId('compare-name')).toBeVisible();

    // Export… opens the Export tool for that model.
    await lib.card(2).click({ button: 'right' });
    await item('card-menu-export').click();
    await expect(page.getByTestId('tool-export')).toBeVisible({ timeout: 30_000 });
  });
});

test.describe('an Activity row', () => {
  test.use({ sandboxOptions: { seedModels: 1 } });

  test('copies a finished job’s id, opens its result and shows it in the folder', async ({
    kiln,
    context,
  }) => {
    test.setTimeout(150_000);
    const page = kiln.page;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await kiln.generateFast('coffee.png');
    await kiln.waitForModel();
    const made = await kiln.viewer.getAttribute('data-model-name');
    const row = kiln.jobs.first();
    const jobId = await row.getAttribute('data-job-id');
    expect(jobId).toBeTruthy();
    const menu = page.getByTestId('job-menu');

    await row.click({ button: 'right' });
    await expect(menu).toBeVisible();
    expect(await seriousViolations(page, '[data-testid="job-menu"]')).toEqual([]);
    await menu.getByRole('menuitem', { name: 'Copy job ID' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(jobId);

    // Another model on screen; the row's Open brings the job's model back.
    const lib = new LibraryPage(page);
    await lib.open();
    // Both models listed first: the grid reuses its cards, so a card picked while the new model
    // is still arriving could show it by the time of the double-click (CI, a busy machine).
    await lib.expectTotal(2);
    await expect(lib.cards.filter({ hasText: made! })).toHaveCount(1);
    await lib.cards.filter({ hasNotText: made! }).first().dblclick();
    await expect(kiln.viewer).not.toHaveAttribute('data-model-name', made!, { timeout: 60_000 });
    await row.click({ button: 'right' });
    await menu.getByTestId('job-menu-open').click();
    await expect(kiln.viewer).toHaveAttribute('data-model-name', made!, { timeout: 60_000 });

    // From the keyboard: Shift+F10 on a button of the row.
    await row.getByTestId('show-in-folder').or(row.getByTestId('job-open')).first().focus();
    await page.keyboard.press('Shift+F10');
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await menu.getByTestId('job-menu-show-in-folder').click();
    await expect(page.getByTestId('app-notices')).toContainText('find the file at');
  });
});

test.describe('a waiting Activity row', () => {
  // Long tasks keep the first generation running, so the second waits in Kiln's own queue.
  test.use({ sandboxOptions: { seedModels: 0, taskSeconds: 30, jobSeconds: 0.2 } });

  test('is cancelled and tried again from its menu, as its buttons do', async ({ kiln, host }) => {
    test.setTimeout(120_000);
    const page = kiln.page;
    await host.services.settings.set({ maxConcurrentJobs: 1 });
    await kiln.generateGrey(['first.png', 'second.png']);
    const jobs = await new OpsPage(page).activity();
    const first = jobs.filter({ hasText: 'first.png' });
    const second = jobs.filter({ hasText: 'second.png' });
    await expect(second).toHaveAttribute('data-job-state', 'waiting');
    const menu = page.getByTestId('job-menu');

    // The running one was sent: its Cancel is there, disabled, and says why.
    await expect(first).toHaveAttribute('data-job-state', /queued|processing/);
    await first.click({ button: 'right' });
    await expect(menu.getByTestId('job-menu-cancel')).toHaveAttribute('aria-disabled', 'true');
    await expect(menu.getByTestId('job-menu-cancel')).toHaveAttribute('title', /no longer/);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await second.click({ button: 'right' });
    await menu.getByTestId('job-menu-cancel').click();
    await expect(second).toHaveAttribute('data-job-state', 'cancelled');
    expect(host.sandbox!.ledger().filter((e) => e.type === 'charge')).toHaveLength(1);
    await second.click({ button: 'right' });
    await menu.getByTestId('job-menu-retry').click();
    await expect(jobs.filter({ hasText: 'second.png' }).first()).toHaveAttribute(
      'data-job-state',
      'waiting',
    );
  });
});

test('the viewer’s menu opens on a right click, not a right drag, and acts on the view', async ({
  kiln,
}) => {
  test.setTimeout(150_000);
  const page = kiln.page;
  const viewer = new ViewerPage(page);
  await viewer.open(await coffeeModel());
  await viewer.waitIdle();
  const menu = page.getByTestId('viewer-menu');
  const box = (await viewer.canvas.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const rightClick = async () => {
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.up({ button: 'right' });
    await expect(menu).toBeVisible();
  };

  await test.step('a right drag pans the camera and opens no menu', async () => {
    const before = await viewer.pixels();
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(centre.x + 60, centre.y + 30, { steps: 8 });
    await page.mouse.move(centre.x + 120, centre.y + 40, { steps: 8 });
    await page.mouse.up({ button: 'right' });
    await viewer.waitIdle();
    expect(imageDifference(await viewer.pixels(), before)).toBeGreaterThan(3);
    await expect(menu).toHaveCount(0);
  });

  await test.step('a right click: the menu, its shading modes and the grid', async () => {
    await rightClick();
    expect(await seriousViolations(page, '[data-testid="viewer-menu"]')).toEqual([]);
    await expect(menu.getByRole('menuitemradio', { name: 'PBR' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await menu.getByRole('menuitemradio', { name: 'Wireframe' }).click();
    await expect(menu).toBeHidden();
    await viewer.waitDrawn('shading=wireframe');
    await expect(viewer.control('viewer-shading')).toHaveValue('wireframe');

    await rightClick();
    const grid = menu.getByRole('menuitemcheckbox', { name: 'Show grid' });
    const gridWas = (await grid.getAttribute('aria-checked')) === 'true';
    await grid.click();
    await viewer.waitDrawn(`grid=${gridWas ? 'off' : 'on'}`);
  });

  await test.step('Fit brings a zoomed-out model back to the view', async () => {
    await page.getByRole('application').focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('-');
    await viewer.waitIdle();
    const zoomedOut = coverage(await viewer.pixels());
    await rightClick();
    await menu.getByTestId('viewer-menu-fit').click();
    await viewer.waitIdle();
    expect(coverage(await viewer.pixels())).toBeGreaterThan(zoomedOut * 1.3);
  });

  await test.step('Shift+F10 on the stage, and a screenshot saved from the menu', async () => {
    await page.getByRole('application').focus();
    await page.keyboard.press('Shift+F10');
    await expect(menu.getByTestId('viewer-menu-fit')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('application')).toBeFocused();

    await rightClick();
    const download = page.waitForEvent('download');
    await menu.getByTestId('viewer-menu-screenshot').click();
    expect((await download).suggestedFilename()).toMatch(/\.png$/);
    await expect(viewer.control('viewer-menu-note')).toContainText('Saved');
  });
});
