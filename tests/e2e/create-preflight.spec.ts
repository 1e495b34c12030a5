/**
 * The photo preflight in Create (issue 33): a blurred photo shows its warning beside the price
 * and still generates when the artist insists; "Use the crop" makes a new photo and generates
 * from it; a batch leaves its flagged photos out when asked, before the one price is quoted.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from '../support/fixtures';
import { chargedOperations, CreatePage, photo, type DropFile } from '../support/create-page';

async function blurred(name: string): Promise<DropFile> {
  const { bytes } = await photo('coffee.png');
  return { name, bytes: await sharp(bytes).blur(4).png().toBuffer(), type: 'image/png' };
}

/** The coffee photo small in the middle of a plain 1200×800 backdrop: a crop is worth it. */
async function farAway(): Promise<DropFile> {
  const { bytes } = await photo('coffee.png');
  const padded = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: '#c9c3b8' },
  })
    .composite([{ input: Buffer.from(bytes), left: 300, top: 200 }])
    .png()
    .toBuffer();
  return { name: 'far.png', bytes: padded, type: 'image/png' };
}

test('a blurred photo: the warning beside the price, and it generates anyway', async ({
  kiln,
  host,
}) => {
  const create = new CreatePage(kiln);
  await create.drop([await blurred('soft.png')]);
  const verdict = kiln.page.getByTestId('preflight-verdict');
  await expect(verdict).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(verdict).toHaveAttribute('data-warnings', /\bblur\b/);
  await expect(verdict).toContainText('The photo is blurred');
  await expect(verdict).toContainText('You can still generate anyway.');
  await expect(create.cost('generate')).toContainText('balance $25.00');
  await expect(create.button('generate')).toBeEnabled();
  // The photo card shows the worker's small copy of the photo (480 px on its longest side): the
  // page decodes no photo of its own, which would compete with the check for the cores.
  const card = kiln.page.getByTestId('photo-preview');
  const shown = card.getByRole('img', { name: 'Preview of soft.png' });
  await expect(shown).toBeVisible();
  expect(await shown.evaluate((e) => [e.tagName, (e as HTMLCanvasElement).width])).toEqual([
    'CANVAS',
    480,
  ]);
  await expect(card.locator('img')).toHaveCount(0);

  await create.button('generate').click();
  await expect(kiln.jobs).toHaveCount(1);
  await expect(kiln.jobs.first()).toContainText('soft.png');
  await expect(kiln.jobs.first()).toHaveAttribute('data-job-state', 'done', { timeout: 60_000 });
  expect(chargedOperations(host)).toHaveLength(1);
});

test('"Use the crop" makes a new photo and generates from it', async ({ kiln, host }) => {
  const create = new CreatePage(kiln);
  await create.drop([await farAway()]);
  const verdict = kiln.page.getByTestId('preflight-verdict');
  await expect(verdict).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(kiln.page.getByTestId('preflight-cutout')).toBeVisible();
  await kiln.page.getByTestId('preflight-use-crop').click();

  const preview = kiln.page.getByTestId('photo-preview');
  await expect(preview).toContainText('far-crop.png');
  // The new photo is checked in its turn; its object now fills it, so no further crop.
  await expect(verdict).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(kiln.page.getByTestId('preflight-use-crop')).toHaveCount(0);

  await create.button('generate').click();
  await expect(kiln.jobs.first()).toContainText('far-crop.png');
  await expect(kiln.jobs.first()).toHaveAttribute('data-job-state', 'done', { timeout: 60_000 });
  expect(chargedOperations(host)).toHaveLength(1);
});

/**
 * The coffee photo as a 12-megapixel portrait, twice: as a PNG whose pixels stand upright, and
 * as a phone writes it, a JPEG stored on its side with EXIF orientation 6 ("turn a quarter
 * clockwise to show").
 */
async function portraitTwice(): Promise<{ upright: DropFile; phone: DropFile }> {
  const { bytes } = await photo('coffee.png');
  const upright = await sharp(bytes).resize(3000, 4000, { fit: 'fill' }).png().toBuffer();
  const phone = await sharp(upright)
    .rotate(270)
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return {
    upright: { name: 'upright.png', bytes: upright, type: 'image/png' },
    phone: { name: 'phone.jpg', bytes: phone, type: 'image/jpeg' },
  };
}

test("a phone's 12 MP JPEG, turned by its EXIF orientation, is checked as the artist sees it", async ({
  kiln,
}) => {
  // A JPEG is decoded at a fraction of its size (WebCodecs), any other photo whole: both must
  // give the check and the card the same upright photo.
  const create = new CreatePage(kiln);
  const verdict = kiln.page.getByTestId('preflight-verdict');
  const { upright, phone } = await portraitTwice();
  const shown = async (file: DropFile) => {
    await create.drop([file]);
    const canvas = kiln.page
      .getByTestId('photo-preview')
      .getByRole('img', { name: `Preview of ${file.name}` });
    await expect(canvas).toBeVisible();
    await expect(verdict).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    const png = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));
    return sharp(Buffer.from(png.slice(png.indexOf(',') + 1), 'base64'))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  };
  const a = await shown(upright);
  const b = await shown(phone);
  expect([b.info.width, b.info.height]).toEqual([360, 480]);
  expect([a.info.width, a.info.height]).toEqual([360, 480]);
  let difference = 0;
  for (let i = 0; i < a.data.length; i++) difference += Math.abs(a.data[i]! - b.data[i]!);
  // The same picture up to JPEG and resampling (a quarter turn the wrong way: ~40).
  expect(difference / a.data.length).toBeLessThan(6);
});

/** A rendered view of the test set's bison (`tests/preflight/photos/views`). */
async function bisonView(side: 'front' | 'left' | 'back' | 'right'): Promise<DropFile> {
  const name = `wuson-a-${side}.png`;
  const file = path.resolve(import.meta.dirname, '../preflight/photos/views', name);
  return { name, bytes: await readFile(file), type: 'image/png' };
}

test('views with a side first: the sentence names the slot that looks like the front', async ({
  kiln,
}) => {
  const create = new CreatePage(kiln);
  await create.mode('views');
  await create.drop([await bisonView('left'), await bisonView('front')], 'views-drop');
  const order = kiln.page.locator(
    '[data-testid="preflight-views-warning"][data-kind="views-order"]',
  );
  await expect(order).toContainText('View 2 (“wuson-a-front.png”) looks like the front', {
    timeout: 30_000,
  });
  await expect(order).toContainText('drag it to slot 1');
  // A warning, never a block: Generate stays available with its price.
  await expect(create.button('generate')).toBeEnabled();

  // The front moved to slot 1 (its Move up button): the sentence goes.
  await kiln.page.getByTestId('view-up').nth(1).click();
  await expect.poll(() => create.slotNames()).toEqual(['wuson-a-front.png', 'wuson-a-left.png']);
  await expect(order).toHaveCount(0);
});

test("a view's crop takes that view's place, and the views generate with it", async ({
  kiln,
  host,
}) => {
  const create = new CreatePage(kiln);
  await create.mode('views');
  await create.drop([await farAway(), await photo('coffee.png', 'back.png')], 'views-drop');
  const verdicts = kiln.page.getByTestId('preflight-verdict');
  await expect(verdicts).toHaveCount(2);
  for (const v of await verdicts.all())
    await expect(v).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await verdicts.first().getByTestId('preflight-use-crop').click();

  // The crop stands in the first slot, still the front; the other view is untouched.
  await expect.poll(() => create.slotNames()).toEqual(['far-crop.png', 'back.png']);
  expect(await create.slotLabels()).toEqual(['front', 'back']);
  await expect(verdicts.first()).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(kiln.page.getByTestId('preflight-use-crop')).toHaveCount(0);

  await create.button('generate').click();
  await expect(kiln.jobs.first()).toHaveAttribute('data-job-state', 'done', { timeout: 60_000 });
  expect(chargedOperations(host)).toHaveLength(1);
});

test('a batch leaves its flagged photos out when asked, then quotes one price', async ({
  kiln,
}) => {
  const create = new CreatePage(kiln);
  await create.drop([
    await photo('coffee.png', 'cup-1.png'),
    await blurred('cup-soft.png'),
    await photo('coffee.png', 'cup-2.png'),
  ]);
  await expect(kiln.page.getByTestId('batch')).toContainText('Batch of 3 photos');
  const summary = kiln.page.getByTestId('preflight-batch');
  await expect(summary).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(summary).toHaveAttribute('data-flagged', '1');
  await expect(summary).toContainText('1 of 3 photos has a warning: “cup-soft.png” (blur)');
  const threePrice = await create.cost('generate').textContent();

  await kiln.page.getByTestId('preflight-leave-out').click();
  await expect(kiln.page.getByTestId('batch')).toContainText('Batch of 2 photos');
  await expect(kiln.page.getByTestId('batch')).not.toContainText('cup-soft.png');
  await expect(summary).toContainText('Every photo looks good.');
  await expect(create.cost('generate')).not.toHaveText(threePrice ?? '');

  await create.button('generate').click();
  await expect(kiln.jobs).toHaveCount(2);
});
