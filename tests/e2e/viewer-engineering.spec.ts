/**
 * The viewer's engineering promises: nothing is drawn while idle, opening and closing models
 * gives every GPU resource back, and a million-triangle model with a 4K texture opens without
 * freezing the page.
 */
import { expect, test } from '../support/fixtures';
import {
  coffeeModel,
  dracoModel,
  largeModel,
  riggedModel,
  splitModel,
} from '../support/fixture-models';
import { ViewerPage } from '../support/viewer-page';

test('an idle viewer draws no frame in 5 s, with grid, dimensions and HDR light on', async ({
  kiln,
}) => {
  const viewer = new ViewerPage(kiln.page);
  await viewer.open(await coffeeModel());
  await viewer.control('viewer-grid').click();
  await viewer.control('viewer-dimensions').click();
  const scene = await viewer.tab('scene');
  await scene.getByTestId('viewer-environment').selectOption('sunny');
  await viewer.waitDrawn('env=sunny');
  await kiln.page.mouse.move(2, 2); // no input over the canvas from here on

  const before = await viewer.waitIdle();
  await kiln.page.waitForTimeout(5_000);
  expect(await viewer.frames()).toBe(before);
});

test('opening and closing 20 models gives back every geometry, texture and program', async ({
  kiln,
}) => {
  test.setTimeout(180_000);
  const viewer = new ViewerPage(kiln.page);
  const models = [await coffeeModel(), await riggedModel(), await splitModel(), await dracoModel()];

  // Warm-up: one of each kind. The first model shown makes the viewer's persistent helpers (the
  // ground shadow's render targets and plane, the environment's pre-filtered map, the helper
  // shaders, and three's cached shader variants such as skinned depth): made once, kept for the
  // canvas's life, so they belong to the start line, not to any model.
  for (const model of models) {
    await viewer.open(model);
    await viewer.close();
  }
  await viewer.waitIdle();
  const start = await viewer.glCounts();

  for (let i = 0; i < 20; i++) {
    await viewer.open(models[i % models.length]!);
    const open = await viewer.glCounts();
    expect(open.geometries).toBeGreaterThan(start.geometries);
    expect(open.textures).toBeGreaterThan(start.textures);
    await viewer.close();
    await expect.poll(() => viewer.glCounts()).toEqual(start);
  }
  console.log('renderer.info (geometries, textures, programs) at start and end:', start);
});

test('a million-triangle model with a 4K texture opens without freezing the page', async ({
  kiln,
}) => {
  test.setTimeout(180_000);
  const viewer = new ViewerPage(kiln.page);
  // Record main-thread tasks longer than 50 ms while the model opens.
  await kiln.page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  const model = await largeModel();
  await viewer.drop(model);
  await expect(viewer.control('viewer-progress')).toBeVisible();
  // The page keeps answering while the model is prepared: a panel opens, and it opens before
  // the model is ready (the click is handled between the stages, not after them).
  await viewer.control('viewer-tab-stats').click();
  await expect(viewer.control('viewer-panel-stats')).toBeVisible();
  expect(await viewer.root.getAttribute('data-viewer-state')).toBe('loading');
  await expect(viewer.root).toHaveAttribute('data-viewer-state', 'ready', { timeout: 150_000 });

  const triangles = Number(await viewer.root.getAttribute('data-triangles'));
  expect(triangles).toBeGreaterThan(900_000);
  const panel = viewer.control('viewer-panel-stats');
  await expect(panel.getByTestId('viewer-texture-list')).toContainText('4096 × 4096 · PNG');
  await expect(panel.getByTestId('viewer-stat-gpu')).toHaveText(/≈ \d+ MB/);
  const tasks = await kiln.page.evaluate(
    () => (window as unknown as { __longTasks: number[] }).__longTasks,
  );
  console.log(`main-thread tasks over 50 ms while opening: ${tasks.map(Math.round).join(', ')} ms`);
});
