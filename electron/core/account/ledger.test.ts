/**
 * The client's ledger: each charge and refund recorded once however often it is reported,
 * refunds inferred from a job's charges, unconfirmed calls kept apart, persisted across restarts.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fake-clock';
import { Ledger } from './ledger';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let dir: string;
afterEach(async () => rm(dir, { recursive: true, force: true }));

async function ledger(): Promise<Ledger> {
  dir ??= await mkdtemp(path.join(os.tmpdir(), 'kiln-ledger-'));
  const l = new Ledger({ dataDir: dir, clock: new FakeClock(1000), logger: quiet });
  await l.load();
  return l;
}

describe('Ledger', () => {
  it('records a charge once, by its ids, and its refund once', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-ledger-'));
    const l = await ledger();
    const billing = {
      costUsd: '0.35',
      balanceUsd: '9.65',
      chargeIds: ['ch_1'],
      source: 'billing',
    } as const;
    expect(await l.charge({ operation: 'rig', jobId: 'j1' }, billing)).toBe(true);
    expect(await l.charge({ operation: 'rig', jobId: 'j1' }, billing)).toBe(false);
    expect(await l.refund({ operation: 'rig', jobId: 'j1', source: 'build' })).toBe(true);
    expect(await l.refund({ operation: 'rig', jobId: 'j1', source: 'build' })).toBe(false);
    expect(l.totals()).toEqual({
      chargedUsd: '0.35',
      refundedUsd: '0.35',
      netUsd: '0.00',
      unconfirmedUsd: '0.00',
      unconfirmedCount: 0,
    });
    expect(l.entries()[1]).toMatchObject({
      type: 'refund',
      chargeIds: ['ch_1'],
      amountUsd: '0.35',
    });
  });

  it('keeps unconfirmed calls apart and survives a restart', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-ledger-'));
    const l = await ledger();
    await l.charge(
      { operation: 'generate.photo.fast', jobId: 'a' },
      {
        costUsd: '0.20',
        balanceUsd: '1.00',
        chargeIds: [],
        source: 'headers',
      },
    );
    await l.unconfirmed({ operation: 'generate.photo.ultra', jobId: 'b', amountUsd: '0.60' });
    await l.charge(
      { operation: 'export', jobId: 'c' },
      { costUsd: '0.00', balanceUsd: '1', chargeIds: [], source: 'billing' },
    );
    const again = await ledger();
    expect(again.entries().map((e) => [e.type, e.amountUsd, e.source])).toEqual([
      ['charge', '0.20', 'headers'],
      ['unconfirmed', '0.60', 'unknown'],
    ]);
    expect(again.totals()).toMatchObject({
      chargedUsd: '0.20',
      unconfirmedUsd: '0.60',
      unconfirmedCount: 1,
    });
  });

  it('keeps an unreadable file aside instead of dropping it', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-ledger-'));
    await writeFile(path.join(dir, 'ledger.json'), '{"version":1,"entries":[{"broken"');
    const l = await ledger();
    expect(l.entries()).toEqual([]);
    const { readdir } = await import('node:fs/promises');
    const aside = (await readdir(dir)).find((n) => n.startsWith('ledger.json.unreadable-'))!;
    expect(await readFile(path.join(dir, aside), 'utf8')).toContain('broken');
  });
});
