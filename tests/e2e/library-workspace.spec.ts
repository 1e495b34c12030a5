/**
 * The library as a workspace, as in Blender's asset browser or Figma's file browser: its grid
 * across the window (shortcut or button), a thumbnail-size slider, an order (newest, oldest, or
 * by name where the list can be read whole), keyboard browsing with the arrows, and Enter to
 * return to the viewer with the chosen model; Escape returns without choosing. Still virtualized.
 */
import { expect, test } from '../support/fixtures';
import { LibraryPage, serviceLibrary } from '../support/library-page';

test.use({ sandboxOptions: { seedModels: 3000, seedFamilies: 4 } });

test('browse full width: size, order, arrows and Enter back to the viewer; Escape returns', async ({
  kiln,
  host,
}) => {
  test.setTimeout(180_000);
  const page = kiln.page;
  const lib = new LibraryPage(page);
  const all = await serviceLibrary(host, 'limit=1');

  // The shortcut opens it from anywhere: the grid fills the window, the viewer is out of sight.
  await page.keyboard.press('Control+Shift+L');
  await expect(lib.root).toHaveAttribute('data-workspace', 'true');
  await lib.expectTotal(all.total);
  await expect(kiln.viewer).toBeHidden();
  const columns = async () => Number(await lib.grid.getAttribute('data-columns'));
  const wide = await columns();
  expect(wide).toBeGreaterThan(4);
  expect(await lib.cards.count()).toBeLessThan(200);

  // Thumbnail size: bigger cards, fewer columns; smaller, more.
  const size = page.getByTestId('library-card-size');
  await size.fill('280');
  await expect.poll(columns).toBeLessThan(wide);
  await size.fill('96');
  await expect.poll(columns).toBeGreaterThan(wide);
  await size.fill('160');
  await expect.poll(columns).toBe(wide);

  // Oldest first reads the service's list from its end.
  const oldest = await serviceLibrary(host, `limit=1&page=${all.total}`);
  await page.getByTestId('library-sort').selectOption('oldest');
  await expect(lib.grid).toHaveAttribute('data-sort', 'oldest');
  await expect(lib.card(0).locator('.library-card-name')).toHaveText(oldest.items[0]!.name);

  // By name: not for 3,000 models the service lists newest first only; it says so. After a
  // search small enough to read whole, the whole result is in name order.
  await page.getByTestId('library-sort').selectOption('name');
  await expect(lib.grid).toHaveAttribute('data-sort', 'newest');
  await expect(page.getByTestId('library-sort-note')).toContainText(
    'search or filter down to 1,000 models',
  );
  await lib.search('Teapot 1');
  const found = await serviceLibrary(host, 'search=Teapot%201&limit=200');
  expect(found.total).toBeLessThanOrEqual(200);
  await lib.expectTotal(found.total);
  await expect(lib.grid).toHaveAttribute('data-sort', 'name');
  await expect(page.getByTestId('library-sort-note')).toHaveCount(0);
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const byName = found.items.map((r) => r.name).sort(collator.compare);
  await expect(lib.card(0).locator('.library-card-name')).toHaveText(byName[0]!);
  await expect(lib.card(1).locator('.library-card-name')).toHaveText(byName[1]!);
  await lib.search('');
  await page.getByTestId('library-sort').selectOption('newest');
  await lib.expectTotal(all.total);

  // The keyboard: arrows move the selection (down is a row), the focus follows; Enter returns
  // to the viewer with the chosen model.
  await lib.card(0).click();
  await expect(lib.card(0)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(lib.card(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(lib.card(1)).toBeFocused();
  // (The selected model's detail now sits beside the grid: a row is what the grid shows once the
  // detail is there — read before, on a busy machine, it was the row of the wider grid.)
  await expect(lib.detail).toBeVisible();
  const row = await columns();
  await page.keyboard.press('ArrowDown');
  const chosen = lib.card(1 + row);
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  await expect(chosen).toBeFocused();
  await expect(lib.detail).toBeVisible();
  const name = (await chosen.locator('.library-card-name').innerText()).trim();
  await page.keyboard.press('Enter');
  await expect(lib.root).toHaveAttribute('data-workspace', 'false');
  await expect(kiln.viewer).toBeVisible();
  await expect(page.getByTestId('model-name')).toHaveText(name);
  await expect(kiln.viewer).toHaveAttribute('data-viewer-state', 'ready', { timeout: 60_000 });

  // The button opens it again; Escape returns without choosing.
  await page.getByTestId('library-workspace-toggle').click();
  await expect(lib.root).toHaveAttribute('data-workspace', 'true');
  await expect(kiln.viewer).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(lib.root).toHaveAttribute('data-workspace', 'false');
  await expect(kiln.viewer).toHaveAttribute('data-viewer-state', 'ready');
  await expect(kiln.viewer).toHaveAttribute('data-model-name', name);
});
