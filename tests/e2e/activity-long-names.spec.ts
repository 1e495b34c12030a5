/**
 * Activity with one long job name (a text prompt as an artist writes it): every card stays
 * inside the panel, the long name ellipsizes with the whole prompt in its tooltip, and every
 * card still shows its version and price.
 */
import { expect, test } from '../support/fixtures';
import { CreatePage } from '../support/create-page';

const PROMPT =
  'a weathered bronze statue of a sea captain holding a brass telescope, standing on a ' +
  'barnacle-covered rock with a coil of rope at his feet, greenish patina in the folds of his ' +
  'long coat';

test('a long prompt ellipsizes; every card fits the panel and shows its version and price', async ({
  kiln,
}) => {
  test.setTimeout(120_000);
  const page = kiln.page;
  const create = new CreatePage(kiln);
  // A photo job first, so there is a short-named card beside the long one.
  await kiln.generateFast('coffee.png');

  await create.mode('text');
  await page.getByTestId('prompt').fill(PROMPT);
  await create.button('imagine').click();
  await expect(page.getByTestId('concept')).toHaveCount(1);
  await page.getByTestId('tier').selectOption('fast');
  await create.button('generate').click();
  await expect(kiln.jobs).toHaveCount(2);
  const long = kiln.jobs.first();
  await expect(long.getByTestId('job-source')).toHaveAttribute('title', PROMPT);

  const panel = page.locator('.right-panel');
  const box = (await panel.boundingBox())!;
  for (const job of await kiln.jobs.all()) {
    const card = (await job.boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(box.x + box.width);
    // Version and price are on screen, inside the card.
    for (const id of ['job-version', 'job-cost']) {
      const part = job.getByTestId(id);
      await expect(part).toBeVisible();
      const b = (await part.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(card.x + card.width);
    }
  }
  expect(
    await long
      .getByTestId('job-source')
      .evaluate((el) => el.scrollWidth > el.clientWidth && el.clientWidth > 0),
  ).toBe(true);
  // The panel itself does not scroll sideways.
  expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
