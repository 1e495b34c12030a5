/**
 * Create from several views (count refused, reordered by drag and by keyboard, labelled) and from
 * a description (an empty prompt refused, Imagine twice, pick, Generate), then Retexture of the
 * model just made, all against the sandbox.
 */
import { expect, test } from '../support/fixtures';
import { chargedOperations, CreatePage, photo } from '../support/create-page';

test('multi-view: five refused, a fifth on four refused, reordered by drag and keyboard, front first, a model', async ({
  kiln,
  host,
}) => {
  const create = new CreatePage(kiln);
  await create.mode('views');
  const names = ['front', 'back', 'left', 'right', 'extra'];
  await create.drop(
    await Promise.all(names.map((n, i) => photo(i % 2 ? 'chelsea.png' : 'coffee.png', `${n}.png`))),
    'views-drop',
  );
  await expect(create.slots).toHaveCount(5);
  await expect(create.error('views')).toHaveText(
    'You have 5 views; multi-view takes at most 4. Remove 1 view.',
  );
  await expect(create.button('generate')).toBeDisabled();
  expect(await create.slotLabels()).toEqual(['front', 'back', 'left', 'right', 'top']);

  await create.slots.nth(4).getByTestId('photo-remove').click();
  await expect(create.error('views')).toHaveCount(0);
  // Four is the most: the drop zone stays and says so; a fifth photo dropped there is refused
  // with the reason, and the four views stay.
  const zone = kiln.page.getByTestId('views-drop');
  await expect(zone).toHaveAttribute('data-full', 'true');
  await expect(zone).toContainText('All 4 views are filled');
  await create.drop([await photo('chelsea.png', 'fifth.png')], 'views-drop');
  await expect(create.error('views')).toHaveText(
    '“fifth.png” was not added: multi-view takes at most 4 views, and all 4 are filled. Remove a view, then drop it again.',
  );
  await expect(create.slots).toHaveCount(4);
  expect(await create.slotNames()).not.toContain('fifth.png');

  // Drag the back view onto slot 1: the labels travel with their photos, so front is not first.
  await create.slots.nth(1).getByTestId('view-handle').dragTo(create.slots.nth(0));
  await expect
    .poll(() => create.slotNames())
    .toEqual(['back.png', 'front.png', 'left.png', 'right.png']);
  await expect(create.error('views')).toContainText('The first view must be the front');
  // The keyboard way back: Move up on the front view.
  await create.slots.nth(1).getByTestId('view-up').press('Enter');
  await expect
    .poll(() => create.slotNames())
    .toEqual(['front.png', 'back.png', 'left.png', 'right.png']);
  await expect(create.error('views')).toHaveCount(0);
  await create.slots.nth(3).getByTestId('view-label').selectOption('left');
  await expect(create.error('views')).toHaveText(
    'Two views are labelled “left”: give each view the side it really shows.',
  );
  await create.slots.nth(3).getByTestId('view-label').selectOption('right');

  await expect(create.cost('generate')).toHaveText('$0.55 · balance $25.00 → $24.45');
  await create.button('generate').click();
  const job = kiln.jobs.first();
  await expect(job).toContainText('front.png + 3 views');
  await expect(create.slots).toHaveCount(0);
  await expect(job).toHaveAttribute('data-job-state', 'done', { timeout: 60_000 });
  await kiln.waitForModel();
  expect(chargedOperations(host)).toEqual(['generate.multi.quality']);
});

test('text: empty prompt refused, imagine twice, pick, generate; then retexture it', async ({
  kiln,
  host,
}) => {
  const create = new CreatePage(kiln);
  await create.mode('text');
  await expect(create.button('generate')).toBeDisabled();
  await create.button('imagine').click();
  await expect(create.error('prompt')).toContainText('Describe the object to imagine first');
  expect(host.sandbox!.ledger()).toEqual([]);

  await kiln.page.getByTestId('prompt').fill('a red ceramic teapot');
  await expect(create.error('prompt')).toHaveCount(0);
  await kiln.page.getByTestId('style').fill('clay');
  await expect(create.cost('imagine')).toHaveText('$0.05 · balance $25.00 → $24.95');
  await create.button('imagine').click();
  const concepts = kiln.page.getByTestId('concept');
  await expect(concepts).toHaveCount(1);
  await expect(concepts.first()).toHaveAttribute('aria-checked', 'true');
  await expect(concepts.first().locator('img')).toHaveJSProperty('naturalWidth', 512);

  // Imagine again keeps the first to pick from.
  await expect(create.button('imagine')).toHaveText('Imagine another');
  await create.button('imagine').click();
  await expect(concepts).toHaveCount(2);
  await expect(concepts.nth(1)).toHaveAttribute('aria-checked', 'true');
  await concepts.first().click();
  await expect(concepts.first()).toHaveAttribute('aria-checked', 'true');
  await expect(concepts.nth(1)).toHaveAttribute('aria-checked', 'false');

  await kiln.page.getByTestId('tier').selectOption('fast');
  await expect(create.cost('generate')).toHaveText('$0.20 · balance $24.90 → $24.70');
  await create.button('generate').click();
  const textJob = kiln.jobs.first();
  await expect(textJob).toContainText('a red ceramic teapot');
  await expect(concepts).toHaveCount(0);
  await expect(textJob).toHaveAttribute('data-job-state', 'done', { timeout: 60_000 });
  await kiln.waitForModel();
  const made = host.services.jobs.list().find((j) => j.kind === 'text')!;
  expect(made.modelId).toBeTruthy();
  expect(chargedOperations(host)).toEqual(['text.imagine', 'text.imagine', 'generate.text.fast']);

  // Retexture the model in the viewer from a photo: a new version opens.
  await create.mode('retexture');
  await expect(create.button('retexture')).toBeDisabled();
  await kiln.page.getByTestId('retexture-use-open').click();
  await expect(kiln.page.getByTestId('retexture-model')).toHaveText(
    await kiln.page.getByTestId('model-name').innerText(),
  );
  await create.drop([await photo('chelsea.png')], 'retexture-drop');
  await expect(kiln.page.getByTestId('photo-preview')).toContainText('chelsea.png');
  await expect(create.cost('retexture')).toHaveText('$0.30 · balance $24.70 → $24.40');
  await create.button('retexture').click();
  const again = kiln.jobs.first();
  await expect(again).toContainText('Retexture from chelsea.png');
  await expect(kiln.page.getByTestId('photo-preview')).toHaveCount(0);
  await expect(again).toHaveAttribute('data-job-state', 'done', { timeout: 60_000 });
  const version = host.services.jobs.list().find((j) => j.kind === 'retexture')!;
  expect(version.sourceModelId).toBe(made.modelId);
  expect(version.modelId).not.toBe(made.modelId);
  await expect(kiln.viewer).toHaveAttribute('data-viewer-state', 'ready', { timeout: 30_000 });
});
