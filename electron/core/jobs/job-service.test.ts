/**
 * Jobs against the sandbox over HTTP: Kiln's local queue in front of the account's five slots,
 * `too_many_jobs` as a wait (not a failure), cancel only before sending, retry only when it cannot
 * charge twice, the user's decision on an unknown outcome, and post-processing results saved
 * safely: a clean file name inside the chosen folder, never over another file, a fresh link when
 * one expires, the server's message and the refund when a build fails, and the key sent to the
 * service's own origin only.
 */
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../../shared/ipc/contract';
import { createSandbox, serveSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { ApiClient } from '../api/client';
import { generationCall } from '../api/query';
import { systemClock } from '../ports';
import { RequestScheduler } from '../schedule/request-scheduler';
import { createServices, type Services } from '../services';
import { FAST_POLLING, SETTLED, testPorts, untilJob, waitFor } from '../testing/harness';
import { i18n } from '@lingui/core';
import { JOB_NOTES } from '../../../shared/job-notes';
import { UPLOADS_FOLDER } from '../library/cache-folder';

const PHOTOS = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'photos');
const KEY = 'sk-jobs-test-00001';
let work: string;
const jobEventsOf = new WeakMap<Services, () => JobView[]>();
/** The data folder each booted core writes its journal in. */
const dataDirOf = new WeakMap<Services, string>();
const opened: Array<() => Promise<void>> = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-jobs-'));
});
afterAll(async () => {
  for (const close of opened.reverse()) await close();
  await rm(work, { recursive: true, force: true });
});

// These tests are about jobs, not the rate limit (chaos.test.ts is): both sides allow plenty.
const BUDGET = 10_000;

async function serve(options: SandboxOptions): Promise<{ sandbox: Sandbox; url: string }> {
  const sandbox = createSandbox({
    keys: [KEY],
    balanceUsd: '50.00',
    requestsPerMinute: BUDGET,
    ...options,
  });
  const server = await serveSandbox(sandbox, { port: 0 });
  await sandbox.ready();
  opened.push(async () => {
    await server.close();
    await sandbox.close();
  });
  return { sandbox, url: server.url };
}

/** A fetch that lets a test rewrite answers or route other hosts, and see headers. */
type Rewrite = (url: URL, init: RequestInit | undefined, next: typeof fetch) => Promise<Response>;

async function boot(url: string, rewrite?: Rewrite): Promise<Services> {
  const dataDir = await mkdtemp(path.join(work, 'data-'));
  const liveFetch: typeof fetch = rewrite
    ? (input, init) => rewrite(new URL(String(input)), init, fetch)
    : fetch;
  const { ports, recorded } = testPorts({ dataDir, baseUrl: url, key: KEY, fetch: liveFetch });
  const services = await createServices(ports, { ...FAST_POLLING, requestBudget: BUDGET });
  jobEventsOf.set(services, recorded.jobs);
  dataDirOf.set(services, dataDir);
  opened.push(async () => services.close());
  return services;
}

async function stage(services: Services, name = 'coffee.png'): Promise<string> {
  const copy = path.join(work, `${Math.random()}-${name}`);
  await copyFile(path.join(PHOTOS, name), copy);
  return (await services.files.stagePath(copy, name)).id;
}

const small = { polyCount: 10_000, textureSize: 1024 } as const;

async function firstModel(url: string): Promise<string> {
  const scheduler = new RequestScheduler({ clock: systemClock });
  const api = new ApiClient({
    connection: { mode: 'live', baseUrl: url, fetch, apiKey: async () => KEY },
    clock: systemClock,
    scheduler,
  });
  return (await api.library()).items[0]!.model_id;
}

describe('generation queue', () => {
  it('runs at most five generations at once; the rest wait in order and start as slots free', async () => {
    const { url } = await serve({ taskSeconds: 0.6 });
    let refusals = 0;
    const services = await boot(url, async (u, init, next) => {
      const res = await next(u, init);
      if (res.status === 429) refusals++;
      return res;
    });
    const files: string[] = [];
    for (let i = 0; i < 8; i++) files.push(await stage(services));
    // All at once, as a user dropping eight photos.
    const ids = (
      await Promise.all(files.map((f) => services.jobs.startPhoto(f, 'fast', small)))
    ).map((j) => j.id);
    await waitFor(
      () => services.jobs.list().every((j) => SETTLED.includes(j.state)),
      'all jobs',
      30_000,
    );
    // Replay the events: how many held a slot, and how many waited, at every moment.
    const now = new Map<string, JobView['state']>();
    let most = 0;
    let waited = 0;
    for (const job of jobEventsOf.get(services)!()) {
      now.set(job.id, job.state);
      const states = [...now.values()];
      most = Math.max(
        most,
        states.filter((s) => ['starting', 'queued', 'processing'].includes(s)).length,
      );
      waited = Math.max(waited, states.filter((s) => s === 'waiting').length);
    }
    expect(most).toBe(5);
    expect(waited).toBeGreaterThanOrEqual(3);
    // In order: the jobs started in the order they were created.
    const firstStart = ids.map((id) =>
      jobEventsOf.get(services)!().findIndex((j) => j.id === id && j.state === 'starting'),
    );
    expect([...firstStart].sort((a, b) => a - b)).toEqual(firstStart);
    expect(services.jobs.list().map((j) => j.state)).toEqual(Array(8).fill('done'));
    expect(refusals).toBe(0);
    const view = await services.handlers['account:balance'](undefined);
    expect(view.queue).toEqual({ running: 0, waiting: 0, capacity: 5 });
  });

  it('a job keeps its photo through Clear cache until it has sent it', async () => {
    const { url } = await serve({ taskSeconds: 0.3 });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let startsSeen = 0;
    const services = await boot(url, async (u, init, next) => {
      if (init?.method === 'POST' && u.pathname.startsWith('/generate/')) {
        startsSeen++;
        await held;
      }
      return next(u, init);
    });
    // As the browser host keeps a page's upload: a copy in the scratch folder, staged by path.
    const uploads = path.join(dataDirOf.get(services)!, 'tmp', UPLOADS_FOLDER);
    await mkdir(uploads, { recursive: true });
    const copy = path.join(uploads, 'coffee.png');
    await copyFile(path.join(PHOTOS, 'coffee.png'), copy);
    const staged = await services.files.stagePath(copy, 'coffee.png');
    const job = await services.jobs.startPhoto(staged.id, 'fast', small);
    await waitFor(() => startsSeen === 1, 'the start on its way');
    expect(services.jobs.holdsUploads()).toBe(true);
    await services.handlers['library:clearCache'](undefined);
    expect(await readdir(uploads)).toHaveLength(1);
    release();
    expect((await untilJob(services, job.id, SETTLED)).state).toBe('done');
    expect(services.jobs.holdsUploads()).toBe(false);
  });

  it('too_many_jobs (slots held by another device) makes the job wait, not fail', async () => {
    const { url } = await serve({ taskSeconds: 1.5 });
    const other = new ApiClient({
      connection: { mode: 'live', baseUrl: url, fetch, apiKey: async () => KEY },
      clock: systemClock,
      scheduler: new RequestScheduler({ clock: systemClock }),
    });
    const file = { path: path.join(PHOTOS, 'coffee.png'), name: 'coffee.png', type: 'image/png' };
    for (let i = 0; i < 5; i++)
      await other.generate(generationCall({ kind: 'photo', tier: 'fast', options: small }), [file]);
    const services = await boot(url);
    const job = await services.jobs.startPhoto(await stage(services), 'fast', small);
    const waiting = await waitFor(
      () => services.jobs.list().find((j) => j.id === job.id && j.state === 'waiting' && j.note),
      'the job to wait',
    );
    expect(i18n._(waiting.note!)).toMatch(/starts by itself when a slot frees/);
    expect(waiting.canCancel).toBe(true);
    expect((await untilJob(services, job.id, SETTLED, 30_000)).state).toBe('done');
  });
});

describe('cancel, retry, unknown outcomes', () => {
  it('cancels only before sending; a cancelled job can be retried', async () => {
    // The first job holds the only slot long enough for the second to be cancelled while waiting.
    const { url, sandbox } = await serve({ taskSeconds: 2 });
    const services = await boot(url);
    await services.settings.set({ maxConcurrentJobs: 1 });
    const a = await services.jobs.startPhoto(await stage(services), 'fast', small);
    const b = await services.jobs.startPhoto(await stage(services), 'fast', small);
    await waitFor(() => services.jobs.list().find((j) => j.id === a.id)?.taskId, 'a to start');
    await expect(services.handlers['jobs:cancel']({ jobId: a.id })).rejects.toMatchObject({
      code: 'not_cancellable',
    });
    const cancelled = await services.handlers['jobs:cancel']({ jobId: b.id });
    expect(cancelled).toMatchObject({ state: 'cancelled', canRetry: true, canCancel: false });
    expect(i18n._(cancelled.note!)).toMatch(/nothing was charged/);
    await untilJob(services, a.id, SETTLED);
    expect(sandbox.ledger().filter((e) => e.type === 'charge')).toHaveLength(1);
    const again = await services.handlers['jobs:retry']({ jobId: b.id });
    expect(again.retryOf).toBe(b.id);
    expect((await untilJob(services, again.id, SETTLED)).state).toBe('done');
  });

  it('a refusal the user can fix (balance) may be retried; it was not charged', async () => {
    const { url, sandbox } = await serve({ taskSeconds: 0, balanceUsd: '0.05' });
    const services = await boot(url);
    const job = await services.jobs.startPhoto(await stage(services), 'fast', small);
    const failed = await untilJob(services, job.id, SETTLED);
    expect(failed).toMatchObject({
      state: 'failed',
      canRetry: true,
      error: { code: 'insufficient_balance' },
    });
    expect(failed.error?.message).toMatch(/\$0\.20 needed, \$0\.05 left/);
    sandbox.setBalance('5.00');
    const again = await services.jobs.retry(job.id);
    expect((await untilJob(services, again.id, SETTLED)).state).toBe('done');
    expect(sandbox.ledger().filter((e) => e.type === 'charge')).toHaveLength(1);
  });

  it('a generation checks its options once, journals its call, and every send (a retry too) is that call', async () => {
    const { url, sandbox } = await serve({ taskSeconds: 0, balanceUsd: '0.05' });
    const starts: string[] = [];
    const services = await boot(url, (u, init, next) => {
      if (u.pathname.startsWith('/generate/')) starts.push(`${u.pathname}${u.search}`);
      return next(u, init);
    });
    // A value the service would refuse: refused here, before a job exists or anything is sent.
    await expect(
      services.jobs.startPhoto(await stage(services), 'fast', { polyCount: 5 }),
    ).rejects.toMatchObject({ field: 'poly_count' });
    expect(services.jobs.list()).toEqual([]);

    const job = await services.jobs.startPhoto(await stage(services), 'fast', {
      polyCount: 12_000,
      seed: 9,
    });
    const journal = JSON.parse(
      await readFile(path.join(dataDirOf.get(services)!, 'jobs.json'), 'utf8'),
    ) as { version: number; jobs: Array<{ input: { call?: unknown; options?: unknown } }> };
    expect(journal.version).toBe(3);
    expect(journal.jobs[0]!.input.call).toEqual({
      path: '/generate/cloud/fast',
      query: { poly_count: '12000', seed: '9' },
      operation: 'generate.photo.fast',
      form: 'file',
    });
    expect(journal.jobs[0]!.input.options).toBeUndefined();
    expect((await untilJob(services, job.id, SETTLED)).error?.code).toBe('insufficient_balance');
    sandbox.setBalance('5.00');
    const again = await services.jobs.retry(job.id);
    expect((await untilJob(services, again.id, SETTLED)).state).toBe('done');
    expect(starts).toEqual([
      '/generate/cloud/fast?poly_count=12000&seed=9',
      '/generate/cloud/fast?poly_count=12000&seed=9',
    ]);
  });

  it('each job records the connection it was started on (live: the service and the key)', async () => {
    const { url } = await serve({ taskSeconds: 0 });
    const services = await boot(url);
    const job = await services.jobs.startPhoto(await stage(services), 'fast', small);
    const keyId = services.keys.state().activeId;
    expect(keyId).toBeDefined();
    expect(job.connection).toEqual({ mode: 'live', origin: new URL(url).origin, keyId });
    expect(services.jobs.list().find((j) => j.id === job.id)?.connection).toEqual(job.connection);
    await untilJob(services, job.id, SETTLED);
  });

  it('an unknown outcome is never retried by Kiln; the user may dismiss it or try again anyway', async () => {
    const { url } = await serve({ taskSeconds: 0 });
    let lose = 2;
    const services = await boot(url, async (u, init, next) => {
      const res = await next(u, init);
      if (u.pathname.startsWith('/generate/') && lose-- > 0) {
        await res.arrayBuffer();
        throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
      }
      return res;
    });
    const a = await services.jobs.startPhoto(await stage(services), 'fast', small);
    const b = await services.jobs.startPhoto(await stage(services), 'fast', small);
    await untilJob(services, a.id, SETTLED);
    await untilJob(services, b.id, SETTLED);
    await expect(services.jobs.retry(a.id)).rejects.toMatchObject({ code: 'not_retryable' });
    const dismissed = await services.handlers['jobs:resolveUnknown']({
      jobId: a.id,
      resolution: 'dismiss',
    });
    expect(dismissed).toMatchObject({
      state: 'cancelled',
      note: JOB_NOTES.dismissed,
    });
    const replacement = await services.handlers['jobs:resolveUnknown']({
      jobId: b.id,
      resolution: 'retry',
    });
    expect(replacement.retryOf).toBe(b.id);
    expect((await untilJob(services, replacement.id, SETTLED)).state).toBe('done');
    const ledger = await services.handlers['account:ledger'](undefined);
    expect(ledger.totals).toMatchObject({
      unconfirmedCount: 2,
      unconfirmedUsd: '0.40',
      chargedUsd: '0.20',
    });
  });
});

describe('post-processing results', () => {
  let url: string;
  let modelId: string;
  beforeAll(async () => {
    ({ url } = await serve({ taskSeconds: 0, jobSeconds: 0.2, seedModels: 1 }));
    modelId = await firstModel(url);
  });

  async function run(
    services: Services,
    op: Parameters<Services['jobs']['runOp']>[1],
    folder: string,
  ) {
    const job = await services.jobs.runOp(modelId, op, folder);
    return untilJob(services, job.id, SETTLED);
  }

  it('saves into the chosen folder under the server’s name, never over an existing file', async () => {
    const services = await boot(url);
    const folder = await mkdtemp(path.join(work, 'out-'));
    const first = await run(services, { kind: 'export', format: 'stl' }, folder);
    const second = await run(services, { kind: 'export', format: 'stl' }, folder);
    expect(first.state).toBe('done');
    expect(path.dirname(first.savedPath!)).toBe(folder);
    expect(second.savedPath).toBe(first.savedPath!.replace(/\.stl$/, ' (2).stl'));
    const names = await readdir(folder);
    expect(names.sort()).toEqual(
      [path.basename(first.savedPath!), path.basename(second.savedPath!)].sort(),
    );
    const stl = await readFile(first.savedPath!);
    expect(stl.length).toBeGreaterThan(84);
  });

  it('knows a repeat of a build it made: the service hands it out again without a charge', async () => {
    const { url: own, sandbox } = await serve({ taskSeconds: 0, jobSeconds: 1, seedModels: 1 });
    const model = await firstModel(own);
    const services = await boot(own);
    const folder = await mkdtemp(path.join(work, 'repeat-'));
    const retopo = { kind: 'retopo', faces: 2000, format: 'glb' } as const;
    expect(services.jobs.repeatOf(model, retopo)).toEqual({});
    const first = await services.jobs.runOp(model, retopo, folder);
    await waitFor(
      () =>
        services.jobs.list().find((j) => j.id === first.id)?.state === 'processing'
          ? true
          : undefined,
      'the build under way',
    );
    expect(services.jobs.repeatOf(model, retopo)).toEqual({
      repeatOf: { jobId: first.id, state: 'running' },
    });
    expect((await untilJob(services, first.id, SETTLED)).costUsd).toBeDefined();
    expect(services.jobs.repeatOf(model, retopo)).toEqual({
      repeatOf: { jobId: first.id, state: 'done' },
    });
    // Other parameters are another build.
    expect(services.jobs.repeatOf(model, { ...retopo, faces: 3000 })).toEqual({});
    const again = await services.jobs.runOp(model, retopo, folder);
    const repeated = await untilJob(services, again.id, SETTLED);
    expect(repeated.state).toBe('done');
    expect(repeated.costUsd).toBeUndefined();
    expect(sandbox.ledger().filter((e) => e.type === 'charge')).toHaveLength(1);
  });

  it('a hostile file name stays inside the folder with a safe extension', async () => {
    const services = await boot(url, async (u, init, next) => {
      const res = await next(u, init);
      if (!u.pathname.endsWith('/export')) return res;
      const body = (await res.json()) as Record<string, unknown>;
      if (body['status'] === 'ready') body['filename'] = '../../\u202egnp.exe';
      return Response.json(body, { status: res.status, headers: res.headers });
    });
    const folder = await mkdtemp(path.join(work, 'hostile-'));
    const done = await run(services, { kind: 'export', format: 'stl' }, folder);
    expect(done.state).toBe('done');
    expect(path.dirname(done.savedPath!)).toBe(folder);
    expect(path.basename(done.savedPath!)).toBe('gnp.stl');
    expect(await readdir(path.dirname(folder))).not.toContain('gnp.exe');
  });

  it('an expired link is asked for again (free) and the download goes on', async () => {
    let expire = 1;
    let calls = 0;
    const services = await boot(url, async (u, init, next) => {
      if (u.pathname.endsWith('/print')) calls++;
      if (u.pathname.startsWith('/files/jobs/') && expire-- > 0) {
        return Response.json({ detail: 'This download link has expired.' }, { status: 410 });
      }
      return next(u, init);
    });
    const folder = await mkdtemp(path.join(work, 'expired-'));
    const done = await run(services, { kind: 'print', format: 'stl', lengthMm: 50 }, folder);
    expect(done.state).toBe('done');
    // The user sees why it took longer, and that asking again cost nothing.
    expect(i18n._(done.note!)).toMatch(/link had expired.*fresh one \(free/);
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(await readdir(folder)).toHaveLength(1);
  });

  it('a failed build shows the server’s message and notes the refund', async () => {
    const services = await boot(url, async (u, init, next) => {
      const res = await next(u, init);
      if (!u.pathname.endsWith('/rig')) return res;
      const body = (await res.json()) as Record<string, unknown>;
      if (body['status'] !== 'ready')
        return Response.json(body, { status: res.status, headers: res.headers });
      return Response.json({
        status: 'error',
        job_id: body['job_id'],
        message: 'The skeleton could not be fitted to this shape.',
        refund: { refund_id: 'rf_test', amount_usd: '0.35', charge_id: 'ch_x' },
      });
    });
    const failed = await run(
      services,
      { kind: 'rig', rigKind: 'humanoid' },
      await mkdtemp(path.join(work, 'rig-')),
    );
    expect(failed).toMatchObject({
      state: 'failed',
      costUsd: '0.35',
      refundedUsd: '0.35',
      canRetry: true,
    });
    expect(failed.error?.message).toBe(
      'The skeleton could not be fitted to this shape. The $0.35 charge is refunded automatically.',
    );
    const ledger = await services.handlers['account:ledger'](undefined);
    expect(
      ledger.entries
        .filter((e) => e.jobId === failed.id)
        .map((e) => [e.type, e.amountUsd, e.refundId]),
    ).toEqual([
      ['charge', '0.35', undefined],
      ['refund', '0.35', 'rf_test'],
    ]);
  });

  it('sends the key to the service’s origin only, never to the host of a download link', async () => {
    const seen: Array<{ host: string; auth: string | null }> = [];
    const services = await boot(url, async (u, init, next) => {
      seen.push({ host: u.host, auth: new Headers(init?.headers).get('authorization') });
      if (u.host === 'cdn.kiln-test.invalid') return new Response(new Uint8Array(2048).fill(7));
      const res = await next(u, init);
      if (!u.pathname.endsWith('/gamepack')) return res;
      const body = (await res.json()) as Record<string, unknown>;
      if (body['status'] === 'ready') body['url'] = 'https://cdn.kiln-test.invalid/pack.zip';
      return Response.json(body, { status: res.status, headers: res.headers });
    });
    const done = await run(services, { kind: 'gamepack' }, await mkdtemp(path.join(work, 'cdn-')));
    expect(done.state).toBe('done');
    const cdn = seen.filter((s) => s.host === 'cdn.kiln-test.invalid');
    expect(cdn).toEqual([{ host: 'cdn.kiln-test.invalid', auth: null }]);
    expect(
      seen
        .filter((s) => s.host !== 'cdn.kiln-test.invalid')
        .every((s) => s.auth === `Bearer ${KEY}`),
    ).toBe(true);
  });

  it('refuses a plain-http link to another host', async () => {
    const services = await boot(url, async (u, init, next) => {
      const res = await next(u, init);
      if (!u.pathname.endsWith('/export')) return res;
      const body = (await res.json()) as Record<string, unknown>;
      if (body['status'] === 'ready') body['url'] = 'http://evil.kiln-test.invalid/a.glb';
      return Response.json(body, { status: res.status, headers: res.headers });
    });
    const failed: JobView = await run(
      services,
      { kind: 'export' },
      await mkdtemp(path.join(work, 'http-')),
    );
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'unsafe_url' } });
  });
});
