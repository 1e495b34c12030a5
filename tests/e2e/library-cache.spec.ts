/**
 * What the cache line counts and what Clear removes, as a user meets it: a model made from a
 * photo (its upload staged in the scratch folder), a remesh opened with "Preview in viewer"
 * (copied into the cache), then the network gone and the cache cleared: the offline grid and its
 * "N models saved here" follow, and nothing Kiln wrote is left on disk.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { LibraryPage } from '../support/library-page';
import { OpsPage } from '../support/ops-page';

test.use({ sandboxOptions: { seedModels: 20, chaos: { inProcess: true } } });

/** The files directly in `dir` whose names match, and their bytes (none when it does not exist). */
async function filesIn(dir: string, match = /./): Promise<{ names: string[]; bytes: number }> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => match.test(n));
  let bytes = 0;
  for (const name of names) {
    const s = await stat(path.join(dir, name));
    if (s.isFile()) bytes += s.size;
  }
  return { names, bytes };
}

test('a remesh preview and uploaded photos are counted; Clear while offline removes all and the grid follows', async ({
  kiln,
  host,
  dataDir,
}) => {
  test.setTimeout(180_000);
  const page = kiln.page;
  const lib = new LibraryPage(page);
  const ops = new OpsPage(page);
  const cacheDir = path.join(dataDir, 'cache', 'models');
  const uploadsDir = path.join(dataDir, 'cache', 'tmp', 'uploads');

  // A model from a photo: it opens in the viewer (downloaded into the cache).
  await kiln.generateFast('coffee.png');
  await kiln.waitForModel();

  // A quad remesh of it, previewed: its saved GLB is copied into the cache.
  const retopo = await ops.tool('retopo');
  await retopo.getByTestId('retopo-faces').fill('2000');
  const remeshed = await ops.run('retopo');
  const before = (await filesIn(cacheDir)).names.length;
  await remeshed.getByTestId('job-open').click();
  await expect(page.getByTestId('tools-preview-note')).toContainText('saved file');
  await kiln.waitForModel();
  await expect.poll(async () => (await filesIn(cacheDir)).names.length).toBe(before + 1);

  // The cache line counts what Kiln keeps besides the model: the preview and the uploads.
  const uploads = (await filesIn(uploadsDir)).names.length;
  const others = 1 + uploads;
  await lib.open();
  await expect(lib.cache).toHaveAttribute('data-models', '1');
  await expect(lib.cache.locator('[title]')).toHaveAttribute(
    'title',
    new RegExp(`in ${others} other files? \\(result previews, opened files, uploaded photos\\)$`),
  );
  // Every byte of it: the .glb files (the model, the preview) and the uploads, and at most what
  // is on disk (thumbnails the grid fetched after the line was read are not in it yet).
  const shown = Number(await lib.cache.getAttribute('data-bytes'));
  const glbs = await filesIn(cacheDir, /\.glb$/);
  const uploaded = await filesIn(uploadsDir);
  expect(shown).toBeGreaterThanOrEqual(glbs.bytes + uploaded.bytes);
  expect(shown).toBeLessThanOrEqual((await filesIn(cacheDir)).bytes + uploaded.bytes);

  // The network goes: the grid shows the one model saved here.
  host.sandbox!.chaos!.resetBeforeRate = 1;
  await lib.filter('favourite').check();
  await expect(lib.root).toHaveAttribute('data-state', 'offline', { timeout: 45_000 });
  await lib.expectTotal(1);
  await expect(page.getByTestId('library-count')).toHaveText('1 model saved here');

  // Clear while offline: the grid, its count and the banner follow; nothing is left on disk.
  await page.getByTestId('library-cache-clear').click();
  await page.getByTestId('library-cache-confirm').click();
  await expect(lib.cache).toHaveAttribute('data-bytes', '0');
  await expect(lib.cache).toHaveAttribute('data-models', '0');
  await lib.expectTotal(0);
  await expect(lib.cards).toHaveCount(0);
  await expect(page.getByTestId('library-count')).toHaveText('0 models saved here');
  await expect(lib.banner).toContainText('Showing the 0 models saved on this computer');
  expect((await filesIn(cacheDir)).names).toEqual([]);
  expect((await filesIn(uploadsDir)).names).toEqual([]);
});
