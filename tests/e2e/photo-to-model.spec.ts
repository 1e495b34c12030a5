/**
 * The walking skeleton, end to end: a user drops a real photo, the sandbox builds a model from
 * it, Kiln polls the task, downloads the GLB and shows it in the viewer. (The refusals before
 * upload — a GIF, a 25 MB file — are in create-photo.spec.ts.)
 */
import sharp from 'sharp';
import { expect, test } from '../support/fixtures';

/** Share of pixels that differ clearly from the viewer's background colour. */
async function coverage(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r0, g0, b0] = [data[0]!, data[1]!, data[2]!]; // a corner pixel: the background
  let differing = 0;
  for (let i = 0; i < data.length; i += 3) {
    if (Math.abs(data[i]! - r0) + Math.abs(data[i + 1]! - g0) + Math.abs(data[i + 2]! - b0) > 40)
      differing++;
  }
  return differing / (info.width * info.height);
}

test('a dropped photo becomes a model on screen', async ({ kiln }) => {
  await expect(kiln.page.getByTestId('mode-badge')).toHaveText(/Sandbox/);
  await kiln.dropPhoto('coffee.png');
  await expect(kiln.page.getByTestId('photo-preview')).toContainText('coffee.png');
  await kiln.page.getByTestId('tier').selectOption('fast');
  await kiln.generate();

  const job = kiln.jobs.first();
  await expect(job).toContainText('coffee.png');
  await expect(job).toHaveAttribute('data-job-state', 'done', { timeout: 90_000 });
  await expect(job).toContainText('$'); // the cost of the call, from its billing

  const triangles = await kiln.waitForModel();
  // The fast tier's default is 70,000 triangles; the sandbox honours it within ±10 %.
  expect(triangles).toBeGreaterThan(63_000);
  expect(triangles).toBeLessThan(77_000);
  expect(await coverage(await kiln.viewerPixels())).toBeGreaterThan(0.05);
});

test('a failed generation reaches the user as a sentence, refunded', async ({ kiln }) => {
  // A uniform grey picture: the sandbox finds no object and fails the task.
  const grey = await sharp({
    create: { width: 320, height: 240, channels: 3, background: '#808080' },
  })
    .png()
    .toBuffer();
  await kiln.drop([{ name: 'grey.png', bytes: grey, type: 'image/png' }]);
  await kiln.page.getByTestId('tier').selectOption('fast');
  await kiln.generate();
  const job = kiln.jobs.first();
  await expect(job).toHaveAttribute('data-job-state', 'failed', { timeout: 60_000 });
  await expect(job.getByTestId('job-error')).toContainText('refunded');
  await expect(job.getByTestId('job-error')).not.toContainText(/\b[45]\d\d\b/);
});
