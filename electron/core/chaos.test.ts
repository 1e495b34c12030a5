/**
 * Chaos: a seeded, randomized run of many mixed jobs (photo, multi-view, text, retexture, every
 * post-processing operation, failing ones too) against the sandbox over real HTTP with its faults
 * switched on: 5xx answers, connections reset before and after the server acted, answers cut short
 * or corrupted, bursts of 429. Time is a fake clock shared by the core and the sandbox, moved only
 * when the network is quiet, so a run of half an hour of service time takes seconds.
 *
 * It proves what a user must be able to trust:
 * - every job ends in a final state or `outcome_unknown`, none is stuck;
 * - no job is charged twice (net of refunds), and no paid call is sent again after an ambiguous
 *   failure;
 * - the client's ledger equals the sandbox's: every charge and refund Kiln recorded is in the
 *   sandbox's ledger with the same amount, and every sandbox charge Kiln could not see belongs to
 *   a job Kiln shows as `outcome_unknown` (one each, same operation);
 * - never more than 60 requests in any 60-second window.
 *
 * `KILN_CHAOS_SEED` replays a run; `KILN_CHAOS_JOBS` makes it bigger (default 200).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobView, Op } from '../../shared/ipc/contract';
import { createSandbox, serveSandbox, type Sandbox } from '../sandbox';
import { CHAOS_FAULTS, CHAOS_SANDBOX, scratch, startChaosRun } from './testing/chaos-run';
import { compareLedgers } from './testing/ledger-check';
import { StepClock } from './testing/step-clock';
import { maxInWindow, Wire } from './testing/wire';

const KEY = 'sk-chaos-test-0001';
const SEED = Number(process.env['KILN_CHAOS_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const JOBS = Number(process.env['KILN_CHAOS_JOBS'] ?? 200);

let work: string;
let sandbox: Sandbox;
let server: { url: string; close(): Promise<void> };
const clock = new StepClock(Date.UTC(2025, 5, 15, 12, 0, 0));

beforeAll(async () => {
  work = await scratch('kiln-chaos-');
  sandbox = createSandbox({
    keys: [KEY],
    ...CHAOS_SANDBOX,
    clock: { now: () => clock.now() },
    chaos: {
      seed: SEED,
      ...CHAOS_FAULTS,
      burst429Every: 41,
    },
  });
  server = await serveSandbox(sandbox, { port: 0 });
  await sandbox.ready();
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await rm(work, { recursive: true, force: true });
});

const OPS: Op[] = [
  { kind: 'export', format: 'glb' },
  { kind: 'export', format: 'stl' },
  { kind: 'export', format: 'glb_draco' },
  { kind: 'export', format: 'obj' },
  { kind: 'export', format: 'usdz' },
  { kind: 'print', format: '3mf', lengthMm: 80 },
  { kind: 'print' },
  { kind: 'retopo', faces: 900 },
  { kind: 'retopo', format: 'fbx' },
  { kind: 'rig', rigKind: 'humanoid' },
  { kind: 'rig', rigKind: 'generic' },
  { kind: 'parts' },
  { kind: 'gamepack', engine: 'godot' },
  { kind: 'make', maker: 'papercraft' },
  { kind: 'make', maker: 'origami' },
];

describe(`chaos (seed ${SEED}, ${JOBS} jobs)`, () => {
  it('settles every job, never charges twice, keeps its ledger equal to the service’s and stays within the rate limit', async () => {
    const wire = new Wire(clock);
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
        count: JOBS,
        work,
        ops: OPS,
        upTo: { photo: 0.25, multi: 0.35, text: 0.45, retexture: 0.55, op: 1 },
      },
    });
    const { services, recorded } = run;
    const { submitted: s, stuck } = await run.settle(240_000);
    if (stuck.length) throw new Error(`not settled: ${JSON.stringify(stuck.slice(0, 5), null, 1)}`);
    // Let late writes (ledger, journal) land.
    await wire.quiet();
    const jobs = services.jobs.list();
    expect(jobs).toHaveLength(s.jobs.length);
    // An imagine call is refused only for a reason a retry cannot fix: none in this run.
    expect(s.imagineRefused).toEqual([]);

    // --- Rate: never more than 60 requests in any 60-second window ------------------------------
    const maxPerMinute = wire.maxInWindow(60_000);
    expect(maxPerMinute).toBeLessThanOrEqual(60);

    // --- Ledgers: every service charge is one Kiln saw (by id or header) or shows as unknown,
    // refunds agree both ways, the known net is equal to the cent, no job or task paid twice ---
    const remote = sandbox.ledger();
    const local = services.account.ledger().entries;
    const found = compareLedgers(remote, local, jobs);
    expect(found.problems).toEqual([]);
    const unconfirmed = local.filter((e) => e.type === 'unconfirmed');

    // --- A paid call of unknown outcome is in the ledger once: unconfirmed, or charged per headers.
    for (const job of jobs.filter((j) => j.state === 'outcome_unknown')) {
      const entries = local.filter(
        (e) =>
          e.jobId === job.id &&
          (e.type === 'unconfirmed' || (e.type === 'charge' && e.chargeIds.length === 0)),
      );
      expect(entries, `unknown job ${job.id} in the ledger`).toHaveLength(1);
    }
    const unknownJobs = jobs.filter((j) => j.state === 'outcome_unknown');
    expect(unconfirmed.filter((e) => !e.jobId)).toHaveLength(
      s.imagineUnknown -
        local.filter((e) => e.type === 'charge' && !e.jobId && e.chargeIds.length === 0).length,
    );
    // Every request the budget counted reaches the wire. Counted at dispatch and recorded by the
    // wire once fetch has it, so a read still on its way at this instant (a timer's balance read)
    // is one apart for a moment (seen once in a full run under load): wait for it to land.
    await vi.waitFor(() => expect(services.scheduler.history.length).toBe(wire.records.length));
    expect(maxInWindow(services.scheduler.history)).toBeLessThanOrEqual(55);

    const states = Object.entries(
      jobs.reduce<Record<string, number>>(
        (acc, j) => ({ ...acc, [j.state]: (acc[j.state] ?? 0) + 1 }),
        {},
      ),
    );
    const f = wire.faults;
    console.log(
      [
        `chaos seed ${SEED}: ${jobs.length} jobs (+${s.imagines} imagine calls, ${s.imagineUnknown} of unknown outcome); ${unknownJobs.length} jobs of unknown outcome`,
        `  states: ${states.map(([k, v]) => `${k} ${v}`).join(', ')}`,
        `  requests: ${wire.records.length}; faults injected and seen: ${f.serverErrors} 5xx, ${f.bursts} 429 bursts, ${f.resets} resets, ${f.unreadable} unreadable answers; ${f.rateLimited} rate_limited and ${f.tooManyJobs} too_many_jobs from the service itself`,
        `  sandbox ledger: ${found.remoteCharges} charges, ${found.remoteRefunds} refunds; Kiln saw ${found.seenById} charges by id, ${found.unconfirmed} unconfirmed`,
        `  max requests in any 60 s window: ${maxPerMinute} on the wire, ${maxInWindow(services.scheduler.history)} by the scheduler; fake time ${Math.round((clock.now() - Date.UTC(2025, 5, 15, 12)) / 60_000)} min, real ${Math.round((Date.now() - started) / 1000)} s`,
      ].join('\n'),
    );
    if (process.env['KILN_CHAOS_DEBUG']) {
      const slow = [...jobs]
        .sort((a, b) => (b.finishedAt ?? 0) - b.createdAt - ((a.finishedAt ?? 0) - a.createdAt))
        .slice(0, 8)
        .map(
          (j) =>
            `${j.kind} ${j.state} ${Math.round(((j.finishedAt ?? 0) - j.createdAt) / 1000)}s ${j.error?.code ?? ''}`,
        );
      console.log(slow.join('\n'));
      const perMin = new Map<number, number>();
      for (const r of wire.records) {
        const m = Math.floor((r.at - Date.UTC(2025, 5, 15, 12)) / 60_000);
        perMin.set(m, (perMin.get(m) ?? 0) + 1);
      }
      const worst = [...jobs].sort(
        (a, b) => (b.finishedAt ?? 0) - b.createdAt - ((a.finishedAt ?? 0) - a.createdAt),
      )[0]!;
      const t0 = worst.createdAt;
      console.log(
        recorded.events
          .filter((e) => e.event === 'jobs.updated' && (e.payload as JobView).id === worst.id)
          .map((e) => e.payload as JobView)
          .map(
            (j) =>
              `${j.state}${j.progress !== undefined ? `(${j.progress})` : ''} ${j.note ? j.note.id : ''}`,
          )
          .join('\n'),
        t0,
      );
      console.log(
        recorded.logs
          .slice(0, 40)
          .map((l) => `${l.level} ${l.message} ${JSON.stringify(l.data)}`)
          .join('\n'),
      );
      console.log([...perMin.entries()].map(([m, n]) => `${m}:${n}`).join(' '));
    }
    await services.close();
    // Let writes already under way land before the folder is removed.
    await new Promise((r) => setTimeout(r, 200));
  }, 300_000);
});
