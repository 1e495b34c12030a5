import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../../shared/ipc/contract';
import { previewSavedResult } from './saved-preview';

const work = await mkdtemp(path.join(os.tmpdir(), 'kiln-preview-'));
afterAll(() => rm(work, { recursive: true, force: true }));

const paths = { data: work, cache: path.join(work, 'cache'), temp: path.join(work, 'tmp') };
const job = (over: Partial<JobView>): JobView => ({
  id: 'j1',
  kind: 'retopo',
  source: 'Quad remesh of m1',
  state: 'done',
  createdAt: 0,
  sourceModelId: 'm1',
  modelId: 'm1',
  canCancel: false,
  canRetry: false,
  ...over,
});

describe('previewSavedResult', () => {
  it('serves a finished GLB through the content-addressed cache, once', async () => {
    const saved = path.join(work, 'Teapot-retopo-1200.glb');
    const bytes = Buffer.from('glTF fake bytes');
    await writeFile(saved, bytes);
    const deps = {
      jobs: () => [job({ savedPath: saved })],
      paths,
      cacheFileUrl: (f: string) => `/files/models/${f}`,
    };
    const view = await previewSavedResult(deps, 'j1');
    const sha = createHash('sha256').update(bytes).digest('hex');
    expect(view).toEqual({
      modelId: 'm1',
      name: 'Teapot-retopo-1200.glb',
      fileUrl: `/files/models/${sha}.glb`,
      savedPath: saved,
    });
    expect(await readFile(path.join(paths.cache, `${sha}.glb`))).toEqual(bytes);
    await previewSavedResult(deps, 'j1');
    expect(await readdir(paths.cache)).toEqual([`${sha}.glb`]);
    expect(await readdir(paths.temp)).toEqual([]);
  });

  it('refuses what is not a finished GLB, and says when the file moved', async () => {
    const deps = (j: JobView) => ({ jobs: () => [j], paths, cacheFileUrl: (f: string) => f });
    await expect(
      previewSavedResult(deps(job({ savedPath: '/x/a.zip' })), 'j1'),
    ).rejects.toMatchObject({ code: 'not_previewable' });
    await expect(
      previewSavedResult(deps(job({ state: 'processing' })), 'j1'),
    ).rejects.toMatchObject({ code: 'not_previewable' });
    await expect(previewSavedResult(deps(job({})), 'other')).rejects.toMatchObject({
      code: 'not_previewable',
    });
    await expect(
      previewSavedResult(deps(job({ savedPath: path.join(work, 'gone.glb') })), 'j1'),
    ).rejects.toMatchObject({ code: 'file_gone' });
  });
});
