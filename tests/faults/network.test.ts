/**
 * 1. Network faults. A seeded run of generations (photo, multi-view, text, retexture), every
 * post-processing operation and library / balance / price / model reads, against the sandbox over
 * real HTTP with every chaos kind on: 5xx, latency spikes, connections reset before and after the
 * server acted, JSON cut short or corrupted, slow-drip downloads, 429 bursts with and without
 * `retry_after`, and the network gone for minutes, twice. Time is a fake clock shared by the core
 * and the sandbox, moved only when the network is quiet.
 *
 * Invariants: every job ends done / failed / cancelled / outcome_unknown (none stuck after the
 * network returns); no duplicate charge (the ledgers agree, every service charge is accounted
 * for); the balance Kiln shows equals the service's to the cent; never more than the budget in
 * any rolling 60 s, and no `rate_limited` from the service itself; every read answers a value or a
 * KilnError-shaped error; no unhandled rejection; every failed or unknown job says what to do.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Op } from '../../shared/ipc/contract';
import { dispatch } from '../../shared/ipc/dispatch';
import { IpcErrorSchema } from '../../shared/ipc/error-schema';
import { createSandbox, serveSandbox, type Sandbox } from '../../electron/sandbox';
import {
  CHAOS_FAULTS,
  CHAOS_SANDBOX,
  scratch,
  startChaosRun,
  type MixRead,
} from '../../electron/core/testing/chaos-run';
import { compareLedgers } from '../../electron/core/testing/ledger-check';
import { StepClock } from '../../electron/core/testing/step-clock';
import { maxInWindow, Wire } from '../../electron/core/testing/wire';
import { FaultReport, SEED, SIZE } from './figures';
import { watchProcess, withOutages } from './net';

const KEY = 'sk-faults-network-01';
/** Operations of the run: at least 500 in the full run. */
const OPERATIONS = Number(process.env['KILN_FAULTS_OPS'] ?? (SIZE === 'small' ? 60 : 520));
const T0 = Date.UTC(2025, 5, 15, 12, 0, 0);
const MINUTE = 60_000;
/** The network is gone twice, for minutes. */
const OUTAGES = [
  { from: T0 + 1 * MINUTE, to: T0 + 3 * MINUTE },
  { from: T0 + 9 * MINUTE, to: T0 + 12 * MINUTE },
];

const report = new FaultReport('1 network faults');
const clock = new StepClock(T0);
let work: string;
let sandbox: Sandbox;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  work = await scratch('kiln-faults-net-');
  sandbox = createSandbox({
    keys: [KEY],
    ...CHAOS_SANDBOX,
    clock: { now: () => clock.now() },
    chaos: {
      seed: SEED,
      ...CHAOS_FAULTS,
      burst429Every: 37,
      bare429Share: 0.5,
      latencySpikeRate: 0.02,
      latencySpikeMs: 120,
      dripRate: 0.25,
      dripChunkBytes: 64 * 1024,
      dripDelayMs: 1,
      onFault: (kind) => report.fault(kind),
    },
  });
  server = await serveSandbox(sandbox, { port: 0 });
  await sandbox.ready();
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await rm(work, { recursive: true, force: true });
  report.save();
});

const OPS: Op[] = [
  { kind: 'export', format: 'glb' },
  { kind: 'export', format: 'stl' },
  { kind: 'export', format: 'obj' },
  { kind: 'print', format: '3mf', lengthMm: 80 },
  { kind: 'print' },
  { kind: 'retopo', faces: 900 },
  { kind: 'rig', rigKind: 'generic' },
  { kind: 'parts' },
  { kind: 'gamepack', engine: 'godot' },
  { kind: 'make', maker: 'papercraft' },
  { kind: 'make', maker: 'origami' },
];
const READS: MixRead[] = [
  ['library:list', { limit: 20 }],
  ['account:balance', undefined],
  ['account:prices', undefined],
  ['library:model', 'model'],
];

describe(`network faults (seed ${SEED}, ${OPERATIONS} operations)`, () => {
  it('loses nothing, charges once, keeps the ledger exact and the budget, under every network fault', async () => {
    const proc = watchProcess();
    const wire = new Wire(
      clock,
      withOutages(fetch, clock, OUTAGES, () => report.fault('network_down')),
    );
    const started = Date.now();
    const run = await startChaosRun({
      clock,
      wire,
      sandbox,
      baseUrl: server.url,
      key: KEY,
      dataDir: path.join(work, 'data'),
      seed: SEED,
      mix: {
        count: OPERATIONS,
        work,
        ops: OPS,
        upTo: { photo: 0.2, multi: 0.27, text: 0.35, retexture: 0.42, op: 0.78 },
        reads: READS,
      },
    });
    const { services, driver } = run;
    const { submitted: s, stuck } = await run.settle(480_000);
    // Past the last outage, so every state has had its way out.
    if (clock.now() < OUTAGES.at(-1)!.to) await clock.advanceTo(OUTAGES.at(-1)!.to);
    await wire.quiet();
    const jobs = services.jobs.list();
    report.check(stuck.length === 0, `jobs stuck: ${JSON.stringify(stuck.slice(0, 3))}`);
    report.check(
      jobs.length === s.jobs.length,
      `${s.jobs.length} jobs submitted, ${jobs.length} listed`,
    );

    // Reads: a value, or an error a user can read; never a throw.
    const reads = await Promise.all(s.reads);
    let readErrors = 0;
    for (const r of reads as Array<{ ok: boolean; error?: unknown }>) {
      if (r.ok) continue;
      readErrors++;
      report.check(IpcErrorSchema.safeParse(r.error).success, `read answered ${JSON.stringify(r)}`);
    }

    for (const message of s.imagineRefused) {
      report.check(/[.!]$/.test(message.trim()), `imagine refused with: ${message}`);
    }
    // Every failed or unknown job says what happened and what to do, in a sentence.
    for (const job of jobs.filter((j) => j.state === 'failed' || j.state === 'outcome_unknown')) {
      const message = job.error?.message ?? '';
      report.check(
        /[.!]$/.test(message.trim()) && !/undefined|\[object|Error:/.test(message),
        `job ${job.id} (${job.state}) message: ${message}`,
      );
    }

    // Rate: the scheduler's budget in every rolling minute; the service never had to refuse.
    const budget = services.settings.get().requestBudget;
    const schedulerMax = maxInWindow(services.scheduler.history);
    report.check(
      schedulerMax <= budget,
      `scheduler sent ${schedulerMax} in 60 s (budget ${budget})`,
    );
    report.check(wire.maxInWindow(60_000) <= 60, `wire carried ${wire.maxInWindow()} in 60 s`);
    report.check(
      wire.faults.rateLimited === 0,
      `${wire.faults.rateLimited} rate_limited from the service`,
    );

    // Money.
    const ledger = await driver.drive(services.handlers['account:ledger'](undefined));
    const found = compareLedgers(sandbox.ledger(), ledger.entries, jobs);
    for (const p of found.problems) report.check(false, p);
    report.check(found.problems.length === 0, 'ledgers agree');
    // The read itself may meet a fault (chaos is still on): the user would read again.
    const readBalance = () =>
      driver.drive(dispatch(services.handlers, 'account:balance', undefined));
    let balance = await readBalance();
    for (let i = 0; i < 5 && !balance.ok; i++) balance = await readBalance();
    report.check(
      balance.ok && (balance.value as { balanceUsd?: string }).balanceUsd === sandbox.balance(),
      `balance shown ${JSON.stringify(balance)} vs service ${sandbox.balance()}`,
    );

    await new Promise((r) => setTimeout(r, 50));
    report.check(proc.count() === 0, `unhandled: ${proc.seen.map(String).join('; ')}`);
    proc.stop();

    const states = jobs.reduce<Record<string, number>>(
      (acc, j) => ({ ...acc, [j.state]: (acc[j.state] ?? 0) + 1 }),
      {},
    );
    report.figures.operations = s.jobs.length + s.imagines + s.reads.length;
    report.note(
      `${s.jobs.length} jobs (${Object.entries(states)
        .map(([k, v]) => `${k} ${v}`)
        .join(
          ', ',
        )}), ${s.imagines} imagine calls (${s.imagineRefused.length} refused, ${s.imagineUnknown} unknown), ${s.reads.length} reads (${readErrors} answered an error)`,
    );
    report.note(
      `${wire.records.length} requests; sandbox ledger ${found.remoteCharges} charges, ${found.remoteRefunds} refunds; Kiln saw ${found.seenById} by id, ${found.unconfirmed} unconfirmed; max ${schedulerMax}/60 s (scheduler), ${wire.maxInWindow()} (wire)`,
    );
    report.note(
      `fake time ${Math.round((clock.now() - T0) / MINUTE)} min (network gone ${OUTAGES.map((o) => `${(o.to - o.from) / MINUTE} min`).join(' + ')}), real ${Math.round((Date.now() - started) / 1000)} s`,
    );
    services.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(report.figures.violations).toEqual([]);
    expect(report.figures.operations).toBeGreaterThanOrEqual(SIZE === 'small' ? 50 : 500);
  });
});
