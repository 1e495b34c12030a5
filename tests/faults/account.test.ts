/**
 * 3. Account faults: the key revoked mid-run, the balance emptied mid-batch, the monthly limits of
 * the account and of the key reached, and `too_many_jobs` caused by another client of the same
 * account (tasks started directly against the sandbox with the same key). Each stops exactly what
 * it must, keeps polling what it can, charges nothing it should not, and tells the user, in the
 * job's error or note, what to do.
 */
import { copyFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../shared/ipc/contract';
import { dispatch } from '../../shared/ipc/dispatch';
import { createSandbox, type Sandbox } from '../../electron/sandbox';
import { createServices, type Services } from '../../electron/core/services';
import {
  FAST_POLLING,
  SETTLED,
  testPorts,
  untilJob,
  waitFor,
} from '../../electron/core/testing/harness';
import { FaultReport } from './figures';
import { PHOTOS, scratch } from '../../electron/core/testing/chaos-run';
import { watchProcess } from './net';
import { i18n } from '@lingui/core';

const KEY = 'sk-faults-account-01';
const NEW_KEY = 'sk-faults-account-02';
const OTHER = 'sk-faults-other-app1';
const report = new FaultReport('3 account faults');
let work: string;
let sandbox: Sandbox;
let services: Services;

beforeAll(async () => {
  work = await scratch('kiln-faults-account-');
  sandbox = createSandbox({
    keys: [KEY, OTHER],
    balanceUsd: '20.00',
    taskSeconds: 1.5,
    jobSeconds: 0.3,
    seedModels: 1,
  });
  await sandbox.ready();
  const { ports } = testPorts({
    dataDir: path.join(work, 'data'),
    baseUrl: 'http://sandbox.test',
    key: KEY,
    fetch: (input, init) => sandbox.fetch(new Request(input as string | URL, init)),
    exportDir: path.join(work, 'exports'),
  });
  services = await createServices(ports, FAST_POLLING);
});
afterAll(async () => {
  services?.close();
  await sandbox?.close();
  await rm(work, { recursive: true, force: true });
  report.save();
});

let n = 0;
async function photo(): Promise<string> {
  const copy = path.join(work, `coffee-${n++}.png`);
  await copyFile(path.join(PHOTOS, 'coffee.png'), copy);
  return (await services.files.stagePath(copy, 'coffee.png')).id;
}
const start = async () => services.jobs.startPhoto(await photo(), 'fast', { polyCount: 10_000 });
const view = (id: string) => services.jobs.list().find((j) => j.id === id)!;
const charges = () => sandbox.ledger().filter((e) => e.type === 'charge').length;
const words = (j: JobView) => `${j.error?.message ?? ''} ${j.note ? i18n._(j.note) : ''}`;

describe('account faults', () => {
  it('each fault stops what it must, keeps polling what it can, and says what to do', async () => {
    const proc = watchProcess();

    // --- The key is revoked while jobs run --------------------------------------------------------
    const running = [await start(), await start()];
    await waitFor(() => running.every((j) => view(j.id).taskId), 'both tasks started');
    sandbox.revokeKey(KEY);
    report.fault('key_revoked');
    const queued = await start();
    await waitFor(
      () => SETTLED.includes(view(queued.id).state) || view(queued.id).note,
      'the refused start',
    );
    const refused = view(queued.id);
    report.check(
      /Account → Keys/.test(words(refused)),
      `revoked key, new start: “${words(refused)}” (${refused.state})`,
    );
    await new Promise((r) => setTimeout(r, 2500));
    for (const j of running) {
      const v = view(j.id);
      // A task the service runs and charged is not given up: still active, told what to do.
      report.check(
        !['failed', 'cancelled'].includes(v.state),
        `running job ${v.state} after the key was revoked`,
      );
      report.check(
        /Account → Keys/.test(words(v)),
        `running job under a revoked key says: “${words(v)}”`,
      );
    }
    sandbox.addKey(NEW_KEY);
    await dispatch(services.handlers, 'keys:set', { key: NEW_KEY });
    for (const j of running) {
      const done = await untilJob(services, j.id, SETTLED, 60_000);
      report.check(done.state === 'done', `after a new key: ${done.state} ${words(done)}`);
    }
    report.check(view(queued.id).canRetry, 'a start refused for the key can be retried');
    const again = await services.jobs.retry(queued.id);
    report.check(
      (await untilJob(services, again.id, SETTLED, 60_000)).state === 'done',
      'retried with the new key',
    );

    // --- The balance runs out in the middle of a batch ------------------------------------------
    await services.settings.set({ maxConcurrentJobs: 1 });
    const before = charges();
    const batch = [await start(), await start(), await start()];
    await waitFor(() => view(batch[0]!.id).taskId, 'the first of the batch started');
    sandbox.setBalance('0.00');
    report.fault('balance_emptied');
    for (const j of batch) await untilJob(services, j.id, SETTLED, 60_000);
    const [first, ...rest] = batch.map((j) => view(j.id));
    report.check(first!.state === 'done', `the started job kept polling: ${first!.state}`);
    for (const v of rest) {
      report.check(
        v.state === 'failed' && /Top up your balance/.test(words(v)),
        `after the balance ran out: ${v.state} “${words(v)}”`,
      );
      report.check(v.canRetry, 'a job refused for balance can be retried after topping up');
    }
    report.check(charges() - before === 1, `${charges() - before} charges in the batch`);
    sandbox.setBalance('20.00');
    const retried = await services.jobs.retry(rest[0]!.id);
    report.check(
      (await untilJob(services, retried.id, SETTLED, 60_000)).state === 'done',
      'retried after topping up',
    );

    // --- Monthly limits: the account's, then the key's ----------------------------------------------
    for (const [limit, says] of [
      ['account', /account's monthly limit of \$0\.10 is reached.*Raise the limit on the platform/],
      [
        'key',
        /key's monthly limit of \$0\.10 is reached.*Raise the key's limit on the platform or use another key/,
      ],
    ] as const) {
      if (limit === 'account') sandbox.setMonthlyLimit('0.10');
      else sandbox.setKeyLimit('0.10');
      report.fault(`${limit}_limit`);
      const b = charges();
      const job = await untilJob(services, (await start()).id, SETTLED, 60_000);
      report.check(
        job.state === 'failed' && says.test(words(job)),
        `${limit} limit: ${job.state} “${words(job)}”`,
      );
      report.check(charges() === b, `${limit} limit: charged anyway`);
      const rig = await services.jobs.runOp(
        (await services.handlers['library:list']({})).items[0]!.modelId,
        { kind: 'rig', rigKind: 'generic' },
      );
      const rigged = await untilJob(services, rig.id, SETTLED, 60_000);
      report.check(
        rigged.state === 'failed' && says.test(words(rigged)),
        `${limit} limit on a paid build: ${rigged.state} “${words(rigged)}”`,
      );
      sandbox.setMonthlyLimit(null);
      sandbox.setKeyLimit(null);
    }

    // --- Another client of the account fills every slot ---------------------------------------------
    await services.settings.set({ maxConcurrentJobs: 5 });
    const other: string[] = [];
    const png = await import('node:fs/promises').then((fs) =>
      fs.readFile(path.join(PHOTOS, 'chelsea.png')),
    );
    for (let i = 0; i < 5; i++) {
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), 'chelsea.png');
      const res = await sandbox.handle(
        new Request('http://sandbox.test/generate/cloud/fast?poly_count=10000', {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${OTHER}` },
        }),
      );
      other.push(((await res.json()) as { task_id: string }).task_id);
    }
    report.fault('too_many_jobs_elsewhere');
    const b = charges();
    const mine = await start();
    await waitFor(
      () => /starts by itself/.test(view(mine.id).note?.message ?? '') || undefined,
      'the account-full note',
      60_000,
    );
    report.check(
      view(mine.id).state === 'waiting',
      `with the account full: ${view(mine.id).state}`,
    );
    const finished = await untilJob(services, mine.id, SETTLED, 60_000);
    report.check(
      finished.state === 'done',
      `once a slot freed: ${finished.state} ${words(finished)}`,
    );
    report.check(
      charges() - b === 1,
      `${charges() - b} charges for one job while the account was full`,
    );

    // The ledger of this run agrees with the service.
    const balance = await dispatch(services.handlers, 'account:balance', undefined);
    report.check(
      balance.ok && (balance.value as { balanceUsd?: string }).balanceUsd === sandbox.balance(),
      `balance ${JSON.stringify(balance)} vs ${sandbox.balance()}`,
    );
    report.check(proc.count() === 0, `unhandled: ${proc.seen.map(String).join('; ')}`);
    proc.stop();
    report.figures.operations = services.jobs.list().length + other.length;
    report.note(
      `${services.jobs.list().length} jobs: ${services.jobs
        .list()
        .map((j) => j.state)
        .join(', ')}`,
    );
    expect(report.figures.violations).toEqual([]);
  });
});
