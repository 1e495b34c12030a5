/**
 * The Health panel: a generated model is checked in a worker and reads as sound and ready for
 * print and engines; a defective local file shows its hole and flipped triangle, each framed and
 * highlighted when clicked; the thin-wall heat map changes the picture.
 */
import { expect, test } from '../support/fixtures';
import { coffeeModel } from '../support/fixture-models';
import { defectiveBox, HealthPage, thinPlate } from '../support/health-page';
import { imageDifference, ViewerPage } from '../support/viewer-page';

test('a generated model is sound, and printable at a chosen size', async ({ kiln }) => {
  test.setTimeout(180_000);
  const viewer = new ViewerPage(kiln.page);
  await viewer.open(await coffeeModel());
  const health = new HealthPage(viewer);
  await health.open();

  await test.step('the report and the verdicts', async () => {
    const triangles = Number(await viewer.root.getAttribute('data-triangles'));
    await expect(health.fact('triangles')).toHaveText(triangles.toLocaleString('en-US'));
    await expect(health.fact('parts')).toHaveText('1');
    // The welded count first: what a slicer sees.
    await expect(health.fact('vertices')).toHaveText(/^[\d,]+ \([\d,]+ before welding within/);
    await expect(health.fact('holes')).toHaveText('0 (0)');
    await expect(health.fact('watertight')).toHaveText('Yes');
    await expect(health.fact('uv-sets')).toHaveText('1');
    await expect(health.fact('textures')).toHaveText('1024×1024');
    // Sound, and printable at the default 100 mm, with supports under the cup's overhangs.
    await expect(health.verdict('print')).toContainText('Ready for print');
    await expect(health.verdict('print')).toContainText('turn supports on in your slicer');
    await expect(health.verdict('engines')).toContainText('Ready for engines');
  });

  await test.step('printability at a size', async () => {
    await health.printed();
    await expect(health.panel.getByTestId('health-print-fits')).toHaveText('Yes');
    await expect(health.panel.getByTestId('health-print-size')).toHaveText(/^100 × /);
    await expect(health.panel.getByTestId('health-print-volume')).toHaveText(/cm³$/);
    // Too large for the printer at 400 mm.
    await health.panel.getByTestId('health-length').fill('400');
    await expect(health.panel.getByTestId('health-print-fits')).toHaveText('No');
    await expect(health.verdict('print')).toContainText('does not fit the build volume');
  });
});

test('a 0.3 mm wall shows as a heat map over the model', async ({ kiln }) => {
  test.setTimeout(120_000);
  const viewer = new ViewerPage(kiln.page);
  await viewer.open(await thinPlate());
  const health = new HealthPage(viewer);
  await health.open();
  await health.panel.getByTestId('health-length').fill('30');
  await health.panel.getByTestId('health-overlay-none').check();
  await health.printed();
  await viewer.waitIdle();
  const plain = await viewer.pixels();

  await health.panel.getByTestId('health-overlay-thickness').check();
  await health.printed();
  await expect(health.panel.getByTestId('health-print-thin')).toHaveText('98 % of the surface');
  await expect(health.verdict('print')).toContainText('Watertight, with thin walls');
  await expect(health.verdict('print')).toContainText('print it at least 80 mm long');
  await viewer.waitIdle();
  const heat = await viewer.pixels();
  expect(imageDifference(heat, plain)).toBeGreaterThan(2);

  // Resin allows 0.4 mm walls: still too thin. At 0.2 mm the heat map goes.
  await health.panel.getByTestId('health-process').selectOption('resin');
  await expect(health.panel.getByTestId('health-min-wall')).toHaveValue('0.4');
  await health.panel.getByTestId('health-min-wall').fill('0.1');
  await expect(health.panel.getByTestId('health-print-thin')).toHaveText('0 % of the surface');
  await viewer.waitIdle();
  expect(imageDifference(await viewer.pixels(), plain)).toBeLessThan(0.5);
});

test('a defective local file shows its hole and flipped triangle, framed when clicked', async ({
  kiln,
}) => {
  test.setTimeout(120_000);
  const viewer = new ViewerPage(kiln.page);
  await viewer.open(await defectiveBox());
  const health = new HealthPage(viewer);
  await health.open();

  await expect(health.fact('holes')).toHaveText('1 (4)');
  await expect(health.fact('flipped')).toHaveText('1');
  await expect(health.fact('watertight')).toHaveText('No — 1 hole, 1 flipped triangle');
  await expect(health.verdict('print')).toHaveAttribute('data-level', 'repair');
  await expect(health.verdict('print')).toContainText('Needs repair: 1 hole, 1 flipped triangle');
  await expect(health.verdict('print')).toContainText('print file (Tools → Print)');
  await expect(health.verdict('engines')).toContainText('Needs repair: 1 flipped triangle');

  const issues = health.panel.getByTestId('health-issue');
  await expect(issues.first()).toHaveText('Hole 1 · 4 open edges');
  await viewer.waitIdle();
  const whole = await viewer.pixels();
  await issues.first().click();
  await expect(issues.first()).toHaveAttribute('aria-pressed', 'true');
  await viewer.waitIdle();
  const framed = await viewer.pixels();
  // The camera moved onto the hole, whose edges are drawn over the model.
  expect(imageDifference(framed, whole)).toBeGreaterThan(3);
  const flipped = health.panel.locator('[data-issue-kind="flipped"]');
  await flipped.click();
  await expect(flipped).toHaveAttribute('aria-pressed', 'true');
  await expect(issues.first()).toHaveAttribute('aria-pressed', 'false');
});
