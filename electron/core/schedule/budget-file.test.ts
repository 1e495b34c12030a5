/**
 * The request budget on disk: what a run writes, the next one reads (sends still in the window,
 * pauses still running), and a file that is missing, damaged or from a clock set back never stops
 * Kiln: it falls back to the safe assumption.
 */
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../ports';
import { FakeClock } from '../testing/fake-clock';
import { BUDGET_FILE, BudgetFile } from './budget-file';
import { RequestScheduler, WINDOW_EDGE_MARGIN_MS } from './request-scheduler';

let dir: string;
const T = Date.UTC(2026, 10, 25, 12, 0, 0);
const warnings: string[] = [];
const logger: Logger = {
  info: () => {},
  warn: (m) => void warnings.push(m),
  error: () => {},
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-budget-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function folder(name: string): Promise<string> {
  const d = path.join(dir, name);
  await mkdir(d, { recursive: true });
  return d;
}

describe('BudgetFile', () => {
  it('starts empty without a file, and a restart reads what the scheduler wrote', async () => {
    const dataDir = await folder('round-trip');
    const clock = new FakeClock(T);
    const file = await BudgetFile.open({ dataDir, clock, logger });
    expect(file.restored).toEqual({ budgets: {} });
    const scheduler = new RequestScheduler({ clock, memory: file });
    for (let i = 0; i < 3; i++) await scheduler.run('poll', async () => i, { budget: () => 'k1' });
    await clock.advance(10_000);
    await scheduler.run('poll', async () => 'x', { budget: () => 'k2' });
    scheduler.close();

    // The file names budgets (keys by id) and times, nothing else; the last send was written
    // before it left, and nothing was written after it: its leaving is not on disk.
    const text = await readFile(path.join(dataDir, BUDGET_FILE), 'utf8');
    expect(JSON.parse(text)).toEqual({
      version: 1,
      budgets: { k1: { sends: [T, T, T] }, k2: { sends: [], pending: [T + 10_000] } },
    });
    const later = new FakeClock(T + 30_000);
    const again = await BudgetFile.open({ dataDir, clock: later, logger });
    expect(again.restored.budgets['k1']).toEqual({ sends: [T, T, T] });
    // It may have left any time until the file was written: counted no earlier than its dispatch.
    const [pending] = again.restored.budgets['k2']!.sends;
    expect(pending).toBeGreaterThanOrEqual(T + 10_000);
    expect(pending).toBeLessThanOrEqual(T + 30_000);
  });

  it('a send written before it left, killed before its leaving was written, counts from when the file was written', async () => {
    // The real clock here: the file system's times are the wall clock's.
    const now = Math.floor(Date.now() / 1000) * 1000;
    const dataDir = await folder('pending');
    const target = path.join(dataDir, BUDGET_FILE);
    await writeFile(
      target,
      JSON.stringify({
        version: 1,
        budgets: { k: { sends: [now - 55_000], pending: [now - 50_000, now - 30_000] } },
      }),
    );
    // The disk took 15 s to write it (a busy machine): the first pending send left then.
    const written = now - 35_000;
    await utimes(target, written / 1000, written / 1000);
    const file = await BudgetFile.open({ dataDir, clock: new FakeClock(now), logger });
    const sends = file.restored.budgets['k']!.sends;
    expect(sends).toHaveLength(3);
    expect(sends[0]).toBe(now - 55_000);
    // Counted from the write (give or take the milliseconds this test took), or their dispatch.
    expect(sends[1]).toBeGreaterThanOrEqual(written - 1000);
    expect(sends[1]).toBeLessThanOrEqual(written);
    expect(sends[2]).toBe(now - 30_000);
  });

  it('drops what has left the window, counts future times as now and bounds a pause', async () => {
    const dataDir = await folder('sanitised');
    await writeFile(
      path.join(dataDir, BUDGET_FILE),
      JSON.stringify({
        version: 1,
        budgets: {
          old: { sends: [T - 120_000, T - 60_000] },
          skewed: { sends: [T - 1000, T + 3_600_000], pausedUntil: T + 86_400_000 },
          ended: { sends: [], pausedUntil: T - 1 },
        },
      }),
    );
    const file = await BudgetFile.open({ dataDir, clock: new FakeClock(T), logger });
    expect(file.restored).toEqual({
      budgets: { skewed: { sends: [T - 1000, T], pausedUntil: T + 60_000 } },
    });
  });

  it('a damaged file does not stop Kiln: the whole minute counts as used when it was written', async () => {
    const dataDir = await folder('damaged');
    const target = path.join(dataDir, BUDGET_FILE);
    await writeFile(target, '{"version":1,"budgets":{"k":{"sends":[17');
    const written = T - 20_000;
    await utimes(target, written / 1000, written / 1000);
    warnings.length = 0;
    const clock = new FakeClock(T);
    const file = await BudgetFile.open({ dataDir, clock, logger });
    expect(warnings).toEqual(['request budget unreadable; assuming the last minute was used up']);
    expect(file.restored.budgets).toEqual({});
    expect(file.restored.others?.sends).toHaveLength(60);
    // Any key waits until that minute is over, then goes.
    const scheduler = new RequestScheduler({ clock, memory: file });
    let sentAt: number | undefined;
    const p = scheduler.run('user', async () => (sentAt = clock.now()), { budget: () => 'k' });
    await clock.advanceTo(written + 60_000 + WINDOW_EDGE_MARGIN_MS);
    await p;
    expect(sentAt).toBe(written + 60_000 + WINDOW_EDGE_MARGIN_MS);
    // And the file is whole again.
    const again = await BudgetFile.open({ dataDir, clock, logger });
    expect(again.restored.budgets['k']?.sends.at(-1)).toBe(
      written + 60_000 + WINDOW_EDGE_MARGIN_MS,
    );
  });
});
