/**
 * Restart: the core is "killed" at each step of a job (its services dropped while a request hangs
 * at that step, as a dead process would leave it), then started again on the same data folder.
 * Nothing is lost, and no paid call is ever sent twice:
 *
 * - before the call (still in Kiln's queue): sent once after the restart, and done;
 * - while the paid call is on its way (journaled as dispatched, never answered), whether or not
 *   the service got it: shown as `outcome_unknown`, never sent again; the service charged at most
 *   once;
 * - after the start was answered: polling resumes, done;
 * - mid-poll: polling resumes, done;
 * - mid-download: the download starts over, the half-written file is removed, the result is saved
 *   exactly once.
 *
 * The same for a paid post-processing build (rig): the first call is paid, later ones are free.
 */
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, serveSandbox, type Sandbox } from '../sandbox';
import { systemClock } from './ports';
import { createServices, type Services } from './services';
import { FAST_POLLING, SETTLED, testPorts, untilJob, waitFor } from './testing/harness';
import { Wire } from './testing/wire';
import { JOB_NOTES } from '../../shared/job-notes';

const PHOTOS = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'photos');
const KEY = 'sk-restart-test-01';

let sandbox: Sandbox;
let server: { url: string; close(): Promise<void> };
let work: string;
let modelId: string;

beforeAll(async () => {
  sandbox = createSandbox({
    keys: [KEY],
    balanceUsd: '100.00',
    taskSeconds: 1,
    jobSeconds: 0.5,
    seedModels: 2,
    // Every test of this file shares the one key: at the service's 60 requests a minute, the
    // later ones would wait out earlier ones' 429s (the last test spent ~50 s so). Rate limits
    // have their own tests (chaos, budget); here they would only slow the restarts down.
    requestsPerMinute: 100_000,
  });
  server = await serveSandbox(sandbox, { port: 0 });
  await sandbox.ready();
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-restart-'));
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

/** A core on `dataDir` talking through `wire`. */
async function boot(dataDir: string, wire: Wire): Promise<Services> {
  const { ports } = testPorts({
    dataDir,
    baseUrl: server.url,
    key: KEY,
    fetch: wire.fetch,
    exportDir: path.join(dataDir, 'exports'),
  });
  return createServices(ports, FAST_POLLING);
}

async function stagePhoto(services: Services, dir: string): Promise<string> {
  const copy = path.join(dir, `coffee-${Math.random()}.png`);
  await copyFile(path.join(PHOTOS, 'coffee.png'), copy);
  return (await services.files.stagePath(copy, 'coffee.png')).id;
}

const isStart = (method: string, p: string) => method === 'POST' && p.startsWith('/generate/');
const isStatus = (_m: string, p: string) => p.startsWith('/task/');
const isModelFile = (_m: string, p: string) => p.startsWith('/files/models/');
const isRig = (_m: string, p: string) => p.endsWith('/rig');
const isJobFile = (_m: string, p: string) => p.startsWith('/files/jobs/');

/** Charges the sandbox made since `before` (a ledger length). */
const chargesSince = (before: number) =>
  sandbox
    .ledger()
    .slice(before)
    .filter((e) => e.type === 'charge');

describe('restart at every step of a generation', () => {
  it('before the call: a queued job is sent once after the restart', async () => {
    const dir = await mkdtemp(path.join(work, 'queued-'));
    const wire = new Wire(systemClock);
    const ledger = sandbox.ledger().length;
    const first = await boot(dir, wire);
    await first.settings.set({ maxConcurrentJobs: 1 });
    // The first job's call hangs before reaching the service; the second waits in Kiln's queue.
    const hung = wire.stopAt(isStart, 'before');
    const a = await first.jobs.startPhoto(await stagePhoto(first, dir), 'fast', {
      polyCount: 10_000,
    });
    const b = await first.jobs.startPhoto(await stagePhoto(first, dir), 'fast', {
      polyCount: 10_000,
    });
    await hung;
    expect(first.jobs.list().find((j) => j.id === b.id)?.state).toBe('waiting');
    first.close();

    const second = await boot(dir, wire);
    // The hung call was journaled as dispatched: unknown outcome, never re-sent.
    expect(second.jobs.list().find((j) => j.id === a.id)?.state).toBe('outcome_unknown');
    const done = await untilJob(second, b.id, SETTLED);
    expect(done.state).toBe('done');
    await new Promise((r) => setTimeout(r, 300));
    // Three start requests reached the wire at most: a (hung), b once.
    expect(wire.records.filter((r) => isStart(r.method, r.path))).toHaveLength(2);
    expect(chargesSince(ledger)).toHaveLength(1);
    second.close();
  });

  it('after the call reached the service but before its answer: outcome unknown, charged once, never re-sent', async () => {
    const dir = await mkdtemp(path.join(work, 'after-'));
    const wire = new Wire(systemClock);
    const ledger = sandbox.ledger().length;
    const first = await boot(dir, wire);
    const lost = wire.stopAt(isStart, 'after');
    const job = await first.jobs.startPhoto(await stagePhoto(first, dir), 'fast', {
      polyCount: 10_000,
    });
    await lost;
    first.close();

    const second = await boot(dir, wire);
    const view = second.jobs.list().find((j) => j.id === job.id)!;
    expect(view).toMatchObject({ state: 'outcome_unknown', canRetry: false, canCancel: false });
    const ledgerView = await second.handlers['account:ledger'](undefined);
    expect(ledgerView.entries.filter((e) => e.jobId === job.id).map((e) => e.type)).toEqual([
      'unconfirmed',
    ]);
    await new Promise((r) => setTimeout(r, 500));
    expect(wire.records.filter((r) => isStart(r.method, r.path))).toHaveLength(1);
    expect(chargesSince(ledger)).toHaveLength(1);
    second.close();
  });

  it('after the answer, before the first poll: polling resumes', async () => {
    const dir = await mkdtemp(path.join(work, 'answered-'));
    const wire = new Wire(systemClock);
    const first = await boot(dir, wire);
    const poll = wire.stopAt(isStatus, 'before');
    const job = await first.jobs.startPhoto(await stagePhoto(first, dir), 'fast', {
      polyCount: 10_000,
    });
    await poll;
    expect(first.jobs.list()[0]?.taskId).toBeDefined();
    first.close();

    const second = await boot(dir, wire);
    expect((await untilJob(second, job.id, SETTLED)).state).toBe('done');
    expect(wire.records.filter((r) => isStart(r.method, r.path))).toHaveLength(1);
    second.close();
  });

  it('mid-poll: polling resumes', async () => {
    const dir = await mkdtemp(path.join(work, 'poll-'));
    const wire = new Wire(systemClock);
    const first = await boot(dir, wire);
    // Armed before the job starts: the second status poll is answered, then the core dies.
    let polls = 0;
    const stopped = wire.stopAt((m, p) => isStatus(m, p) && ++polls === 2, 'after');
    const job = await first.jobs.startPhoto(await stagePhoto(first, dir), 'fast', {
      polyCount: 10_000,
    });
    await stopped;
    first.close();

    const second = await boot(dir, wire);
    expect((await untilJob(second, job.id, SETTLED)).state).toBe('done');
    expect(wire.records.filter((r) => isStart(r.method, r.path))).toHaveLength(1);
    second.close();
  });

  it('mid-download: the model downloads again into the cache, no half file is left', async () => {
    const dir = await mkdtemp(path.join(work, 'download-'));
    const wire = new Wire(systemClock);
    const first = await boot(dir, wire);
    const stalled = wire.stopAt(isModelFile, 'midBody');
    const job = await first.jobs.startPhoto(await stagePhoto(first, dir), 'fast', {
      polyCount: 10_000,
    });
    await stalled;
    expect(first.jobs.list()[0]?.state).toBe('downloading');
    first.close();

    const second = await boot(dir, wire);
    const done = await untilJob(second, job.id, SETTLED);
    expect(done.state).toBe('done');
    expect(await readdir(path.join(dir, 'tmp')).catch(() => [])).toEqual([]);
    const cached = (await readdir(path.join(dir, 'cache'))).filter((n) => n.endsWith('.glb'));
    expect(cached).toHaveLength(1);
    expect(wire.records.filter((r) => isStart(r.method, r.path))).toHaveLength(1);
    second.close();
  });
});

describe('restart at every step of a paid build', () => {
  it('after the paid first call reached the service: asks the service, finds the build, records its charge once, never starts a second', async () => {
    const dir = await mkdtemp(path.join(work, 'build-after-'));
    const wire = new Wire(systemClock);
    const ledger = sandbox.ledger().length;
    const first = await boot(dir, wire);
    const lost = wire.stopAt(isRig, 'after');
    const job = await first.jobs.runOp(modelId, { kind: 'rig', rigKind: 'generic' });
    await lost;
    first.close();

    // The service charged the build; Kiln never read the answer. The restarted core asks with the
    // identical call (a free poll of the build that is there) and carries the same job on.
    const second = await boot(dir, wire);
    const done = await untilJob(second, job.id, SETTLED);
    expect(done).toMatchObject({ state: 'done', costUsd: chargesSince(ledger)[0]?.amountUsd });
    expect(second.jobs.list()).toHaveLength(1);
    expect(chargesSince(ledger)).toHaveLength(1);
    const mine = (await second.handlers['account:ledger'](undefined)).entries.filter(
      (e) => e.jobId === job.id,
    );
    expect(mine).toMatchObject([{ type: 'charge', source: 'listed' }]);
    expect(
      (await readdir(path.join(dir, 'exports'))).filter((n) => n.endsWith('.glb')),
    ).toHaveLength(1);
    second.close();
  });

  it('before the paid first call reached the service: asks the service, which starts the build then, charged once', async () => {
    const dir = await mkdtemp(path.join(work, 'build-before-'));
    const wire = new Wire(systemClock);
    const ledger = sandbox.ledger().length;
    const first = await boot(dir, wire);
    const hung = wire.stopAt(isRig, 'before');
    const job = await first.jobs.runOp(modelId, { kind: 'rig', rigKind: 'humanoid' });
    await hung;
    first.close();
    expect(chargesSince(ledger)).toHaveLength(0);

    // Nothing reached the service: the ask is the build's one call, and its answer its charge.
    const second = await boot(dir, wire);
    const done = await untilJob(second, job.id, SETTLED);
    expect(done).toMatchObject({ state: 'done', costUsd: chargesSince(ledger)[0]?.amountUsd });
    expect(chargesSince(ledger)).toHaveLength(1);
    const mine = (await second.handlers['account:ledger'](undefined)).entries.filter(
      (e) => e.jobId === job.id,
    );
    expect(mine).toMatchObject([{ type: 'charge', source: 'billing' }]);
    second.close();
  });

  it('mid-poll and mid-download: resumes, saves the result exactly once, removes the half file', async () => {
    const dir = await mkdtemp(path.join(work, 'build-download-'));
    const wire = new Wire(systemClock);
    const ledger = sandbox.ledger().length;
    const first = await boot(dir, wire);
    // Mid-poll: the second call (a free repeat) is answered, then the core dies.
    let calls = 0;
    const repeat = wire.stopAt((_m, p) => p.endsWith('/parts') && ++calls === 2, 'after');
    const job = await first.jobs.runOp(modelId, { kind: 'parts' });
    await repeat;
    first.close();

    // Mid-download: armed before the restart, so the resumed download stalls half-way.
    const stalled = wire.stopAt(isJobFile, 'midBody');
    const second = await boot(dir, wire);
    await stalled;
    await waitFor(async () => {
      const names = await readdir(path.join(dir, 'exports')).catch(() => []);
      return names.some((n) => n.endsWith('.partial'));
    }, 'the half-written file');
    second.close();

    const third = await boot(dir, wire);
    const done = await untilJob(third, job.id, SETTLED);
    expect(done.state).toBe('done');
    const names = await readdir(path.join(dir, 'exports'));
    expect(names.filter((n) => n.endsWith('.partial'))).toEqual([]);
    expect(names).toHaveLength(1);
    expect(done.savedPath).toBe(path.join(dir, 'exports', names[0]!));
    expect(chargesSince(ledger)).toHaveLength(1);
    third.close();
  });
});

describe('restart while the service makes a start wait', () => {
  it('a start refused with rate_limited is journaled as not sent: after a kill it comes back waiting, keeps the pause, and is sent once', async () => {
    const dir = await mkdtemp(path.join(work, 'rate-limited-'));
    const ledger = sandbox.ledger().length;
    let refusals = 1;
    // The service refuses the first start for the rate limit: come back in 2 s.
    const wire = new Wire(systemClock, async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (isStart(init?.method ?? 'GET', url.pathname) && refusals-- > 0) {
        return Response.json(
          { detail: { error: 'rate_limited', message: 'Too many requests.', retry_after: 2 } },
          { status: 429, headers: { 'retry-after': '2' } },
        );
      }
      return fetch(input, init);
    });
    const first = await boot(dir, wire);
    const job = await first.jobs.startPhoto(await stagePhoto(first, dir), 'fast', {
      polyCount: 10_000,
    });
    const waiting = await waitFor(
      () =>
        first.jobs.list().find((j) => j.id === job.id && j.note?.id === JOB_NOTES.rateLimited.id),
      'the refused start to wait out the pause',
    );
    // Nothing was sent: the user may still cancel it, and nothing is owed.
    expect(waiting).toMatchObject({ state: 'starting', canCancel: true });
    first.close();

    const second = await boot(dir, wire);
    const back = second.jobs.list().find((j) => j.id === job.id)!;
    expect(['waiting', 'starting']).toContain(back.state);
    expect(back.canCancel).toBe(true);
    expect(second.account.ledger().entries.filter((e) => e.jobId === job.id)).toEqual([]);
    expect((await untilJob(second, job.id, SETTLED)).state).toBe('done');
    const starts = wire.records.filter((r) => isStart(r.method, r.path));
    expect(starts).toHaveLength(2);
    // The restarted core kept the service's pause: the second start left after it ended.
    expect(starts[1]!.at - starts[0]!.at).toBeGreaterThanOrEqual(2000);
    expect(chargesSince(ledger)).toHaveLength(1);
    second.close();
  });
});

describe('restart onto a journal of the previous version', () => {
  it('a version-2 journal resumes: a waiting job sends the call its options made, once; a sent one is never sent again', async () => {
    const dir = await mkdtemp(path.join(work, 'v2-'));
    const photo = path.join(dir, 'coffee.png');
    await copyFile(path.join(PHOTOS, 'coffee.png'), photo);
    const file = { path: photo, name: 'coffee.png', type: 'image/png' };
    const job = (id: string, state: string, dispatched: boolean) => ({
      view: { id, kind: 'photo', tier: 'fast', source: 'coffee.png', state, createdAt: 1 },
      // Version 2 kept the options, and each send rebuilt its query from them.
      input: { kind: 'photo', tier: 'fast', file, options: { polyCount: 12_000, seed: 5 } },
      origin: new URL(server.url).origin,
      operation: 'generate.photo.fast',
      paid: true,
      dispatched,
      answered: false,
      retryable: false,
      reasks: 0,
    });
    await writeFile(
      path.join(dir, 'jobs.json'),
      JSON.stringify({
        version: 2,
        jobs: [job('old-waiting', 'waiting', false), job('old-sent', 'starting', true)],
      }),
    );
    const wire = new Wire(systemClock);
    const starts: string[] = [];
    const recording: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname.startsWith('/generate/')) starts.push(`${url.pathname}${url.search}`);
      return wire.fetch(input, init);
    };
    const ledger = sandbox.ledger().length;
    const { ports } = testPorts({
      dataDir: dir,
      baseUrl: server.url,
      key: KEY,
      fetch: recording,
      exportDir: path.join(dir, 'exports'),
    });
    const services = await createServices(ports, FAST_POLLING);

    expect(services.jobs.list().find((j) => j.id === 'old-sent')?.state).toBe('outcome_unknown');
    expect((await untilJob(services, 'old-waiting', SETTLED)).state).toBe('done');
    await new Promise((r) => setTimeout(r, 300));
    expect(starts).toEqual(['/generate/cloud/fast?poly_count=12000&seed=5']);
    expect(chargesSince(ledger)).toHaveLength(1);
    // The journal is now the current version, each generation keeping the call it sent.
    const saved = JSON.parse(await readFile(path.join(dir, 'jobs.json'), 'utf8')) as {
      version: number;
      jobs: Array<{ input: Record<string, unknown> }>;
    };
    expect(saved.version).toBe(3);
    expect(saved.jobs.map((j) => j.input.call)).toEqual([
      expect.objectContaining({ query: { poly_count: '12000', seed: '5' } }),
      expect.objectContaining({ query: { poly_count: '12000', seed: '5' } }),
    ]);
    services.close();
  });
});
