/**
 * Compatible GLB as a job, against the sandbox over HTTP: nothing is sent but the model's download
 * and nothing is charged; the file saved is valid glTF with PNG/JPEG textures and no required
 * extension, parsed by three.js; a conversion can be cancelled at any stage and run again; a
 * restart in the middle starts it over and saves the result exactly once.
 */
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, serveSandbox, type Sandbox } from '../../sandbox';
import { validateGlb } from '../../sandbox/testing/test-support';
import { parseWithThree } from '../../../tests/support/three-parse';
import { createServices, type Services } from '../services';
import { FAST_POLLING, testPorts, untilJob, waitFor } from '../testing/harness';
import { i18n } from '@lingui/core';

vi.setConfig({ testTimeout: 90_000 });

const PHOTOS = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'photos');
const KEY = 'sk-local-runner-01';
let sandbox: Sandbox;
let server: { url: string; close(): Promise<void> };
let work: string;
let modelId: string;
const sent: string[] = [];

beforeAll(async () => {
  sandbox = createSandbox({
    keys: [KEY],
    taskSeconds: 0,
    seedModels: 1,
    requestsPerMinute: 100_000,
  });
  server = await serveSandbox(sandbox, { port: 0 });
  await sandbox.ready();
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-local-'));
  const res = await sandbox.handle(
    new Request(`${server.url}/library`, { headers: { authorization: `Bearer ${KEY}` } }),
  );
  modelId = ((await res.json()) as { items: Array<{ model_id: string }> }).items[0]!.model_id;
});
afterAll(async () => {
  await server.close();
  await sandbox.close();
  await rm(work, { recursive: true, force: true });
});

async function boot(dataDir: string): Promise<Services> {
  const { ports } = testPorts({
    dataDir,
    baseUrl: server.url,
    key: KEY,
    fetch: (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      sent.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      return fetch(input, init);
    },
    exportDir: path.join(dataDir, 'exports'),
  });
  return createServices(ports, FAST_POLLING);
}

/** The JSON chunk of a GLB. */
function glbJson(glb: Uint8Array): { extensionsUsed?: string[]; extensionsRequired?: string[] } {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
}

/** The files a user sees in a folder (not Kiln's hidden temporary ones). */
async function visible(folder: string): Promise<string[]> {
  return (await readdir(folder).catch(() => [] as string[])).filter((f) => !f.startsWith('.'));
}

describe('compatible GLB jobs', () => {
  it('converts a generated model (WebP required) for free into a valid GLB every importer reads', async () => {
    const dataDir = await mkdtemp(path.join(work, 'data-'));
    const services = await boot(dataDir);
    try {
      // A model made from a real photo: the service's GLB with its WebP texture required.
      const photo = path.join(dataDir, 'coffee.png');
      await copyFile(path.join(PHOTOS, 'coffee.png'), photo);
      const staged = await services.files.stagePath(photo, 'coffee.png');
      const made = await services.jobs.startPhoto(staged.id, 'fast', {
        polyCount: 10_000,
        textureSize: 1024,
      });
      const generated = (await untilJob(services, made.id, ['done', 'failed'], 120_000)).modelId!;
      const folder = path.join(dataDir, 'out');
      const balance = sandbox.balance();
      sent.length = 0;
      const job = await services.jobs.runOp(generated, { kind: 'compatible' }, folder);
      expect(job).toMatchObject({ kind: 'compatible', state: 'waiting', canCancel: true });
      const done = await untilJob(services, job.id, ['done', 'failed']);
      expect(done.error).toBeUndefined();
      expect(done.savedPath).toMatch(/\.glb$/);
      expect(path.dirname(done.savedPath!)).toBe(folder);
      expect(i18n._(done.note!)).toMatch(
        /Compatible GLB, [\d.]+ MB: 1 texture re-encoded \(WEBP → JPEG\)/,
      );
      expect(done.costUsd).toBeUndefined();

      const glb = new Uint8Array(await readFile(done.savedPath!));
      expect((await validateGlb(glb)).issues.numErrors).toBe(0);
      expect(glbJson(glb).extensionsRequired ?? []).toEqual([]);
      expect(glbJson(glb).extensionsUsed ?? []).not.toContain('EXT_texture_webp');
      expect((await parseWithThree(glb)).textures).toBe(1);
      // The generation already brought the GLB into the model cache: nothing was sent for the
      // conversion, and nothing was charged.
      expect(sent.filter((s) => !s.startsWith('GET /api/platform/'))).toEqual([]);
      expect(sandbox.balance()).toBe(balance);
    } finally {
      await services.close();
    }
  });

  it('compresses and downsizes when asked', async () => {
    const dataDir = await mkdtemp(path.join(work, 'data-'));
    const services = await boot(dataDir);
    try {
      sent.length = 0;
      const job = await services.jobs.runOp(
        modelId,
        { kind: 'compatible', compression: 'meshopt', maxTextureSize: 512 },
        path.join(dataDir, 'out'),
      );
      const done = await untilJob(services, job.id, ['done', 'failed']);
      // A model not in the cache yet: only its record and its file were asked for (free).
      expect(sent.filter((s) => !s.startsWith('GET /api/platform/'))).toEqual([
        `GET /model/${modelId}`,
        expect.stringMatching(/^GET \/files\/models\//),
      ]);
      expect(done.source).toMatch(/^Compatible GLB \(meshopt\) of /);
      const glb = new Uint8Array(await readFile(done.savedPath!));
      expect((await validateGlb(glb)).issues.numErrors).toBe(0);
      expect(glbJson(glb).extensionsRequired).toContain('EXT_meshopt_compression');
      expect(i18n._(done.note!)).toMatch(/Needs .*EXT_meshopt_compression/);
    } finally {
      await services.close();
    }
  });

  it('cancels at any stage, leaves nothing behind, and runs again as the same job', async () => {
    const dataDir = await mkdtemp(path.join(work, 'data-'));
    const services = await boot(dataDir);
    try {
      const folder = path.join(dataDir, 'out');
      const job = await services.jobs.runOp(
        modelId,
        { kind: 'compatible', compression: 'draco' },
        folder,
      );
      await untilJob(services, job.id, ['processing']);
      const cancelled = await services.jobs.cancel(job.id);
      expect(cancelled).toMatchObject({ state: 'cancelled', canRetry: true, canCancel: false });
      expect(await visible(folder)).toEqual([]);
      const again = await services.jobs.retry(job.id);
      expect(again.id).toBe(job.id);
      const done = await untilJob(services, job.id, ['done', 'failed']);
      expect(done.state).toBe('done');
      expect(await visible(folder)).toHaveLength(1);
      await expect(services.jobs.cancel(job.id)).rejects.toMatchObject({
        code: 'not_cancellable',
      });
    } finally {
      await services.close();
    }
  });

  it('starts over after a restart in the middle and saves the result once', async () => {
    const dataDir = await mkdtemp(path.join(work, 'data-'));
    const folder = path.join(dataDir, 'out');
    const first = await boot(dataDir);
    const job = await first.jobs.runOp(modelId, { kind: 'compatible' }, folder);
    await untilJob(first, job.id, ['processing']);
    await first.close();
    const second = await boot(dataDir);
    try {
      const done = await untilJob(second, job.id, ['done', 'failed']);
      expect(done.state).toBe('done');
      await waitFor(async () => (await visible(folder)).length === 1, 'one saved file');
      expect(await visible(folder)).toEqual([path.basename(done.savedPath!)]);
      expect(second.jobs.list().filter((j) => j.kind === 'compatible')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('fails with a sentence when the model cannot be fetched, and may be tried again', async () => {
    const dataDir = await mkdtemp(path.join(work, 'data-'));
    const services = await boot(dataDir);
    try {
      const job = await services.jobs.runOp(
        'm-does-not-exist',
        { kind: 'compatible' },
        path.join(dataDir, 'out'),
      );
      const failed = await untilJob(services, job.id, ['done', 'failed']);
      expect(failed.state).toBe('failed');
      expect(failed.error?.message).not.toMatch(/internal error/);
      expect(failed.canRetry).toBe(true);
    } finally {
      await services.close();
    }
  });
});
