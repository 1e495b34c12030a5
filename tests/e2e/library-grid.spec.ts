/**
 * The library against a sandbox seeded with thousands of models: the grid pages as it scrolls
 * (only a screenful of cards in the DOM), thumbnails come from the local cache, search and
 * filters match the service's own answers, and a family's versions open side by side. A library
 * opened before its code arrived keeps its place when the window around it re-renders.
 */
import { expect, isLocal, test } from '../support/fixtures';
import { KilnPage } from '../support/kiln-page';
import { LibraryPage, serviceLibrary } from '../support/library-page';

test.use({ sandboxOptions: { seedModels: 3000, websiteModels: 40, seedFamilies: 6 } });

test('browse thousands of models: paging, thumbnails, search, filters, families and compare', async ({
  kiln,
  host,
}) => {
  const page = kiln.page;
  const lib = new LibraryPage(page);
  // Newest first, the total known from the first page, only a screenful of cards in the DOM.
  const all = await lib.openAll(host);
  expect(all.total).toBeGreaterThan(3000);
  await expect(lib.card(0).locator('.library-card-name')).toHaveText(all.items[0]!.name);
  expect(await lib.cards.count()).toBeLessThan(80);

  // Thumbnails: fetched by the core into its cache and served from the app's own origin.
  const thumb = lib.card(0).locator('img');
  // (under the host's file key, which the page learns only through its bridge).
  await expect(thumb).toHaveAttribute('src', /^\/files\/[\w-]{32}\/[a-f0-9]{64}\.webp$/);
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // A press on a card lands on a part of it that stays while its picture arrives: Chromium drops
  // the click of a press whose node left the page before the release, and a card whose facts
  // were replaced by its picture under the pointer ignored the click (seen under load).
  const pressed = await lib.card(0).evaluate((card) => {
    const box = card.getBoundingClientRect();
    return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.className;
  });
  expect(pressed).toBe('library-thumb');

  // Paging by scrolling: the last model arrives once its page comes into view.
  const last = await serviceLibrary(host, `limit=1&page=${all.total}`);
  await lib.scrollToIndex(all.total - 1);
  await expect(lib.card(all.total - 1).locator('.library-card-name')).toHaveText(
    last.items[0]!.name,
  );
  expect(await lib.cards.count()).toBeLessThan(80);

  // Search by name (debounced): the grid shows what the service finds.
  await lib.search('Teapot 12');
  const found = await serviceLibrary(host, 'search=Teapot%2012&limit=200');
  await lib.expectTotal(found.total);
  for (const name of await lib.names()) expect(name.toLowerCase()).toContain('teapot 12');
  await lib.search('');
  await lib.expectTotal(all.total);

  // Published (only website models are published in the seed): the detail explains the rule.
  await lib.filter('published').check();
  const published = await serviceLibrary(host, 'published=true&limit=1');
  await lib.expectTotal(published.total);
  await lib.select(0);
  await expect(lib.detail.getByTestId('detail-source')).toHaveText('on the website');
  await expect(lib.detail.getByTestId('website-note')).toContainText('subscription_required');
  // The lock is an icon shipped with the app (an emoji is a box without an emoji font).
  const exportLock = lib.detail.getByTestId('detail-op-export').locator('svg[data-icon="lock"]');
  await expect(exportLock).toBeVisible();
  await expect(lib.detail.getByTestId('detail-op-export')).toHaveAccessibleName(
    'Export needs a website plan',
  );
  await expect(
    lib.detail.getByTestId('detail-open').locator('svg[data-icon="lock"]'),
  ).toBeVisible();
  await expect(lib.detail.getByTestId('detail-op-rig').locator('svg')).toHaveCount(0);
  await expect(lib.detail).not.toContainText('🔒');
  await lib.filter('published').uncheck();

  await lib.filter('favourite').check();
  await lib.expectTotal((await serviceLibrary(host, 'favourite=true&limit=1')).total);
  await lib.filter('favourite').uncheck();

  await lib.filter('includeRemesh').check();
  await lib.expectTotal((await serviceLibrary(host, 'include_remesh=1&limit=1')).total);
  await lib.filter('includeRemesh').uncheck();

  // Families: one card per family with its versions count; with versions only.
  await lib.filter('families').check();
  await lib.expectTotal((await serviceLibrary(host, 'group=family&limit=1')).total);
  await lib.filter('hasVersions').check();
  const multi = await serviceLibrary(host, 'group=family&has_versions=true&limit=200');
  await lib.expectTotal(multi.total);
  await expect(lib.card(0).getByTestId('library-versions-count')).toHaveText(
    `${multi.items[0]!.versions_count} versions`,
  );

  // The newest family (an API family: original → retexture → rig, and parts): its tree, then
  // two versions side by side in the viewer.
  await lib.select(0);
  const tree = lib.detail.getByTestId('version-tree');
  const rows = tree.getByTestId('version-row');
  const everyVersion = await serviceLibrary(
    host,
    `search=${encodeURIComponent(multi.items[0]!.name)}&include_remesh=1&limit=200`,
  );
  const family = everyVersion.items.filter((r) => r.root_id === multi.items[0]!.root_id);
  expect(family.map((r) => r.kind).sort()).toEqual(['generation', 'parts', 'retexture', 'rig']);
  await expect(rows).toHaveCount(family.length);
  await expect(rows.first()).toHaveAttribute('data-kind', 'generation');
  await expect(tree.locator('[data-kind="retexture"]')).toHaveCount(1);
  const compare = tree.getByTestId('compare-versions');
  await expect(compare).toBeDisabled();
  await rows.nth(0).getByTestId('version-pick').check();
  await tree.locator('[data-kind="retexture"]').getByTestId('version-pick').check();
  await compare.click();
  await expect(kiln.viewer).toHaveAttribute('data-compare-state', 'ready', { timeout: 60_000 });
  await expect(kiln.viewer).not.toHaveAttribute('data-compare', 'off');
  // The caption names both versions as the user knows them.
  const original = family.find((r) => r.kind === 'generation')!;
  await expect(page.getByTestId('model-name')).toHaveText(
    `${multi.items[0]!.name} · v${original.version} Original`,
  );
});

test('a library opened while its code is still on its way keeps its place as the window changes', async ({
  page,
  host,
}) => {
  // Hold the library's chunk back (its idle prefetch too), so the tab opens before it is here.
  let release = (): void => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/LibraryView-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await new KilnPage(page).open(host.url);
  const lib = new LibraryPage(page);
  await page.getByRole('tab', { name: 'Library' }).click();
  await expect(page.getByText('Opening the library…')).toBeVisible();
  release();
  await expect(lib.root).toHaveAttribute('data-state', 'ready');
  await lib.scrollToIndex(600);
  const before = await lib.grid.evaluate((el) => {
    (el as HTMLElement & { seen?: boolean }).seen = true;
    return el.scrollTop;
  });

  // Switching the right-hand column to Tools re-renders the whole window, the library included:
  // the grid must be the same element, scrolled where the user left it.
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('tab', { name: 'Tools' })).toHaveAttribute('aria-selected', 'true');
  expect(
    await lib.grid.evaluate((el) => [(el as HTMLElement & { seen?: boolean }).seen, el.scrollTop]),
  ).toEqual([true, before]);
  await expect(lib.card(600)).toBeVisible();
  expect(
    requests.filter((u) => !isLocal(u)),
    'requests that left 127.0.0.1',
  ).toEqual([]);
});
