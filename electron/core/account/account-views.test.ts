/**
 * The account as the renderer reads it: the ledger kept per connection (demo charges never mix
 * with real ones, nor one address's or key's with another's, also across a restart; a ledger of
 * every address from before is given to the address set), filtered and summed by month, exported as CSV that a
 * spreadsheet cannot mistake for formulas; the month's spend moved by each new charge at once;
 * the slow balance refresh on its interval.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BalanceAnswer } from '../../../shared/api/schemas';
import type { LedgerEntryView } from '../../../shared/ipc/contract';
import type { ApiClient } from '../api/client';
import { FakeClock } from '../testing/fake-clock';
import { AccountService } from './account-service';
import { Ledger } from './ledger';
import { filterLedger, ledgerCsv, monthTotals, sumLedger } from './ledger-query';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const NOV = Date.UTC(2026, 10, 20, 12);
const DEC = Date.UTC(2026, 11, 2, 12);
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-account-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const billing = (cost: string, balance: string, id: string) =>
  ({ costUsd: cost, balanceUsd: balance, chargeIds: [id], source: 'billing' }) as const;

type Scope = { mode: 'sandbox' | 'live'; origin?: string; keyId?: string };

async function openLedger(clock: FakeClock, scope: { value: Scope }) {
  const ledger = new Ledger({
    dataDir: dir,
    clock,
    logger: quiet,
    scope: () => scope.value,
    migrateTo: () => ({ origin: 'https://api.one.test', keyId: 'k1' }),
  });
  await ledger.load();
  return ledger;
}

const ONE = 'https://api.one.test';
const TWO = 'https://api.two.test';

describe('the ledger per connection', () => {
  it('keeps sandbox and live rows apart, even with the same charge ids, across a restart', async () => {
    const clock = new FakeClock(NOV);
    const scope = { value: { mode: 'sandbox' } as Scope };
    const ledger = await openLedger(clock, scope);
    await ledger.charge({ operation: 'text.imagine' }, billing('0.05', '24.95', 'c1'));
    scope.value = { mode: 'live', origin: ONE, keyId: 'k1' };
    expect(ledger.entries()).toEqual([]);
    // The live service reuses the id "c1": still a new live row, not a duplicate.
    expect(
      await ledger.charge({ operation: 'rig', jobId: 'j1' }, billing('0.35', '9.65', 'c1')),
    ).toBe(true);
    expect(ledger.totals()).toMatchObject({ chargedUsd: '0.35' });
    const again = await openLedger(clock, scope);
    expect(again.entries().map((e) => e.operation)).toEqual(['rig']);
    scope.value = { mode: 'sandbox' };
    expect(again.entries().map((e) => e.operation)).toEqual(['text.imagine']);
    expect(again.totals()).toMatchObject({ chargedUsd: '0.05', netUsd: '0.05' });
    // The file never holds anything but rows: no key, no secret.
    expect(await readFile(path.join(dir, 'ledger.json'), 'utf8')).not.toMatch(/sk-/);
  });

  it('keeps one ledger per service address and key; a refund goes to the key charged', async () => {
    const clock = new FakeClock(NOV);
    const scope = { value: { mode: 'live', origin: ONE, keyId: 'k1' } as Scope };
    const ledger = await openLedger(clock, scope);
    await ledger.charge({ operation: 'rig', jobId: 'j1' }, billing('0.35', '9.65', 'c1'));
    // Another account at another address, whose charge ids repeat: its own ledger.
    scope.value = { mode: 'live', origin: TWO, keyId: 'k2' };
    expect(ledger.entries()).toEqual([]);
    expect(
      await ledger.charge({ operation: 'parts', jobId: 'j2' }, billing('0.30', '4.70', 'c1')),
    ).toBe(true);
    expect(ledger.entries().map((e) => e.operation)).toEqual(['parts']);
    // Another key at the first address: a ledger of its own too.
    scope.value = { mode: 'live', origin: ONE, keyId: 'k3' };
    expect(ledger.entries()).toEqual([]);
    // j1, charged with k1, fails while k3 is in use: its refund is k1's.
    expect(await ledger.refund({ operation: 'rig', jobId: 'j1', source: 'build' })).toBe(true);
    expect(ledger.entries()).toEqual([]);
    scope.value = { mode: 'live', origin: ONE, keyId: 'k1' };
    expect(ledger.totals()).toMatchObject({ chargedUsd: '0.35', refundedUsd: '0.35' });
  });

  it('gives the rows of one ledger for every address to the address set when it is first read', async () => {
    const rows = [
      { mode: 'live', key: 'charge:c1', op: 'rig' },
      { key: 'charge:c2', op: 'parts' },
      { mode: 'sandbox', key: 'sandbox|charge:c1', op: 'text.imagine' },
    ].map((r, i) => ({
      id: String(i),
      type: 'charge',
      at: NOV + i,
      amountUsd: '0.10',
      operation: r.op,
      chargeIds: [r.key.split(':')[1]],
      source: 'billing',
      key: r.key,
      ...(r.mode ? { mode: r.mode } : {}),
    }));
    await writeFile(path.join(dir, 'ledger.json'), JSON.stringify({ version: 1, entries: rows }));
    const clock = new FakeClock(NOV);
    const scope = { value: { mode: 'live', origin: ONE, keyId: 'k1' } as Scope };
    const ledger = await openLedger(clock, scope);
    expect(ledger.entries().map((e) => e.operation)).toEqual(['rig', 'parts']);
    // Written back at once, with the address; a repeated answer is still recognised.
    const file = JSON.parse(await readFile(path.join(dir, 'ledger.json'), 'utf8'));
    expect(file.version).toBe(2);
    expect(file.entries[0]).toMatchObject({ origin: ONE, keyId: 'k1' });
    expect(await ledger.charge({ operation: 'rig' }, billing('0.10', '9.90', 'c1'))).toBe(false);
    scope.value = { mode: 'live', origin: TWO, keyId: 'k1' };
    expect(ledger.entries()).toEqual([]);
    scope.value = { mode: 'sandbox' };
    expect(ledger.entries().map((e) => e.operation)).toEqual(['text.imagine']);
    expect(await ledger.charge({ operation: 'text.imagine' }, billing('0.10', '9.90', 'c1'))).toBe(
      false,
    );
  });
});

describe('ledger queries', () => {
  const rows: LedgerEntryView[] = [
    {
      id: '1',
      type: 'charge',
      at: NOV,
      amountUsd: '0.40',
      operation: 'generate.photo.quality',
      jobId: 'j1',
      chargeIds: ['c1'],
      source: 'billing',
    },
    {
      id: '2',
      type: 'refund',
      at: NOV + 1,
      amountUsd: '0.40',
      operation: 'generate.photo.quality',
      jobId: 'j1',
      chargeIds: ['c1'],
      source: 'task',
    },
    {
      id: '3',
      type: 'charge',
      at: DEC,
      amountUsd: '0.35',
      operation: 'rig',
      jobId: 'j2',
      chargeIds: ['c2', 'c3'],
      source: 'headers',
    },
    {
      id: '4',
      type: 'unconfirmed',
      at: DEC + 1,
      amountUsd: '0.20',
      operation: '=HYPERLINK("x")',
      chargeIds: [],
      source: 'unknown',
    },
  ];

  it('filters by type, operation and month, and sums exactly', () => {
    expect(filterLedger(rows, { type: 'charge' }).map((r) => r.id)).toEqual(['1', '3']);
    expect(filterLedger(rows, { month: '2026-11' }).map((r) => r.id)).toEqual(['1', '2']);
    expect(filterLedger(rows, { operation: 'rig', month: '2026-11' })).toEqual([]);
    expect(sumLedger(rows)).toEqual({
      chargedUsd: '0.75',
      refundedUsd: '0.40',
      netUsd: '0.35',
      unconfirmedUsd: '0.20',
      unconfirmedCount: 1,
    });
  });

  it('totals each month, newest first', () => {
    expect(monthTotals(rows)).toEqual([
      expect.objectContaining({ month: '2026-12', chargedUsd: '0.35', netUsd: '0.35', count: 2 }),
      expect.objectContaining({ month: '2026-11', chargedUsd: '0.40', netUsd: '0.00', count: 2 }),
    ]);
  });

  it('writes CSV with quoted fields and defused formulas', () => {
    const lines = ledgerCsv(rows).split('\r\n');
    expect(lines[0]).toBe(
      'time_utc,type,operation,job_id,amount_usd,charge_ids,refund_id,balance_after_usd,source',
    );
    expect(lines[3]).toBe('2026-12-02T12:00:00.000Z,charge,rig,j2,0.35,c2 c3,,,headers');
    expect(lines[4]).toBe(
      `2026-12-02T12:00:00.001Z,unconfirmed,"'=HYPERLINK(""x"")",,0.20,,,,unknown`,
    );
    expect(lines).toHaveLength(6); // header, four rows, and the final line end
  });
});

describe('AccountService', () => {
  function service(
    clock: FakeClock,
    answers: BalanceAnswer[],
    prices: () => Promise<unknown> = async () => ({ currency: 'USD', prices: [] }),
  ) {
    const calls = { balance: 0 };
    const api = {
      balance: async () => {
        calls.balance++;
        return answers[Math.min(calls.balance - 1, answers.length - 1)]!;
      },
      prices,
    } as unknown as ApiClient;
    const events: unknown[] = [];
    const ledger = new Ledger({ dataDir: dir, clock, logger: quiet });
    const account = new AccountService({
      api,
      ledger,
      clock,
      emit: (_e, payload) => void events.push(payload),
      logger: quiet,
      mode: () => 'live',
    });
    const own = { tasks: 0 };
    account.showQueue(
      () => ({ running: own.tasks, waiting: 0, capacity: 5 }),
      () => own.tasks,
    );
    return { account, calls, events, own };
  }

  it('keeps the account’s jobs running live between reads: Kiln’s own start and end, a refusal fills it', async () => {
    const clock = new FakeClock(NOV);
    const { account, own } = service(clock, [
      { balance_usd: '10.00', jobs_running: 2, jobs_limit: 5 },
      { balance_usd: '10.00', jobs_running: 1, jobs_limit: 5 },
    ]);
    // Before the record is read, Kiln counts what it knows: its own.
    own.tasks = 1;
    expect(account.view().jobsRunning).toBe(1);
    // The record: 2 running, one of them Kiln's; another client runs the other.
    await account.refresh();
    expect(account.view()).toMatchObject({ jobsRunning: 2, jobsLimit: 5 });
    own.tasks = 3;
    expect(account.view().jobsRunning).toBe(4);
    own.tasks = 0;
    expect(account.view().jobsRunning).toBe(1);
    // The service says the account is full: it is, until one of them ends.
    own.tasks = 2;
    account.noteAccountFull();
    expect(account.view().jobsRunning).toBe(5);
    own.tasks = 1;
    expect(account.view().jobsRunning).toBe(4);
    account.close();
  });

  it('reads the new connection’s balance at once when the key changes', async () => {
    const clock = new FakeClock(NOV);
    const { account, calls, events } = service(clock, [{ balance_usd: '7.50' }]);
    account.connectionChanged();
    expect(events.at(-1)).not.toHaveProperty('balanceUsd');
    await vi.waitFor(() => expect(events.at(-1)).toMatchObject({ balanceUsd: '7.50' }));
    expect(calls.balance).toBe(1);
    account.close();
  });

  it('adds a new charge to the month spend at once, and only once', async () => {
    const clock = new FakeClock(NOV);
    const { account } = service(clock, [
      { balance_usd: '10.00', month_spend_usd: '1.00', key_month_spend_usd: '0.50' },
    ]);
    await account.refresh();
    const bill = billing('0.40', '9.60', 'c9');
    await account.noteBilling(bill, { operation: 'generate.photo.quality', jobId: 'j' });
    await account.noteBilling(bill, { operation: 'generate.photo.quality', jobId: 'j' });
    expect(account.view()).toMatchObject({
      balanceUsd: '9.60',
      monthSpendUsd: '1.40',
      keyMonthSpendUsd: '0.90',
    });
    account.close();
  });

  it('reads the balance on the slow refresh interval, which a new setting replaces', async () => {
    const clock = new FakeClock(NOV);
    const { account, calls, events } = service(clock, [
      { balance_usd: '10.00' },
      { balance_usd: '8.00' },
    ]);
    account.refreshEvery(60);
    await clock.advance(59_000);
    expect(calls.balance).toBe(0);
    await clock.advance(1_000);
    expect(calls.balance).toBe(1);
    account.refreshEvery(15);
    await clock.advance(15_000);
    expect(calls.balance).toBe(2);
    expect(events.at(-1)).toMatchObject({ balanceUsd: '8.00' });
    account.close();
    await clock.advance(600_000);
    expect(calls.balance).toBe(2);
  });

  it('records a call of unknown outcome at once while the price list waits, and prices it in the background', async () => {
    const clock = new FakeClock(NOV);
    let answer: ((list: unknown) => void) | undefined;
    // Under a 429 pause the price list waits as long as the pause.
    const { account, events } = service(
      clock,
      [{}],
      () => new Promise((resolve) => (answer = resolve)),
    );
    await account.noteUnconfirmed({ operation: 'generate.photo.fast', jobId: 'j' });
    expect(account.ledger().entries).toMatchObject([{ type: 'unconfirmed', jobId: 'j' }]);
    expect(account.ledger().entries[0]!.amountUsd).toBeUndefined();
    answer!({ currency: 'USD', prices: [{ operation: 'generate.photo.fast', price_usd: '0.20' }] });
    // The renderer hears of it (Account and Activity show the amount).
    await vi.waitFor(() =>
      expect(events.at(-1)).toMatchObject({ totals: { unconfirmedUsd: '0.20' } }),
    );
    expect(account.ledger().entries[0]!.amountUsd).toBe('0.20');
    // A restart reads the price that was written.
    const again = new Ledger({ dataDir: dir, clock, logger: quiet });
    await again.load();
    expect(again.entries()[0]!.amountUsd).toBe('0.20');
    account.close();
  });

  it('exports the filtered rows as CSV under a name that never replaces a file', async () => {
    const clock = new FakeClock(NOV);
    const { account } = service(clock, [{ balance_usd: '10.00' }]);
    await account.noteBilling(billing('0.40', '9.60', 'c1'), { operation: 'rig', jobId: 'a' });
    await account.noteBilling(billing('0.30', '9.30', 'c2'), { operation: 'parts', jobId: 'b' });
    const folder = path.join(dir, 'exports');
    const first = await account.exportLedger({ operation: 'rig' }, folder);
    const second = await account.exportLedger({ operation: 'rig' }, folder);
    expect(first).toEqual({ path: path.join(folder, 'kiln-spend-live-all-rig.csv'), rows: 1 });
    expect(second.path).toBe(path.join(folder, 'kiln-spend-live-all-rig (2).csv'));
    expect(await readFile(first.path, 'utf8')).toContain(',rig,a,0.40,c1,');
    account.close();
  });
});
