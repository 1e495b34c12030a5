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
import type { JobView } from '../../shared/ipc/contract';
import { createSandbox, serveSandbox, type Sandbox } from '../sandbox';
import { systemClock, type Connection, type Ports } from './ports';
import { createServices, type Services } from './services';

const PHOTOS = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'photos');
const KEY = 'sk-core-test';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

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

function portsFor(dataDir: string, events: JobView[], fetchImpl: typeof fetch = fetch): Ports {
  const connection: Connection = {
    mode: 'live',
    baseUrl: server.url,
    fetch: fetchImpl,
    apiKey: async () => KEY,
  };
  return {
    connection,
    paths: { data: dataDir, cache: path.join(dataDir, 'cache'), temp: path.join(dataDir, 'tmp') },
    clock: systemClock,
    logger: quiet,
    appVersion: 'test',
    cacheFileUrl: (f) => `test://${f}`,
    emit: (_event, payload) => void events.push(payload as JobView),
  };
}

const fastPolling = { pollTiming: { first: 100, factor: 1.2, cap: 300, errorCap: 1000 } };

async function until(services: Services, id: string, states: JobView['state'][]): Promise<JobView> {
  for (let i = 0; i < 600; i++) {
    const job = services.jobs.list().find((j) => j.id === id);
    if (job && states.includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} never reached ${states.join('/')}`);
}

async function stage(services: Services, photo: string): Promise<string> {
  const copy = path.join(work, `${Math.random()}-${path.basename(photo)}`);
  await copyFile(photo, copy);
  return (await services.files.stagePath(copy, path.basename(photo))).id;
}

describe('core services against the sandbox', () => {
  it('turns a real photo into a cached GLB, with its cost', async () => {
    const events: JobView[] = [];
    const dataDir = path.join(work, 'happy');
    const services = await createServices(portsFor(dataDir, events), fastPolling);
    const fileId = await stage(services, path.join(PHOTOS, 'coffee.png'));
    const started = await services.handlers['jobs:startPhoto']({
      fileId,
      tier: 'fast',
      options: { polyCount: 10_000 },
    });
    expect(started.state).toBe('starting');
    const done = await until(services, started.id, ['done', 'failed', 'outcome_unknown']);
    expect(done).toMatchObject({ state: 'done', costUsd: expect.stringMatching(/^\d+\.\d{2,}$/) });
    expect(events.map((e) => e.state)).toEqual(
      expect.arrayContaining(['starting', 'queued', 'downloading', 'done']),
    );

    const model = await services.handlers['library:model']({ modelId: done.modelId! });
    const file = path.join(dataDir, 'cache', model.fileUrl.replace('test://', ''));
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(model.fileUrl).toMatch(/^test:\/\/[a-f0-9]{64}\.glb$/);
    services.close();

    // A restart finds the finished job in the journal.
    const again = await createServices(portsFor(dataDir, []), fastPolling);
    expect(again.jobs.list().map((j) => [j.id, j.state])).toEqual([[started.id, 'done']]);
    again.close();
  });

  it('reports a failed task as refunded', async () => {
    const services = await createServices(portsFor(path.join(work, 'fail'), []), fastPolling);
    const grey = path.join(work, 'grey.png');
    await sharp({ create: { width: 200, height: 150, channels: 3, background: '#777777' } })
      .png()
      .toFile(grey);
    const fileId = (await services.files.stagePath(grey)).id;
    const job = await services.jobs.startPhoto(fileId, 'fast', { polyCount: 10_000 });
    const failed = await until(services, job.id, ['done', 'failed', 'outcome_unknown']);
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toMatch(/refunded/);
    services.close();
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
    const services = await createServices(portsFor(dataDir, [], losingFetch), fastPolling);
    const fileId = await stage(services, path.join(PHOTOS, 'chelsea.png'));
    const job = await services.jobs.startPhoto(fileId, 'fast', { polyCount: 10_000 });
    const unknown = await until(services, job.id, ['outcome_unknown', 'failed', 'done']);
    expect(unknown.state).toBe('outcome_unknown');
    expect(unknown.error?.message).toMatch(/cannot tell whether/);
    services.close();
    const restarted = await createServices(portsFor(dataDir, [], losingFetch), fastPolling);
    await new Promise((r) => setTimeout(r, 500));
    expect(restarted.jobs.list()[0]?.state).toBe('outcome_unknown');
    expect(starts).toBe(1);
    restarted.close();
  });

  it('after a crash between journaling and the paid call, shows the job as outcome unknown', async () => {
    const dataDir = path.join(work, 'crash');
    const hanging: typeof fetch = () => new Promise(() => {});
    const services = await createServices(portsFor(dataDir, [], hanging), fastPolling);
    const fileId = await stage(services, path.join(PHOTOS, 'coffee.png'));
    const job = await services.jobs.startPhoto(fileId, 'fast');
    services.close(); // the process dies here: the start may or may not have been sent
    const restarted = await createServices(portsFor(dataDir, []), fastPolling);
    expect(restarted.jobs.list().find((j) => j.id === job.id)?.state).toBe('outcome_unknown');
    restarted.close();
  });
});
