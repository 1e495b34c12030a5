/**
 * Atomic writes over a file another program holds, with Windows semantics: while antivirus, the
 * search indexer or OneDrive has the target open, renaming over it fails with EPERM (or EBUSY,
 * EACCES). Node on Linux cannot hold a file that way, so the rename is injected: it fails while
 * the "holder" keeps the file, and renames for real once it lets go.
 */
import * as fsPromises from 'node:fs/promises';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  atomicWritesSettled,
  FileHeldError,
  writeFileAtomic,
  type AtomicFs,
  type LockRetry,
} from './fs-atomic';

/** Short pauses so the tests are quick; the policy under test is the same. */
const FAST: LockRetry = { budgetMs: 2_000, firstDelayMs: 2, maxDelayMs: 20 };

/** A file system whose renames fail with `code` for the first `heldFor` tries (∞: never let go). */
function heldFs(code: string, heldFor: number): AtomicFs & { tries: () => number } {
  let tries = 0;
  return {
    mkdir: fsPromises.mkdir,
    open: fsPromises.open,
    rm: fsPromises.rm,
    rename: async (from, to) => {
      tries += 1;
      if (tries <= heldFor) {
        throw Object.assign(
          new Error(`${code}: operation not permitted, rename '${String(from)}'`),
          {
            code,
            syscall: 'rename',
          },
        );
      }
      await fsPromises.rename(from, to);
    },
    tries: () => tries,
  };
}

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic over a held file', () => {
  it.each(['EPERM', 'EBUSY', 'EACCES'])(
    'waits until the holder lets go (%s three times), then replaces the file',
    async (code) => {
      const file = path.join(dir, 'jobs.json');
      await writeFile(file, '{"old":true}');
      const fs = heldFs(code, 3);
      await writeFileAtomic(file, '{"new":true}', { fs, retry: FAST });
      expect(await readFile(file, 'utf8')).toBe('{"new":true}');
      expect(fs.tries()).toBe(4);
      expect(await readdir(dir)).toEqual(['jobs.json']);
    },
  );

  it('gives up after the budget with an error naming the file, the old file intact and no temp file left', async () => {
    const file = path.join(dir, 'ledger.json');
    await writeFile(file, '{"old":true}');
    const fs = heldFs('EPERM', Infinity);
    const budget: LockRetry = { budgetMs: 100, firstDelayMs: 5, maxDelayMs: 20 };
    const started = Date.now();
    const error = await writeFileAtomic(file, '{"new":true}', { fs, retry: budget }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FileHeldError);
    expect(error).toMatchObject({ code: 'EPERM', file });
    expect((error as Error).message).toMatch(
      /Could not save ledger\.json: another program kept it open/,
    );
    expect((error as Error).message).toMatch(/previous version is intact/);
    // Retried with pauses, within the budget, not once and not forever.
    expect(fs.tries()).toBeGreaterThan(2);
    expect(Date.now() - started).toBeLessThan(budget.budgetMs + 1_000);
    expect(await readFile(file, 'utf8')).toBe('{"old":true}');
    expect(await readdir(dir)).toEqual(['ledger.json']);
  });

  it('does not retry an error that no waiting can fix', async () => {
    const file = path.join(dir, 'batches.json');
    const fs = heldFs('EXDEV', Infinity);
    await expect(writeFileAtomic(file, '[]', { fs, retry: FAST })).rejects.toMatchObject({
      code: 'EXDEV',
    });
    expect(fs.tries()).toBe(1);
    expect(await readdir(dir)).toEqual([]);
  });

  it('writes a new file in a new folder with the real file system', async () => {
    const file = path.join(dir, 'a', 'b', 'settings.json');
    await writeFileAtomic(file, new Uint8Array([123, 125]));
    expect(await readFile(file, 'utf8')).toBe('{}');
  });
});

describe('atomicWritesSettled', () => {
  it('waits for every write under way, one started meanwhile included, so a folder can go', async () => {
    const file = path.join(dir, 'settings.json');
    // The rename is held a few tries: the temp file sits beside the target meanwhile.
    const first = writeFileAtomic(file, '{"a":1}', { fs: heldFs('EBUSY', 3), retry: FAST });
    let settled = false;
    const drained = atomicWritesSettled().then(() => (settled = true));
    const second = writeFileAtomic(file, '{"a":2}', { fs: heldFs('EBUSY', 2), retry: FAST });
    await drained;
    expect(settled).toBe(true);
    // Once it resolves nothing is half-written: no temp file, only the target.
    expect(await readdir(dir)).toEqual(['settings.json']);
    await Promise.all([first, second]);
    expect(['{"a":1}', '{"a":2}']).toContain(await readFile(file, 'utf8'));
  });
});
