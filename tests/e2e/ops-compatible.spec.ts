/**
 * "Compatible GLB (PNG/JPEG textures)": the Export tool converts a model made through the API on
 * this computer, for free, into a GLB whose textures every importer reads (no required
 * `EXT_texture_webp`); the saved file opens in the viewer and parses with three.js; and with the
 * drag-out setting on, a library model drags out as that compatible file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AccountModule } from '../support/account-page';
import { expect, test } from '../support/fixtures';
import { LibraryPage } from '../support/library-page';
import { callHost, OpsPage, seededModel } from '../support/ops-page';
import { parseWithThree } from '../support/three-parse';

test.use({ sandboxOptions: { seedModels: 1 } });

/** The JSON chunk of a GLB. */
function gltfJson(glb: Uint8Array): { extensionsRequired?: string[]; images?: unknown[] } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const length = view.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as {
    extensionsRequired?: string[];
  };
}

test('export a compatible GLB and open it in the viewer', async ({ kiln, host }) => {
  test.setTimeout(180_000);
  const { page } = kiln;
  const ops = new OpsPage(page);
  const lib = new LibraryPage(page);
  const modelId = await seededModel(host, 'api');
  const { name } = await callHost<{ name: string }>(host, 'library:model', { modelId });

  await lib.open();
  await lib.search(name);
  await lib.select(0);
  await lib.detail.getByTestId('detail-open').click();
  await kiln.waitForModel();

  const folder = path.join(host.services.settings.get().exportDir, 'compatible');
  await ops.saveIn(folder);
  const exp = await ops.tool('export');
  await exp.getByTestId('export-format').selectOption('compatible');
  // Its own options instead of the service's texture choice, and free.
  await expect(exp.getByTestId('export-texture')).toHaveCount(0);
  await expect(exp.getByTestId('export-compression')).toHaveValue('none');
  await expect(exp.getByTestId('cost-line')).toHaveText('Free');
  await exp.getByTestId('export-size-budget').fill('ten');
  await exp.getByTestId('export-run').click();
  await expect(exp).toContainText('Enter the largest file size in MB');
  await exp.getByTestId('export-size-budget').fill('');

  const status = await ops.run('export', 'done', 90_000);
  await expect(status).toContainText('Opens in every glTF 2.0 importer');
  const saved = (await status.getByTestId('saved-path').textContent())!;
  expect(path.dirname(saved)).toBe(folder);
  expect(saved).toMatch(/\.glb$/);
  const bytes = new Uint8Array(await readFile(saved));
  expect(gltfJson(bytes).extensionsRequired ?? []).not.toContain('EXT_texture_webp');
  const parsed = await parseWithThree(bytes);
  expect(parsed.triangles).toBeGreaterThan(0);
  expect(parsed.textures).toBeGreaterThan(0);

  // The saved file opens in the viewer.
  await status.getByTestId('job-open').click();
  await expect(page.getByTestId('model-name')).not.toHaveText(name);
  await kiln.waitForModel();
});

test('with the setting on, a library model drags out as its compatible GLB', async ({
  kiln,
  host,
}) => {
  test.setTimeout(120_000);
  const { page } = kiln;
  const lib = new LibraryPage(page);
  const modelId = await seededModel(host, 'api');
  const { name } = await callHost<{ name: string }>(host, 'library:model', { modelId });
  // Account → Settings: saved as it is clicked (the box follows the saved setting).
  const account = new AccountModule(page);
  await account.open('settings', 'files');
  const box = page.getByTestId('setting-dragOutCompatible');
  await expect(box).not.toBeChecked();
  await box.click();
  await expect(box).toBeChecked();
  await expect.poll(() => host.services.settings.get().dragOutCompatible).toBe(true);
  await account.close();

  await lib.open();
  await lib.search(name);
  await lib.select(0);
  await lib.detail.getByTestId('detail-open').click();
  await kiln.waitForModel();
  const handle = page.getByTestId('drag-out');
  await expect(handle).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  const { uriList } = await kiln.dragOut();
  const dropped = new Uint8Array(await (await fetch(uriList)).arrayBuffer());
  expect(gltfJson(dropped).extensionsRequired ?? []).not.toContain('EXT_texture_webp');
  expect((await parseWithThree(dropped)).textures).toBeGreaterThan(0);
});
