/**
 * Batches against the sandbox over HTTP, through the real services: one price first in exact
 * decimals, models the tool cannot take left out with their reason, every item an ordinary job
 * (charged once, a failed one refunded, the others done), results in `<folder>/<model name>/`
 * with `batch.csv`, a balance that covers only part, and a restart in the middle (nothing sent
 * twice, the batch finishes).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchView } from '../../../shared/ipc/contract';
import { createSandbox, serveSandbox, type Sandbox } from '../../sandbox';
import { buildArtifact } from '../../sandbox/artifacts';
import { createServices, type Services } from '../services';
import { FAST_POLLING, testPorts, waitFor } from '../testing/harness';

vi.setConfig({ testTimeout: 120_000 });

const KEY = 'sk-batch-01';
let sandbox: Sandbox;
let server: { url: string; close(): Promise<void> };
let work: string;
/** First calls (not polls) of retopo per model, as the sandbox saw them. */
let builds: string[];

async function start(
  o: Readonly<{ balanceUsd?: string; failBuild?: number; seedModels?: number }> = {},
): Promise<void> {
  let n = 0;
  builds = [];
  sandbox = createSandbox(
    {
      keys: [KEY],
      taskSeconds: 0,
      seedModels: o.seedModels ?? 4,
      websiteModels: 1,
      requestsPerMinute: 100_000,
      balanceUsd: o.balanceUsd ?? '10.00',
    },
    {
      builder: async (operation, input) => {
        if (operation === 'retopo') {
          builds.push(input.slug);
          if (++n === o.failBuild) throw new Error('the remesh did not converge');
        }
        return buildArtifact(operation, input);
      },
    },
  );
  server = await serveSandbox(sandbox, { port: 0 });
  await sandbox.ready();
}

beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-batch-'));
});
afterEach(async () => {
  await server.close();
  await sandbox.close();
  await rm(work, { recursive: true, force: true });
});

async function boot(dataDir: string): Promise<Services> {
  const { ports } = testPorts({
    dataDir,
    baseUrl: server.url,
    key: KEY,
    exportDir: path.join(dataDir, 'exports'),
  });
  const services = await createServices(ports, FAST_POLLING);
  await services.account.refresh();
  return services;
}

async function call<T>(services: Services, channel: string, input: unknown): Promise<T> {
  const handler = (services.handlers as Record<string, (i: unknown) => Promise<unknown>>)[channel]!;
  return (await handler(input)) as T;
}

/** The library's rows, API models first. */
async function library(): Promise<Array<{ model_id: string; name: string; source: string }>> {
  const res = await sandbox.handle(
    new Request(`${server.url}/library?limit=200`, {
      headers: { authorization: `Bearer ${KEY}` },
    }),
  );
  return (
    (await res.json()) as { items: Array<{ model_id: string; name: string; source: string }> }
  ).items;
}

/** The batch's CSV once every item's row is final (it is rewritten as items finish). */
async function finalCsv(file: string, rows: number): Promise<string[]> {
  return waitFor(async () => {
    const lines = (await readFile(file, 'utf8')).trim().split('\r\n');
    return lines.length === rows + 1 && !lines.some((l) => l.endsWith('not finished'))
      ? lines
      : undefined;
  }, 'the final CSV');
}

function untilBatch(services: Services, id: string, state: BatchView['state']): Promise<BatchView> {
  return waitFor(
    () => services.batches.list().find((b) => b.id === id && b.state === state),
    `batch ${id} to be ${state}`,
    90_000,
  );
}

const RETOPO = { kind: 'retopo', faces: 2000 } as const;

describe('batches', () => {
  it("asks once whether a build is paid: an item's job takes the batch's answer, even if prices change", async () => {
    await start();
    const dataDir = await mkdtemp(path.join(work, 'data-'));
    const services = await boot(dataDir);
    try {
      const api = (await library()).filter((r) => r.source === 'api');
      // Paid when the batch starts; free by the time its item's job would ask again.
      const isPaid = vi
        .spyOn(services.account, 'isPaid')
        .mockResolvedValueOnce(true)
        .mockResolvedValue(false);
      const started = await call<BatchView>(services, 'batch:start', {
        selection: { kind: 'ids', ids: [api[0]!.model_id] },
        op: RETOPO,
        folder: path.join(work, 'once'),
      });
      const done = await untilBatch(services, started.id, 'done');
      expect(isPaid).toHaveBeenCalledTimes(1);
      const batches = JSON.parse(await readFile(path.join(dataDir, 'batches.json'), 'utf8')) as {
        batches: Array<{ charged?: boolean; items: Array<{ paid: boolean }> }>;
      };
      expect(batches.batches[0]).toMatchObject({ charged: true, items: [{ paid: true }] });
      const jobs = JSON.parse(await readFile(path.join(dataDir, 'jobs.json'), 'utf8')) as {
        jobs: Array<{ paid: boolean; view: { id: string } }>;
      };
      expect(jobs.jobs.find((j) => j.view.id === done.items[0]!.jobId)?.paid).toBe(true);
    } finally {
      await services.close();
    }
  });

  it('quotes one price, leaves out what the tool cannot take, and runs paid builds as ordinary jobs', async () => {
    await start({ failBuild: 2 });
    const dataDir = await mkdtemp(path.join(work, 'data-'));
    const services = await boot(dataDir);
    try {
      const rows = await library();
      const api = rows.filter((r) => r.source === 'api');
      const website = rows.find((r) => r.source === 'website')!;
      const folder = path.join(work, 'results');
      const selection = {
        kind: 'ids',
        ids: [...api.map((r) => r.model_id), website.model_id, 'local-0123'],
      };
      const quote = await call<Record<string, unknown>>(services, 'batch:quote', {
        selection,
        op: RETOPO,
        folder,
      });
      expect(quote).toMatchObject({
        count: 4,
        paid: 4,
        free: 0,
        unitUsd: '0.25',
        totalUsd: '1.00',
        balanceUsd: '10.00',
        balanceAfterUsd: '9.00',
        folder,
      });
      expect(quote['affordable']).toBeUndefined();
      expect(quote['leftOut']).toEqual([
        expect.objectContaining({
          modelId: website.model_id,
          reason: expect.stringContaining('made on the website'),
        }),
        expect.objectContaining({
          modelId: 'local-0123',
          reason: expect.stringContaining('opened from a file on this computer'),
        }),
      ]);
      // Nothing was sent by the quote.
      expect(builds).toEqual([]);

      const started = await call<BatchView>(services, 'batch:start', {
        selection,
        op: RETOPO,
        folder,
      });
      const done = await untilBatch(services, started.id, 'done');
      expect(done.items.map((i) => i.state).sort()).toEqual(['done', 'done', 'done', 'failed']);
      const failed = done.items.find((i) => i.state === 'failed')!;
      expect(failed.reason).toMatch(/refunded/);
      expect(failed.refundedUsd).toBe('0.25');
      expect(done.failed).toBe(1);
      expect(done.costUsd).toBe('0.75');
      // Every item an ordinary job, in Activity, tagged with its batch; each build sent once.
      const jobs = services.jobs.list().filter((j) => j.batchId === started.id);
      expect(jobs).toHaveLength(4);
      expect(new Set(builds).size).toBe(4);
      expect(builds).toHaveLength(4);
      const charges = sandbox.ledger().filter((e) => e.type === 'charge');
      expect(charges).toHaveLength(4);
      expect(sandbox.ledger().filter((e) => e.type === 'refund')).toHaveLength(1);

      // Results in <folder>/<model name>/, and the CSV beside them.
      for (const item of done.items.filter((i) => i.state === 'done')) {
        expect(path.dirname(path.dirname(item.file!))).toBe(folder);
        expect(path.basename(path.dirname(item.file!))).toBe(item.name);
      }
      expect(done.csv).toBe(path.join(folder, 'batch.csv'));
      const csv = await finalCsv(done.csv, 4 + 2);
      expect(csv[0]).toBe('model,version,tool,parameters,file,cost_usd,outcome');
      expect(csv).toHaveLength(1 + 4 + 2);
      expect(csv.filter((l) => l.endsWith(',0.25,done'))).toHaveLength(3);
      expect(csv.find((l) => l.includes('failed'))).toMatch(/,0\.00,"?failed: /);
      expect(csv.find((l) => l.startsWith(website.name))).toMatch(/left out: made on the website/);
      expect(csv[1]).toContain('Quad remesh,faces=2000');
    } finally {
      await services.close();
    }
  });

  it('says how many paid builds a low balance covers, and starts only those when asked', async () => {
    await start({ balanceUsd: '0.60' });
    const dataDir = await mkdtemp(path.join(work, 'data-'));
    const services = await boot(dataDir);
    try {
      const api = (await library()).filter((r) => r.source === 'api');
      const input = {
        selection: { kind: 'query', filter: { search: '' }, except: [], total: 5 },
        op: RETOPO,
        folder: path.join(work, 'partial'),
      };
      const quote = await call<Record<string, unknown>>(services, 'batch:quote', input);
      expect(quote).toMatchObject({
        count: 4,
        paid: 4,
        totalUsd: '1.00',
        balanceAfterUsd: '-0.40',
        affordable: 2,
        affordableUsd: '0.50',
      });
      const started = await call<BatchView>(services, 'batch:start', {
        ...input,
        onlyAffordable: true,
      });
      expect(started.items).toHaveLength(2);
      expect(
        started.leftOut.filter((m) => m.reason.includes('balance covered 2 of the 4')),
      ).toHaveLength(2);
      const done = await untilBatch(services, started.id, 'done');
      expect(done.items.every((i) => i.state === 'done')).toBe(true);
      expect(done.costUsd).toBe('0.50');
      expect(api).toHaveLength(4);
      expect(sandbox.ledger().filter((e) => e.type === 'charge')).toHaveLength(2);
    } finally {
      await services.close();
    }
  });

  it('survives a restart in the middle: nothing is sent twice and the batch finishes', async () => {
    await start({ seedModels: 6 });
    const dataDir = await mkdtemp(path.join(work, 'data-'));
    let services = await boot(dataDir);
    const api = (await library()).filter((r) => r.source === 'api');
    const folder = path.join(work, 'restart');
    const started = await call<BatchView>(services, 'batch:start', {
      selection: { kind: 'ids', ids: api.map((r) => r.model_id) },
      op: RETOPO,
      folder,
    });
    // Some items under way, the rest waiting their turn: Kiln stops.
    await waitFor(
      () => services.batches.list()[0]!.items.some((i) => i.state === 'running'),
      'an item under way',
    );
    await services.close();
    services = await boot(dataDir);
    try {
      const done = await untilBatch(services, started.id, 'done');
      expect(done.items.map((i) => i.state)).toEqual(api.map(() => 'done'));
      // One build and one charge per model, whatever was under way at the restart.
      expect([...builds].sort()).toEqual([...new Set(builds)].sort());
      expect(builds).toHaveLength(6);
      expect(sandbox.ledger().filter((e) => e.type === 'charge')).toHaveLength(6);
      expect(services.jobs.list().filter((j) => j.batchId === started.id)).toHaveLength(6);
      const csv = await finalCsv(done.csv, 6);
      expect(csv.filter((l) => l.endsWith(',done'))).toHaveLength(6);
      expect((await readdir(folder)).sort()).toEqual(
        [...api.map((r) => r.name), 'batch.csv'].sort(),
      );
    } finally {
      await services.close();
    }
  });

  it('after a crash between journaling an item and creating its job, adopts the job or starts it once', async () => {
    await start({ seedModels: 3 });
    const dataDir = await mkdtemp(path.join(work, 'data-'));
    let services = await boot(dataDir);
    const api = (await library()).filter((r) => r.source === 'api');
    const started = await call<BatchView>(services, 'batch:start', {
      selection: { kind: 'ids', ids: api.slice(0, 2).map((r) => r.model_id) },
      op: RETOPO,
      folder: path.join(work, 'crash'),
    });
    const first = await untilBatch(services, started.id, 'done');
    await services.close();
    expect(builds).toHaveLength(2);

    // As if Kiln had stopped right after journaling each item as starting: the first item's job
    // had been created (it is in the jobs journal, tagged with the batch), the third's had not.
    const file = path.join(dataDir, 'batches.json');
    const journal = JSON.parse(await readFile(file, 'utf8')) as {
      batches: Array<{ state: string; items: Array<Record<string, unknown>> }>;
    };
    const batch = journal.batches[0]!;
    batch.state = 'running';
    const item0 = batch.items[0]!;
    for (const key of ['jobId', 'file', 'costUsd']) delete item0[key];
    Object.assign(item0, { state: 'running', starting: true });
    batch.items.push({
      ...batch.items[1]!,
      modelId: api[2]!.model_id,
      name: api[2]!.name,
      folder: path.join(work, 'crash', api[2]!.name),
      state: 'running',
      starting: true,
      jobId: undefined,
      file: undefined,
      costUsd: undefined,
    });
    await writeFile(file, JSON.stringify(journal));

    services = await boot(dataDir);
    try {
      const done = await untilBatch(services, started.id, 'done');
      expect(done.items.map((i) => i.state)).toEqual(['done', 'done', 'done']);
      // The first item is its old job again; the third was started, once.
      expect(done.items[0]!.jobId).toBe(first.items[0]!.jobId);
      expect(done.items[0]!.file).toBe(first.items[0]!.file);
      expect(builds).toHaveLength(3);
      expect(builds[2]).not.toBe(builds[0]);
      expect(sandbox.ledger().filter((e) => e.type === 'charge')).toHaveLength(3);
    } finally {
      await services.close();
    }
  });
});
