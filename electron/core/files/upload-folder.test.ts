/**
 * The browser host's uploaded photos are kept while a job may still send them, and removed
 * otherwise.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '../jobs/job-record';
import { sweepUploads } from './upload-folder';

const work = await mkdtemp(path.join(os.tmpdir(), 'kiln-uploads-'));
afterAll(() => rm(work, { recursive: true, force: true }));

function record(id: string, state: JobRecord['view']['state'], files: string[]): JobRecord {
  return {
    view: { id, kind: 'photo', state, source: 'cup.png', createdAt: 1, tier: 'fast' },
    input:
      files.length === 1
        ? {
            kind: 'photo',
            tier: 'fast',
            file: { path: files[0]!, name: 'cup.png', type: 'image/png' },
            call: {
              path: '/generate/cloud/fast',
              query: {},
              operation: 'generate.photo.fast',
              form: 'file',
            },
          }
        : {
            kind: 'multi',
            tier: 'fast',
            files: files.map((p) => ({ path: p, name: 'v.png', type: 'image/png' })),
            call: {
              path: '/generate/cloud/multi/fast',
              query: {},
              operation: 'generate.multi.fast',
              form: 'files',
            },
          },
    origin: 'https://sandbox.kiln.invalid',
    operation: 'generate.photo.fast',
    paid: true,
    dispatched: state !== 'waiting',
    reasks: 0,
  } as JobRecord;
}

describe('sweepUploads', () => {
  it('keeps the photos a waiting, running or retryable job may send, and removes the rest', async () => {
    const dir = path.join(work, 'uploads');
    await mkdir(dir);
    const names = ['waiting', 'running', 'done', 'cancelled', 'never-used', 'view-1', 'view-2'];
    for (const name of names) await writeFile(path.join(dir, name), name);
    const at = (name: string) => path.join(dir, name);
    const removed = await sweepUploads(dir, [
      record('j1', 'waiting', [at('waiting')]),
      record('j2', 'processing', [at('running')]),
      record('j3', 'done', [at('done')]),
      // Cancelled before it was sent: it may be retried, so its photo stays.
      { ...record('j4', 'cancelled', [at('cancelled')]), dispatched: false },
      record('j5', 'queued', [at('view-1'), at('view-2')]),
    ]);
    expect(removed).toBe(2);
    expect((await readdir(dir)).sort()).toEqual(
      ['cancelled', 'running', 'view-1', 'view-2', 'waiting'].sort(),
    );
    // No folder yet: nothing to do.
    expect(await sweepUploads(path.join(work, 'none'), [])).toBe(0);
  });
});
