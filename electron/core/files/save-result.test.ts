/**
 * Saving results: a free name that never replaces a file, and the hard-linked twin that lets a
 * restart adopt a result saved just before Kiln was killed (instead of saving it twice).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../ports';
import { findSavedTwin, saveResult } from './save-result';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'kiln-save-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('saveResult', () => {
  it('never replaces a file and leaves no temporary file', async () => {
    await writeFile(path.join(folder, 'cup.stl'), 'mine');
    const saved = await saveResult({
      response: new Response('solid cup'),
      folder,
      fileName: 'cup.stl',
      clock: systemClock,
    });
    expect(path.basename(saved.path)).toBe('cup (2).stl');
    expect(await readFile(path.join(folder, 'cup.stl'), 'utf8')).toBe('mine');
    expect((await readdir(folder)).sort()).toEqual(['cup (2).stl', 'cup.stl']);
  });

  it('tells where the result went before removing its temporary twin', async () => {
    let partial = '';
    let twinSeen: string | undefined;
    await saveResult({
      response: new Response('solid cup'),
      folder,
      fileName: 'cup.stl',
      clock: systemClock,
      onPartial: async (p) => {
        partial = p;
      },
      // A kill here leaves the temporary file: the next run finds the final file through it.
      onClaimed: async () => {
        twinSeen = await findSavedTwin(partial);
      },
    });
    expect(twinSeen).toBe(path.join(folder, 'cup.stl'));
    expect(await findSavedTwin(partial)).toBeUndefined();
  });

  it('claims no name once the core is closing, and leaves nothing behind', async () => {
    const closing = new AbortController();
    closing.abort();
    await expect(
      saveResult({
        response: new Response('solid cup'),
        folder,
        fileName: 'cup.stl',
        clock: systemClock,
        signal: closing.signal,
      }),
    ).rejects.toThrow();
    expect(await readdir(folder)).toEqual([]);
  });

  it('finds no twin for a temporary file that was never given a name', async () => {
    const partial = path.join(folder, '.kiln-x.partial');
    await writeFile(partial, 'half');
    await writeFile(path.join(folder, 'other.stl'), 'half');
    expect(await findSavedTwin(partial)).toBeUndefined();
  });
});
