/**
 * The first-run sample models: a new account with `sampleModels` lists them (made by the
 * generator from the shipped photos, free, ordinary models in every field), once per data folder.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LibraryPageSchema, ModelSchema } from '../../../shared/api/schemas';
import { cachedGenerator, type Generator } from './generation';
import { SAMPLES } from './samples';
import type { SandboxState } from './state';
import { startService, validateGlb, type TestService } from '../testing/test-support';

const dirs: string[] = [];
const services: TestService[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kiln-samples-'));
  dirs.push(dir);
  return dir;
};
const start = async (...args: Parameters<typeof startService>) => {
  const service = await startService(...args);
  services.push(service);
  return service;
};
afterEach(async () => {
  for (const service of services.splice(0)) await service.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type Row = { model_id: string; name: string; kind: string; version: number; root_id: string };
const listed = async (service: TestService): Promise<Row[]> => {
  const answer = await service.json('/library?limit=50');
  expect(answer.status).toBe(200);
  LibraryPageSchema.parse(answer.body);
  return answer.body.items as Row[];
};

describe('first-run samples', () => {
  it('lists the samples on a new account, made for nothing, as ordinary models', async () => {
    const service = await start({ dataDir: tempDir(), sampleModels: true });
    // The first listing waits for them: a new user never sees an empty library first.
    const rows = await listed(service);
    expect(rows.map((r) => r.name).sort()).toEqual(SAMPLES.map((s) => s.name).sort());
    expect(rows.every((r) => r.name.startsWith('Sample · '))).toBe(true);

    // One family has a retexture version: versions and compare can be tried at once.
    const child = rows.find((r) => r.kind === 'retexture')!;
    const root = rows.find((r) => r.model_id === child.root_id)!;
    expect(root).toMatchObject({ kind: 'generation', version: 1 });
    expect(child).toMatchObject({ version: 2, name: root.name });
    expect((await service.json(`/library?group=family`)).body.total).toBe(2);

    // Free: no charge, no ledger row, the starting balance.
    expect(service.sandbox.ledger()).toEqual([]);
    expect(service.sandbox.balance()).toBe('25.00');
    const balance = await service.json('/api/platform/balance');
    expect(balance.body).toMatchObject({ balance_usd: '25.00', jobs_running: 0 });

    // Every field of the contract, a valid GLB and a thumbnail.
    for (const row of rows) {
      const model = ModelSchema.parse((await service.json(`/model/${row.model_id}`)).body);
      expect(model).toMatchObject({ source: 'api', model_version: '2', texture_size: 1024 });
      const glb = new Uint8Array(await (await service.call(model.url as string)).arrayBuffer());
      expect(glb.byteLength).toBe(model.file_size);
      expect((await validateGlb(glb)).issues.numErrors).toBe(0);
      expect((await service.call(model.thumbnail_url as string)).status).toBe(200);
    }

    // A tool used on a sample charges as on any model.
    const parts = await service.json(`/model/${root.model_id}/parts`);
    expect(parts.status).toBe(202);
    expect(service.sandbox.ledger()).toMatchObject([
      { type: 'charge', operation: 'parts', amountUsd: '0.30', balanceAfterUsd: '24.70' },
    ]);
    await service.sandbox.idle();
  });

  it('makes them once per data folder: not again after a restart, nor after being deleted', async () => {
    const dataDir = tempDir();
    const first = await start({ dataDir, sampleModels: true });
    await first.sandbox.samples();
    const ids = (await listed(first)).map((r) => r.model_id).sort();
    expect(ids).toHaveLength(SAMPLES.length);
    await first.close();
    services.splice(services.indexOf(first), 1);

    const second = await start({ dataDir, sampleModels: true });
    await second.sandbox.samples();
    expect((await listed(second)).map((r) => r.model_id).sort()).toEqual(ids);
    await second.close();
    services.splice(services.indexOf(second), 1);

    // Deleted (as on the website): the next start does not bring them back.
    const file = path.join(dataDir, 'state.json');
    const state = JSON.parse(readFileSync(file, 'utf8')) as SandboxState;
    expect(state.samples).toBe('done');
    state.models = {};
    writeFileSync(file, JSON.stringify(state));
    const third = await start({ dataDir, sampleModels: true });
    expect(await listed(third)).toEqual([]);
  });

  it('makes only the missing samples at the next start after a failed or interrupted one', async () => {
    const dataDir = tempDir();
    // The cat's generation fails at the first start (as a start cut short by a quit would
    // leave it): the cup's family is made, the account still waits for its samples.
    const failing: Generator = async (photo, options) => {
      if (options.name === 'Sample · Cat') throw new Error('the process ended');
      return cachedGenerator()(photo, options);
    };
    const first = await start({ dataDir, sampleModels: true }, { generator: failing });
    const made = await listed(first);
    expect(made.map((r) => r.name)).toEqual(['Sample · Coffee cup', 'Sample · Coffee cup']);
    await first.close();
    services.splice(services.indexOf(first), 1);

    const second = await start({ dataDir, sampleModels: true });
    const rows = await listed(second);
    expect(rows.map((r) => r.name).sort()).toEqual(SAMPLES.map((s) => s.name).sort());
    // The cup's two versions are the ones made before, not new copies.
    const ids = new Set(rows.map((r) => r.model_id));
    for (const row of made) expect(ids.has(row.model_id)).toBe(true);
    expect(second.sandbox.ledger()).toEqual([]);
  });

  it('leaves the library empty without the option, and an existing account without samples', async () => {
    const dataDir = tempDir();
    const plain = await start({ dataDir });
    await plain.sandbox.samples();
    expect(await listed(plain)).toEqual([]);
    await plain.close();
    services.splice(services.indexOf(plain), 1);

    // The account existed before: turning samples on later does not add them to its library.
    const again = await start({ dataDir, sampleModels: true });
    await again.sandbox.samples();
    expect(await listed(again)).toEqual([]);
  });
});
