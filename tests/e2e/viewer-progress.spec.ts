/**
 * The viewer's loading bar shows only once opening a model has taken long enough to notice
 * (`PROGRESS_GRACE_MS`): a quick open or switch never flashes it, nor draws its frames while the
 * model is prepared; a slow one shows it, with its stage, until the model is on screen.
 */
import type { Route } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { LibraryPage } from '../support/library-page';
import { PROGRESS_GRACE_MS } from '../../renderer/src/viewer/loading/progress-stages';

test.use({ sandboxOptions: { seedModels: 2 } });

test('the loading bar waits out the grace, then shows until the model is on screen', async ({
  kiln,
}) => {
  test.setTimeout(120_000);
  const page = kiln.page;
  const viewer = kiln.viewer;

  // The model's file is held on its way to the page: the open lasts as long as the test wants,
  // whatever the machine's speed.
  const held: Route[] = [];
  await page.route('**/files/**/*.glb', (route) => void held.push(route));

  // When the viewer started loading and when the bar first appeared, by the page's own clock.
  await viewer.evaluate((root) => {
    const marks = { loading: 0, bar: 0 };
    (window as unknown as { __progressMarks: typeof marks }).__progressMarks = marks;
    new MutationObserver(() => {
      if (!marks.loading && root.getAttribute('data-viewer-state') === 'loading') {
        marks.loading = performance.now();
      }
      if (!marks.bar && root.querySelector('[data-testid="viewer-progress"]')) {
        marks.bar = performance.now();
      }
    }).observe(root, { attributes: true, childList: true, subtree: true });
  });

  const lib = new LibraryPage(page);
  await lib.open();
  await lib.expectTotal(2);
  await lib.card(0).dblclick();

  await expect(viewer).toHaveAttribute('data-viewer-state', 'loading');
  await expect(viewer.getByTestId('viewer-progress')).toBeVisible();
  const marks = await page.evaluate(
    () =>
      (window as unknown as { __progressMarks: { loading: number; bar: number } }).__progressMarks,
  );
  expect(marks.loading).toBeGreaterThan(0);
  // Not at once: a timer fires late on a busy machine, never early. (The bar's clock starts in
  // the commit that begins the load; the state attribute is written a few ms later, so the two
  // marks are compared with room for that.)
  expect(marks.bar - marks.loading).toBeGreaterThan(PROGRESS_GRACE_MS * 0.8);
  await expect(viewer.getByRole('progressbar', { name: 'Opening model' })).toBeVisible();

  // The file arrives: the model replaces the bar.
  expect(held.length).toBeGreaterThan(0);
  for (const route of held.splice(0)) await route.continue();
  await page.unroute('**/files/**/*.glb');
  await expect(viewer).toHaveAttribute('data-viewer-state', 'ready', { timeout: 60_000 });
  await expect(viewer.getByTestId('viewer-progress')).toHaveCount(0);
});
