/**
 * Switching models, the viewer draws nothing the artist did not ask for while it prepares the next
 * one: the loading bar shows only once the open has taken long enough to notice
 * (`PROGRESS_GRACE_MS`), and the toolbar's tools go disabled without a fade. A slow open shows
 * the bar, with its stage, until the model is on screen.
 */
import type { Route } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { LibraryPage } from '../support/library-page';
import { PROGRESS_GRACE_MS } from '../../renderer/src/viewer/loading/progress-stages';

// With the OS's motion on (the suite runs with reduced motion): the fades are what is checked.
test.use({ sandboxOptions: { seedModels: 2 }, reducedMotion: 'no-preference' });

/** What the page noted of the second open (see the observer below). */
interface Marks {
  loading: number;
  bar: number;
  animating: string[];
}

test('switching models animates nothing at once; a slow open shows the bar until the model is on screen', async ({
  kiln,
}) => {
  test.setTimeout(120_000);
  const page = kiln.page;
  const viewer = kiln.viewer;
  const lib = new LibraryPage(page);
  await lib.open();
  await lib.expectTotal(2);
  await lib.card(1).dblclick();
  await expect(viewer).toHaveAttribute('data-viewer-state', 'ready', { timeout: 60_000 });

  // The next model's file is held on its way to the page: the open lasts as long as the test
  // wants, whatever the machine's speed.
  const held: Route[] = [];
  await page.route('**/files/**/*.glb', (route) => void held.push(route));

  // By the page's own clock: when the viewer started loading, what in it was animating then (the
  // tools go disabled in that very commit), and when the bar first appeared.
  await viewer.evaluate((root) => {
    const marks: Marks = { loading: 0, bar: 0, animating: [] };
    (window as unknown as { __marks: Marks }).__marks = marks;
    new MutationObserver(() => {
      if (!marks.loading && root.getAttribute('data-viewer-state') === 'loading') {
        marks.loading = performance.now();
        marks.animating = document
          .getAnimations()
          .filter((a) => root.contains((a.effect as KeyframeEffect | null)?.target ?? null))
          .map(
            (a) =>
              `${(a as CSSTransition).transitionProperty ?? (a as CSSAnimation).animationName}`,
          );
      }
      if (!marks.bar && root.querySelector('[data-testid="viewer-progress"]')) {
        marks.bar = performance.now();
      }
    }).observe(root, { attributes: true, childList: true, subtree: true });
  });
  await lib.card(0).dblclick();

  await expect(viewer).toHaveAttribute('data-viewer-state', 'loading');
  await expect(viewer.getByTestId('viewer-progress')).toBeVisible();
  const marks = await page.evaluate(() => (window as unknown as { __marks: Marks }).__marks);
  expect(marks.loading).toBeGreaterThan(0);
  expect(marks.animating).toEqual([]);
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
