/**
 * A photo dropped on the viewer goes to Create as the photo to make a model from (several: a
 * batch; views while the Views flow is open), instead of being refused as "not a model".
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { photo, type DropFile } from '../support/create-page';

/** Drags `files` over the viewer and drops them on its "Open" zone, as a file manager does. */
async function dropOnViewer(page: Page, files: readonly DropFile[]): Promise<void> {
  const viewer = page.getByTestId('viewer');
  const dataTransfer = await page.evaluateHandle(
    (items) => {
      const dt = new DataTransfer();
      for (const item of items) {
        const bytes = Uint8Array.from(atob(item.b64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], item.name, { type: item.type }));
      }
      return dt;
    },
    files.map((f) => ({
      name: f.name,
      type: f.type,
      b64: Buffer.from(f.bytes).toString('base64'),
    })),
  );
  await viewer.dispatchEvent('dragenter', { dataTransfer });
  await viewer.getByTestId('viewer-drop-open').dispatchEvent('drop', { dataTransfer });
  await dataTransfer.dispose();
}

const createTab = (page: Page): Locator => page.getByRole('tab', { name: 'Create' });

test('a photo dropped on the viewer lands in Create, ready to generate', async ({ kiln }) => {
  const page = kiln.page;
  // The artist is browsing the library when they drop the photo.
  await page.getByRole('tab', { name: 'Library' }).click();
  await dropOnViewer(page, [await photo('coffee.png')]);

  await expect(createTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('photo-preview')).toContainText('coffee.png');
  await expect(page.getByTestId('viewer-drop-error')).toHaveCount(0);
  await expect(page.getByTestId('generate')).toBeEnabled();

  // Several photos: a batch.
  await dropOnViewer(page, [await photo('chelsea.png'), await photo('coffee.png', 'mug.png')]);
  await expect(page.getByTestId('batch')).toContainText('Batch of 3 photos');
});

test('photos dropped on the viewer become views while the Views flow is open', async ({ kiln }) => {
  const page = kiln.page;
  await page.getByTestId('create-mode-views').click();
  await dropOnViewer(page, [
    await photo('coffee.png', 'front.png'),
    await photo('chelsea.png', 'back.png'),
  ]);
  await expect(page.getByTestId('view-slot')).toHaveCount(2);
});
