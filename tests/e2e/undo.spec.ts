/**
 * Undo and Redo as the artist does it: a selection of thousands cleared with Escape comes back
 * with Ctrl/⌘+Z, the same count, and Ctrl/⌘+Shift+Z clears it again; a view removed comes back
 * into its slot with its label (by the key, and by the notice's Undo button) and Ctrl+Y takes it
 * out again; in a text field Ctrl/⌘+Z and Ctrl/⌘+Shift+Z undo and redo the typing there, not the
 * selection.
 */
import { expect, test } from '../support/fixtures';
import { CreatePage, photo } from '../support/create-page';
import { LibraryPage } from '../support/library-page';

test.use({ sandboxOptions: { seedModels: 3000 } });

test('Escape clears a selection of thousands, Ctrl+Z brings the same count back; in a text field Ctrl+Z undoes the typing', async ({
  kiln,
  host,
}) => {
  const page = kiln.page;
  const lib = new LibraryPage(page);
  const { total } = await lib.openAll(host);
  expect(total).toBeGreaterThanOrEqual(3000);
  const n = total.toLocaleString('en-US');

  // Everything of the library, then Escape: nothing selected, and the notice says what went.
  await lib.select(0);
  await lib.card(0).focus();
  await page.keyboard.press('ControlOrMeta+a');
  await lib.expectSelected(total, `All ${n} selected`);
  await page.keyboard.press('Escape');
  await lib.expectSelected(0);
  const notice = page.getByTestId('undo-notice');
  await expect(notice).toContainText(`Selection of ${n} models cleared`);

  // Ctrl+Z: the same selection, all of them.
  await page.keyboard.press('ControlOrMeta+z');
  await lib.expectSelected(total, `All ${n} selected`);
  await expect(lib.selection).toHaveAttribute('data-kind', 'all');
  await expect(notice).toBeHidden();

  // Redo (Ctrl+Shift+Z) clears it again, with its notice; Ctrl+Z once more brings it back.
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await lib.expectSelected(0);
  await expect(notice).toContainText(`Selection of ${n} models cleared`);
  await page.keyboard.press('ControlOrMeta+z');
  await lib.expectSelected(total, `All ${n} selected`);

  // Cleared again; then typing in a text field and Ctrl+Z there undoes the typing only.
  await lib.selection.getByRole('button', { name: 'Clear' }).click();
  await lib.expectSelected(0);
  await page.getByRole('tab', { name: 'Create' }).click();
  const create = new CreatePage(kiln);
  await create.mode('text');
  const prompt = page.getByTestId('prompt');
  await prompt.click();
  await page.keyboard.type('a teapot');
  await page.keyboard.insertText(' in blue');
  await expect(prompt).toHaveValue('a teapot in blue');
  // The field's own undo takes back the last edit (the text put in at once).
  await page.keyboard.press('ControlOrMeta+z');
  await expect(prompt).toHaveValue('a teapot');
  // And its own redo puts the edit back.
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(prompt).toHaveValue('a teapot in blue');
  await lib.open();
  await lib.expectSelected(0);

  // Out of the field, the selection's undo is still there.
  await lib.card(0).focus();
  await page.keyboard.press('ControlOrMeta+z');
  await lib.expectSelected(total, `All ${n} selected`);
});

test('a removed view comes back into its slot with its label: Ctrl+Z, or Undo on the notice', async ({
  kiln,
}) => {
  const page = kiln.page;
  const create = new CreatePage(kiln);
  await create.mode('views');
  await create.drop(
    [
      await photo('coffee.png', 'front.png'),
      await photo('chelsea.png', 'back.png'),
      await photo('coffee.png', 'left.png'),
    ],
    'views-drop',
  );
  await expect(create.slots).toHaveCount(3);
  const names = ['front.png', 'back.png', 'left.png'];
  const labels = await create.slotLabels();
  expect(await create.slotNames()).toEqual(names);
  const verdicts = page.getByTestId('preflight-verdict');
  await expect(verdicts).toHaveCount(3);
  for (const v of await verdicts.all()) await expect(v).toHaveAttribute('data-state', 'done');

  // The middle view: removed, then Ctrl+Z.
  await create.slots.nth(1).getByTestId('photo-remove').click();
  await expect(create.slots).toHaveCount(2);
  await expect(page.getByTestId('undo-notice')).toContainText('View “back.png” removed');
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => create.slotNames()).toEqual(names);
  expect(await create.slotLabels()).toEqual(labels);
  // Its check's verdict came back with it.
  await expect(verdicts).toHaveCount(3);
  await expect(verdicts.nth(1)).toHaveAttribute('data-state', 'done');
  // Redo (Ctrl+Y, as on Windows) takes it out again; Ctrl+Z puts it back again.
  await page.keyboard.press('ControlOrMeta+y');
  await expect.poll(() => create.slotNames()).toEqual(['front.png', 'left.png']);
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => create.slotNames()).toEqual(names);
  expect(await create.slotLabels()).toEqual(labels);

  // The first view, from Photo mode meanwhile: the notice's Undo brings it back to Views.
  await create.slots.nth(0).getByTestId('photo-remove').click();
  await expect(create.slots).toHaveCount(2);
  await create.mode('photo');
  await page.getByTestId('undo-notice').getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('[data-create-mode="views"]')).toBeVisible();
  await expect.poll(() => create.slotNames()).toEqual(names);
  expect(await create.slotLabels()).toEqual(labels);
  // Nothing more to undo: Ctrl+Z changes nothing.
  await page.keyboard.press('ControlOrMeta+z');
  expect(await create.slotNames()).toEqual(names);
});
