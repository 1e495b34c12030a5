/**
 * Selecting many library models for a batch, as in a file manager: a click shows a model,
 * Ctrl/⌘-click and the checkbox pick it, Shift-click picks a range (across rows not listed yet),
 * "Select all N" and Ctrl/⌘+A pick a whole search without listing it, Space picks the focused
 * card, Escape or Clear clears; in the strip and in the full-width workspace.
 */
import { expect, test } from '../support/fixtures';
import { LibraryPage, serviceLibrary } from '../support/library-page';

test.use({ sandboxOptions: { seedModels: 3000 } });

test('select by range and Ctrl-click, all of a search but two, Escape clears; the same full width', async ({
  kiln,
  host,
}) => {
  test.setTimeout(180_000);
  const page = kiln.page;
  const lib = new LibraryPage(page);
  const all = await lib.openAll(host);

  // A click shows the model, as before; nothing is picked.
  await lib.select(0);
  const shown = (await lib.card(0).locator('.library-card-name').innerText()).trim();
  await expect(lib.selection).toHaveAttribute('data-count', '0');
  // Shift-click: the range from the card clicked; Ctrl-click two more: 12.
  await lib.pick(9, 'range');
  await lib.expectSelected(10, '10 selected');
  await lib.pick(12, 'toggle');
  await lib.pick(14, 'toggle');
  await lib.expectSelected(12, '12 selected');
  // (The strip is two cards wide: the first rows have scrolled out of the DOM.)
  for (const i of [8, 9, 12, 14]) await expect(lib.card(i)).toHaveAttribute('data-picked', 'true');
  for (const i of [10, 11, 13]) await expect(lib.card(i)).toHaveAttribute('data-picked', 'false');
  await expect(lib.check(12)).toBeChecked();
  await expect(lib.batchButton).toHaveText('Run a tool on 12…');
  // The checkbox takes one out again; the detail shown stays the one clicked.
  await lib.check(12).click();
  await lib.expectSelected(11);
  await expect(lib.detail.getByTestId('detail-name')).toHaveText(shown);
  await lib.check(12).click();
  await lib.expectSelected(12);

  // Escape clears.
  await lib.card(12).focus();
  await page.keyboard.press('Escape');
  await lib.expectSelected(0);
  await expect(lib.card(9)).toHaveAttribute('data-picked', 'false');

  // A Shift range to a card far down, over pages never listed: counted at once; its rows are
  // listed when a tool is to run on them, then the batch is asked for.
  await lib.scrollToCard(0);
  await lib.select(1);
  await lib.scrollToCard(2400);
  await lib.pick(2400, 'range');
  await lib.expectSelected(2400, '2,400 selected');
  expect(Number(await lib.selection.getAttribute('data-listing'))).toBeGreaterThan(1000);
  await expect(lib.selection).toHaveAttribute('data-batch', 'none');
  await lib.batchButton.click();
  await expect(lib.selection).toHaveAttribute('data-batch', 'requested', { timeout: 60_000 });
  await expect(lib.selection).toHaveAttribute('data-listing', '0');
  // The batch form opens on them; Escape closes it and keeps the selection.
  const form = page.getByTestId('batch-form');
  await expect(form.getByRole('heading')).toHaveText('Run a tool on 2,400 models');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(lib.selection).toHaveAttribute('data-batch', 'none');
  await lib.expectSelected(2400, '2,400 selected');
  await lib.selection.getByRole('button', { name: 'Clear' }).click();
  await lib.expectSelected(0);

  // "Select all N" of a search, two unticked: the count says so; a new search clears it and
  // says why.
  await lib.search('Teapot 1');
  const found = await serviceLibrary(host, 'search=Teapot%201&limit=1');
  await lib.expectTotal(found.total);
  const n = found.total.toLocaleString('en-US');
  await expect(lib.selectAllButton).toHaveText(`Select all ${n}`);
  await lib.selectAllButton.click();
  await lib.expectSelected(found.total, `All ${n} selected`);
  await lib.pick(1, 'toggle');
  await lib.check(3).click();
  await lib.expectSelected(
    found.total - 2,
    `${(found.total - 2).toLocaleString('en-US')} of ${n} selected`,
  );
  await expect(lib.card(1)).toHaveAttribute('data-picked', 'false');
  await expect(lib.card(2)).toHaveAttribute('data-picked', 'true');
  await lib.search('Teapot 2');
  await expect(lib.selectionNote).toContainText('“Select all”');
  await expect(lib.selectionNote).toContainText('was cleared');
  await lib.expectSelected(0);
  await lib.search('');
  await lib.expectTotal(all.total);

  // Full width: Ctrl+A selects the whole library; Escape clears first, then leaves.
  await page.keyboard.press('Control+Shift+L');
  await expect(lib.root).toHaveAttribute('data-workspace', 'true');
  await lib.card(0).click();
  await page.keyboard.press('Control+A');
  const total = all.total.toLocaleString('en-US');
  await lib.expectSelected(all.total, `All ${total} selected`);
  // Space takes the focused card out; Shift with an arrow picks from the anchor.
  await page.keyboard.press('Space');
  await lib.expectSelected(all.total - 1);
  await expect(lib.card(0)).toHaveAttribute('data-picked', 'false');
  await page.keyboard.press('Escape');
  await lib.expectSelected(0);
  await expect(lib.root).toHaveAttribute('data-workspace', 'true');
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await lib.expectSelected(3, '3 selected');
  await expect(lib.card(2)).toBeFocused();
  // Shift-click and Ctrl-click as in the strip: 12.
  await lib.pick(9, 'range');
  await lib.pick(20, 'toggle');
  await lib.pick(21, 'toggle');
  await lib.expectSelected(12, '12 selected');
  // Then all of the library but two.
  await lib.selectAllButton.click();
  await lib.pick(4, 'toggle');
  await lib.pick(6, 'toggle');
  await lib.expectSelected(all.total - 2);
  await page.keyboard.press('Escape');
  await lib.expectSelected(0);
  await expect(lib.root).toHaveAttribute('data-workspace', 'true');
  await page.keyboard.press('Escape');
  await expect(lib.root).toHaveAttribute('data-workspace', 'false');
});
