/**
 * The core against the sandbox over real HTTP: a photo becomes a cached model; a failed task is
 * reported with its refund; an ambiguous start is never re-sent (not even after a restart); and
 * a restart resumes polling from the journal.
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, serveSandbox, type Sandbox } from '../sandbox';
import { createServices, type Services } from './services';
import { FAST_POLLING, SETTLED, testPorts, untilJob, waitFor } from './testing/harness';

const PHOTOS = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'photos');
const KEY = 'sk-core-test-0001';

let sandbox: Sandbox;
let server: { url: string; close(): Promise<void> };
let work: string;

beforeAll(async () => {
  sandbox = createSandbox({ keys: [KEY], balanceUsd: '10.00', taskSeconds: 0.3 });
  server = await serveSandbox(sandbox, { port: 0 });
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-core-'));
});
afterAll(async () => {
  await server.close();
  await sandbox.close();
  await rm(work, { recursive: true, force: true });
});

function core(dataDir: string, fetchImpl: typeof fetch = fetch) {
  return testPorts({ dataDir, baseUrl: server.url, key: KEY, fetch: fetchImpl });
}

async function stage(services: Services, photo: string): Promise<string> {
  const copy = path.join(work, `${Math.random()}-${path.basename(photo)}`);
  await copyFile(photo, copy);
  return (await services.files.stagePath(copy, path.basename(photo))).id;
}

describe('core services against the sandbox', () => {
  it('turns a real photo into a cached GLB, with its cost', async () => {
    const dataDir = path.join(work, 'happy');
    const { ports, recorded } = core(dataDir);
    const services = await createServices(ports, FAST_POLLING);
    const fileId = await stage(services, path.join(PHOTOS, 'coffee.png'));
    const started = await services.handlers['jobs:startPhoto']({
      fileId,
      tier: 'fast',
      options: { polyCount: 10_000 },
    });
    expect(['waiting', 'starting']).toContain(started.state);
    const done = await untilJob(services, started.id, SETTLED);
    expect(done).toMatchObject({ state: 'done', costUsd: '0.20' });
    // Events follow the journal write of each change.
    await waitFor(() => recorded.jobs().some((j) => j.state === 'done'), 'the done event');
    expect(recorded.jobs().map((e) => e.state)).toEqual(
      expect.arrayContaining(['waiting', 'starting', 'queued', 'downloading', 'done']),
    );

    const model = await services.handlers['library:model']({ modelId: done.modelId! });
    const file = path.join(dataDir, 'cache', model.fileUrl.replace('test://', ''));
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(model.fileUrl).toMatch(/^test:\/\/[a-f0-9]{64}\.glb$/);
    await services.close();

    // A restart finds the finished job in the journal.
    const again = await createServices(core(dataDir).ports, FAST_POLLING);
    expect(again.jobs.list().map((j) => [j.id, j.state])).toEqual([[started.id, 'done']]);
    await again.close();
  });

  it('reports a failed task as refunded, in the job and in the ledger', async () => {
    const services = await createServices(core(path.join(work, 'fail')).ports, FAST_POLLING);
    const grey = path.join(work, 'grey.png');
    await sharp({ create: { width: 200, height: 150, channels: 3, background: '#777777' } })
      .png()
      .toFile(grey);
    const fileId = (await services.files.stagePath(grey)).id;
    const job = await services.jobs.startPhoto(fileId, 'fast', { polyCount: 10_000 });
    const failed = await untilJob(services, job.id, SETTLED);
    expect(failed).toMatchObject({ state: 'failed', refundedUsd: '0.20', canRetry: true });
    expect(failed.error?.message).toMatch(/refunded/);
    const ledger = await services.handlers['account:ledger'](undefined);
    expect(ledger.entries.map((e) => [e.type, e.amountUsd])).toEqual([
      ['charge', '0.20'],
      ['refund', '0.20'],
    ]);
    expect(ledger.totals.netUsd).toBe('0.00');
    await services.close();
  });

  it('marks a start whose answer was lost as outcome unknown and never sends it again', async () => {
    const dataDir = path.join(work, 'lost');
    let starts = 0;
    // The request reaches the sandbox (and is charged), then the answer is lost.
    const losingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).includes('/generate/')) {
        starts++;
        await response.arrayBuffer();
        throw new TypeError('socket hang up');
      }
      return response;
    };
    const services = await createServices(core(dataDir, losingFetch).ports, FAST_POLLING);
    const fileId = await stage(services, path.join(PHOTOS, 'chelsea.png'));
    const job = await services.jobs.startPhoto(fileId, 'fast', { polyCount: 10_000 });
    const unknown = await untilJob(services, job.id, SETTLED);
    expect(unknown).toMatchObject({ state: 'outcome_unknown', canRetry: false });
    expect(unknown.error?.message).toMatch(/cannot tell whether/);
    await services.close();
    const restarted = await createServices(core(dataDir, losingFetch).ports, FAST_POLLING);
    await new Promise((r) => setTimeout(r, 500));
    expect(restarted.jobs.list()[0]?.state).toBe('outcome_unknown');
    expect(starts).toBe(1);
    await restarted.close();
  });
});
