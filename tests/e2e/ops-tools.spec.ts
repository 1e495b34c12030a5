/**
 * Every post-processing tool on a model made through the API, end to end against the sandbox:
 * cost before running, fields checked before anything is sent, the job's states, the file saved
 * with a safe name in the chosen folder, and the results opened the way they should (parts
 * listed, a remesh previewed, a rig playing its clips).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { callHost, OpsPage, seededModel } from '../support/ops-page';

test.use({ sandboxOptions: { seedModels: 1 } });

test('every tool runs on an API model and saves or opens its result', async ({ kiln, host }) => {
  // Seven builds and three models on screen: allow for a busy two-core machine.
  test.setTimeout(240_000);
  const page = kiln.page;
  const ops = new OpsPage(page);
  await page.getByTestId('tab-tools').click();
  await expect(page.getByTestId('tools-empty')).toBeVisible();

  // Split a library model (as the library would) and open the split version from Activity.
  const seeded = await seededModel(host, 'api');
  await callHost(host, 'ops:run', { modelId: seeded, op: { kind: 'parts' } });
  const jobs = await ops.activity();
  const partsJob = jobs.filter({ hasText: 'Split into parts' });
  await expect(partsJob).toHaveAttribute('data-job-state', 'done', { timeout: 30_000 });
  await expect(partsJob.getByTestId('job-cost')).toHaveText('$0.30');
  await partsJob.getByTestId('job-open').click();
  await kiln.waitForModel();
  await expect(page.getByTestId('viewer-panel-parts')).toBeVisible();
  // The parts list is a chunk of its own (fetched at idle): wait for its rows, then count them.
  await expect(page.getByTestId('viewer-part').first()).toBeVisible();
  expect(await page.getByTestId('viewer-part').count()).toBeGreaterThan(1);

  // The folder: a relative path is refused at the field, a full one is used.
  const folder = path.join(host.services.settings.get().exportDir, 'chosen');
  await ops.saveIn('relative/folder');
  await expect(page.getByTestId('ops-folder-error')).toContainText('full path');
  await ops.saveIn(folder);
  await expect(page.getByTestId('ops-folder-error')).toHaveCount(0);

  // Export: free for API models, FBX saved under the server's name made safe.
  const exp = await ops.tool('export');
  await expect(exp.getByTestId('cost-line')).toHaveText('Free');
  await expect(exp).toContainText('Free for models made through the API');
  await exp.getByTestId('export-format').selectOption('fbx');
  const exported = await ops.run('export');
  await expect(exported.getByTestId('saved-path')).toContainText(folder);
  await expect(exported.getByTestId('saved-path')).toHaveText(/\.fbx$/);

  // Print: the live size preview follows the length; bad fields send nothing.
  const print = await ops.tool('print');
  await print.getByTestId('print-length').fill('200');
  const preview = print.getByTestId('print-preview');
  await expect(preview).toHaveText(/Printed size: .*200.* mm/);
  const sides = (await preview.textContent())!.match(/[\d.]+/g)!.map(Number);
  expect(Math.max(...sides.slice(0, 3))).toBe(200);
  await print.getByTestId('print-length').fill('20');
  await expect(print.getByTestId('field-error')).toContainText('from 30 to 400');
  await print.getByTestId('print-length').fill('120');
  await print.getByTestId('palette-text').fill('#ff0000, orange');
  await expect(print.getByTestId('palette-error')).toContainText('“orange” is not a colour');
  const before = await page.getByTestId('job').count();
  await print.getByTestId('print-run').click();
  await expect(print.getByTestId('op-refused')).toContainText('nothing was sent');
  expect(await page.getByTestId('job').count()).toBe(before);
  await print.getByTestId('palette-text').fill('#FF0000, #00ff00');
  await print.getByTestId('palette-add').click();
  await expect(print.getByTestId('palette-swatch')).toHaveCount(3);
  // The column's widest form fits it: nothing runs off its right edge.
  const column = page.getByRole('region', { name: 'Tools and activity' });
  const overflowing = await column.evaluate((el) => {
    const edge = el.getBoundingClientRect().right + 0.5;
    return [...el.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > edge)
      .map((e) => `${e.tagName.toLowerCase()} ${e.getAttribute('data-testid') ?? e.className}`);
  });
  expect(overflowing, 'elements of the Tools column past its right edge').toEqual([]);
  await expect(print.getByTestId('print-colors')).toBeDisabled();
  await print.getByTestId('print-format').selectOption('3mf');
  await print.getByTestId('print-hollow').check();
  const printed = await ops.run('print');
  await expect(printed.getByTestId('saved-path')).toHaveText(/\.3mf$/);

  // Quad remesh: faces shown rounded, paid build priced before running, GLB previewed.
  const retopo = await ops.tool('retopo');
  await retopo.getByTestId('retopo-faces').fill('1234');
  await expect(retopo.getByTestId('retopo-faces-rounded')).toContainText('about 1,200 quads');
  await expect(retopo.getByTestId('cost-line')).toContainText('$0.25 · balance');
  await retopo.getByTestId('retopo-symmetry').check();
  const remeshed = await ops.run('retopo');
  await expect(remeshed).toContainText('Ready');
  await remeshed.getByTestId('job-open').click();
  await expect(page.getByTestId('tools-preview-note')).toContainText('saved file');
  await expect(kiln.viewer).toHaveAttribute('data-model-name', /retopo/i);
  await kiln.waitForModel();
  await page.getByRole('button', { name: 'Back to the model' }).click();
  await expect(page.getByTestId('tools-preview-note')).toHaveCount(0);

  // Game pack: the size in metres is checked, then the pack is saved.
  const game = await ops.tool('gamepack');
  await game.getByTestId('game-engine').selectOption('godot');
  await game.getByTestId('game-size').fill('0');
  await expect(game.getByTestId('field-error')).toContainText('more than 0');
  await game.getByTestId('game-size').fill('1.5');
  const pack = await ops.run('gamepack');
  await expect(pack.getByTestId('saved-path')).toHaveText(/\.zip$/);

  // Papercraft maker: saved.
  const maker = await ops.tool('make');
  await expect(maker.getByTestId('maker-kind')).toContainText('Papercraft');
  const made = await ops.run('make');
  await expect(made.getByTestId('saved-path')).toHaveText(/\.zip$/);

  // Rig: the rigged version opens by itself, its clips playing.
  const rig = await ops.tool('rig');
  await rig.getByTestId('rig-kind').selectOption('generic');
  await rig.getByTestId('rig-run').click();
  await expect(kiln.viewer).toHaveAttribute('data-clips', /[1-9]/, { timeout: 60_000 });
  await expect(page.getByTestId('viewer-animation')).toHaveAttribute('data-playing', 'true');

  // Everything landed in the chosen folder, under safe names.
  const files = await readdir(folder);
  expect(files.filter((f) => !f.startsWith('.')).sort()).toHaveLength(6);
  for (const f of files) expect(f).toMatch(/^[\w ().-]+$/);
});
