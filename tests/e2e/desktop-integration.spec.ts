/**
 * The desktop features as the browser host offers them: a .glb opened with Kiln from this machine
 * (the host's command line, like a double-click in the desktop app) appears in the viewer; its
 * drag-out handle carries a Chromium `DownloadURL` whose URL really serves the file; "Show in
 * folder" says clearly that the browser cannot and where the file is; a file that is not a model
 * is refused with a sentence.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { coffeeModel } from '../support/fixture-models';
import { expect, test } from '../support/fixtures';

/** A binary STL of a tetrahedron, 10 mm a side (what a slicer or Kiln's own print export writes). */
function tetrahedronStl(): Buffer {
  const v = [
    [0, 0, 0],
    [10, 0, 0],
    [0, 10, 0],
    [0, 0, 10],
  ] as const;
  const faces = [
    [0, 2, 1],
    [0, 1, 3],
    [0, 3, 2],
    [1, 2, 3],
  ] as const;
  const out = Buffer.alloc(84 + faces.length * 50);
  out.writeUInt32LE(faces.length, 80);
  faces.forEach((f, i) => {
    const at = 84 + i * 50 + 12;
    f.forEach((vi, k) => v[vi].forEach((c, j) => out.writeFloatLE(c, at + k * 12 + j * 4)));
  });
  return out;
}

test('open an STL from the desktop: it shows in the viewer and drags out as an STL', async ({
  kiln,
  host,
}) => {
  const { page } = kiln;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-open-stl-'));
  try {
    const file = path.join(dir, 'Bracket.STL');
    await writeFile(file, tetrahedronStl());
    await host.openFiles([file]);
    await expect(page.getByTestId('model-name')).toHaveText('Bracket');
    await expect(kiln.viewer).toHaveAttribute('data-viewer-state', 'ready', { timeout: 60_000 });
    const handle = page.getByTestId('drag-out');
    await expect(handle).toHaveAttribute('data-ready', 'true');
    const { downloadUrl } = await kiln.dragOut();
    expect(downloadUrl).toMatch(/^model\/stl:Bracket\.stl:http:\/\/127\.0\.0\.1:\d+\/download\//);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('open a .glb from the desktop, drag it out, and ask to show it in its folder', async ({
  kiln,
  host,
}) => {
  const { page } = kiln;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-open-'));
  try {
    const model = await coffeeModel();
    const file = path.join(dir, 'Coffee cup.glb');
    await writeFile(file, model.bytes);

    // Opened while the page is up: the host tells the page, which shows the model.
    await host.openFiles([file]);
    await expect(page.getByTestId('model-name')).toHaveText('Coffee cup');
    await expect(kiln.viewer).toHaveAttribute('data-viewer-state', 'ready', { timeout: 60_000 });

    // The drag handle hands Chromium a DownloadURL (mime:name:url) for the cached file.
    const handle = page.getByTestId('drag-out');
    await expect(handle).toHaveAttribute('data-ready', 'true');
    await expect(handle).toHaveAttribute('draggable', 'true');
    await expect(handle).toHaveAccessibleName('Drag “Coffee cup.glb” to a folder or another app');
    const { downloadUrl, uriList } = await kiln.dragOut();
    const match =
      /^model\/gltf-binary:Coffee cup\.glb:(http:\/\/127\.0\.0\.1:\d+\/download\/[\w-]+)$/.exec(
        downloadUrl,
      );
    expect(match, downloadUrl).not.toBeNull();
    expect(uriList).toBe(match![1]);
    // What a drop on a folder downloads: the very bytes of the opened file, with no cookie needed,
    // once (the URL is a one-time ticket: the page that gets the drop can read it).
    const dropped = await fetch(match![1]!);
    expect(dropped.status).toBe(200);
    expect(new Uint8Array(await dropped.arrayBuffer())).toEqual(model.bytes);
    expect((await fetch(match![1]!)).status).toBe(404);

    // Show in folder: the browser cannot open a file manager, and says where the file is.
    await page.getByTestId('show-in-folder').click();
    const note = page.getByTestId('show-in-folder-note');
    await expect(note).toHaveAttribute('role', 'status');
    await expect(note).toContainText('“Show in folder” works in the Kiln desktop app');
    await expect(note).toContainText(path.join('cache', 'models'));

    // A file that is not a model: the page says why, and the open model stays.
    const notes = path.join(dir, 'notes.glb');
    await writeFile(notes, 'shopping list');
    await host.openFiles([notes]);
    await expect(page.getByRole('alert').filter({ hasText: 'notes.glb' })).toContainText(
      'is not a glTF 2.0 binary model',
    );
    await expect(page.getByTestId('model-name')).toHaveText('Coffee cup');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
