/**
 * The library without a network and after errors: models opened once stay on disk and open with
 * the service unreachable (the grid then shows them and says so); a refused key leaves the grid
 * in place with a banner; the cache shows its size and can be cleared.
 */
import { EMBEDDED_SANDBOX_KEY } from '../../electron/sandbox';
import { expect, test } from '../support/fixtures';
import { LibraryPage, serviceLibrary } from '../support/library-page';

// In-process chaos with no fault configured: the test turns connection resets on and off.
test.use({ sandboxOptions: { seedModels: 300, seedFamilies: 2, chaos: { inProcess: true } } });

test('cached models open offline; errors keep the grid and say what happened; clear the cache', async ({
  kiln,
  host,
}) => {
  const page = kiln.page;
  const lib = new LibraryPage(page);
  const chaos = host.sandbox!.chaos!;
  await lib.open();
  const all = await serviceLibrary(host, 'limit=10');
  await lib.expectTotal(all.total);
  await expect(lib.cache).toHaveAttribute('data-models', '0');

  // Open two models (of different names, so the viewer tells them apart): each is downloaded
  // into the cache and marked as available offline.
  const a = all.items[0]!;
  const bIndex = all.items.findIndex((r) => r.name !== a.name);
  for (const [i, row] of [[0, a] as const, [bIndex, all.items[bIndex]!] as const]) {
    await lib.select(i);
    await lib.detail.getByTestId('detail-open').click();
    await expect(page.getByTestId('model-name')).toHaveText(row.name);
    await expect(lib.card(i)).toHaveAttribute('data-cached', 'true');
    await expect(lib.detail.getByTestId('detail-cached')).toContainText('yes');
  }
  await expect(lib.cache).toHaveAttribute('data-models', '2');
  await expect(lib.cache).toContainText(/2 models · \d/);

  // The service becomes unreachable: a new listing fails, the grid shows the cached models.
  chaos.resetBeforeRate = 1;
  await lib.filter('includeRemesh').check();
  await expect(lib.root).toHaveAttribute('data-state', 'offline', { timeout: 45_000 });
  await expect(lib.banner).toContainText('cannot reach the service');
  await expect(lib.banner).toContainText('Showing the 2 models saved on this computer');
  await lib.expectTotal(2);
  await page.locator(`[data-testid="library-card"][data-model-id="${a.model_id}"]`).click();
  await lib.detail.getByTestId('detail-open').click();
  await expect(page.getByTestId('model-name')).toHaveText(a.name);
  await expect(kiln.viewer).toHaveAttribute('data-viewer-state', 'ready', { timeout: 60_000 });
  await expect(kiln.viewer).toHaveAttribute('data-model-name', a.name);

  // Back online: Retry lists the service's rows again.
  chaos.resetBeforeRate = 0;
  await page.getByTestId('library-retry').click();
  const withRigs = await serviceLibrary(host, 'include_remesh=1&limit=1');
  await lib.expectTotal(withRigs.total);
  await expect(lib.banner).toHaveCount(0);
  await expect(lib.root).toHaveAttribute('data-state', 'ready');

  // The key is revoked on the platform: the next listing is refused, what is shown stays.
  const firstShown = await lib.card(0).getAttribute('data-model-id');
  host.sandbox!.revokeKey(EMBEDDED_SANDBOX_KEY);
  await lib.filter('includeRemesh').uncheck();
  await expect(lib.banner).toContainText('refused the API key');
  await expect(lib.grid).toHaveAttribute('data-total', String(withRigs.total));
  await expect(lib.card(0)).toHaveAttribute('data-model-id', firstShown!);

  // Clearing the cache needs no network: nothing is left on disk.
  await page.getByTestId('library-cache-clear').click();
  await page.getByTestId('library-cache-confirm').click();
  await expect(lib.cache).toHaveAttribute('data-models', '0');
  await expect(lib.cache).toHaveAttribute('data-bytes', '0');
});
