/**
 * The library workspace's grid stays put under the pointer when a selection is cleared: a
 * double-click right after Escape opens the card that was under the pointer, not its neighbour
 * (the grid used to move up as the selection bar went away).
 */
import { expect, test } from '../support/fixtures';
import { LibraryPage } from '../support/library-page';

test.use({ sandboxOptions: { seedModels: 40 } });

test('clearing a selection does not move the grid under the pointer', async ({ kiln }) => {
  const page = kiln.page;
  const lib = new LibraryPage(page);
  await page.keyboard.press('Control+Shift+L');
  await expect(lib.root).toHaveAttribute('data-workspace', 'true');
  await lib.expectTotal(40);
  const top = async () => (await lib.grid.boundingBox())!.y;
  const before = await top();

  await lib.pick(0, 'toggle');
  await lib.pick(1, 'toggle');
  await lib.expectSelected(2);
  expect(await top()).toBe(before);

  await page.keyboard.press('Escape');
  await lib.expectSelected(0);
  expect(await top()).toBe(before);
});
