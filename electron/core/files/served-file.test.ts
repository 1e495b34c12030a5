/**
 * The one confined file server of the `kiln:` protocol and the browser host: real-path
 * confinement, checks on the open handle, and reads that survive the file going away.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppFile, openCacheFile, openConfinedFile } from './served-file';

let work: string;
let cache: string;
const hash = (c: string) => `${c.repeat(64)}.glb`;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-served-'));
  cache = path.join(work, 'cache');
  await mkdir(cache);
  await writeFile(path.join(work, 'secret.txt'), 'not for the page');
  await writeFile(path.join(cache, hash('a')), 'model a');
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('served files', () => {
  it('serves only content-addressed cache names, and no link that leads out', async () => {
    expect(await (await openCacheFile(cache, hash('a')))!.bytes()).toEqual(
      new TextEncoder().encode('model a'),
    );
    await writeFile(path.join(cache, 'jobs.json'), '{}');
    expect(await openCacheFile(cache, 'jobs.json')).toBeUndefined();
    expect(await openCacheFile(cache, `../${hash('a')}`)).toBeUndefined();
    await symlink(path.join(work, 'secret.txt'), path.join(cache, hash('b')));
    expect(await openCacheFile(cache, hash('b'))).toBeUndefined();
    await mkdir(path.join(cache, hash('c')));
    expect(await openCacheFile(cache, hash('c'))).toBeUndefined();
    expect(await openAppFile(cache, '/%2e%2e/secret.txt')).toBeUndefined();
  });

  it.skipIf(process.platform === 'win32')(
    'never waits on a FIFO planted in a served folder',
    async () => {
      execFileSync('mkfifo', [path.join(cache, hash('d'))]);
      expect(await openConfinedFile(cache, path.join(cache, hash('d')))).toBeUndefined();
    },
  );

  it('streams the file it opened whole, even when it is deleted or replaced meanwhile', async () => {
    const bytes = Buffer.alloc(1024 * 1024, 'kiln');
    const file = path.join(cache, hash('e'));
    await writeFile(file, bytes);
    const opened = (await openConfinedFile(cache, file))!;
    expect(opened.size).toBe(bytes.byteLength);
    await unlink(file);
    await writeFile(file, 'something else');
    expect(Buffer.from(await opened.bytes()).equals(bytes)).toBe(true);
    // A read that cannot start again is refused, not thrown at the process.
    expect(() => opened.stream()).toThrow(/read once/);
  });
});
