/**
 * 2. Restarts. One data folder; the core is killed again and again at seeded random points of its
 * generations, exports, paid builds and downloads: a request is stopped forever before it reaches
 * the service, after the service answered (the core never hears back), or half-way through its
 * body, and at that moment the core is dropped (its services closed with no flush, and its wire
 * made dead, as a killed process leaves things), then started again on the same folder.
 *
 * After each restart every job is either resumed (active again) or shown as outcome unknown or
 * final; at the end every job has settled, no paid call was sent twice (the ledgers agree), and no
 * partial file sits under a final name: every file in the export folder is complete for its format,
 * every cache file's name is the SHA-256 of its content, and no `.partial` is left.
 */
import { createHash } from 'node:crypto';
import { copyFile, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView, Op } from '../../shared/ipc/contract';
import { createSandbox, type Sandbox } from '../../electron/sandbox';
import { systemClock } from '../../electron/core/ports';
import { createServices, type Services } from '../../electron/core/services';
import { SETTLED, testPorts, waitFor } from '../../electron/core/testing/harness';
import { killable, type Killable } from '../../electron/core/testing/kill-switch';
import { Wire, type BlockPoint } from '../../electron/core/testing/wire';
import { FaultReport, SEED, SIZE } from './figures';
import { libraryIds, PHOTOS, prng, scratch } from '../../electron/core/testing/chaos-run';
import { compareLedgers } from '../../electron/core/testing/ledger-check';
import { watchProcess } from './net';

const KEY = 'sk-faults-restart-01';
const KILLS = Number(process.env['KILN_FAULTS_KILLS'] ?? (SIZE === 'small' ? 3 : 100));
const report = new FaultReport('2 restarts');
let work: string;
let dataDir: string;
let sandbox: Sandbox;
let models: string[];

beforeAll(async () => {
  work = await scratch('kiln-faults-restart-');
  dataDir = path.join(work, 'data');
  sandbox = createSandbox({
    keys: [KEY],
    balanceUsd: '500.00',
    taskSeconds: 0.4,
    jobSeconds: 0.2,
    seedModels: 2,
  });
  await sandbox.ready();
  models = await libraryIds(sandbox, 'http://sandbox.test', KEY);
});
afterAll(async () => {
  await sandbox?.close();
  await rm(work, { recursive: true, force: true });
  report.save();
});

/**
 * One life of the core: its wire to the in-process sandbox, and the switch that kills it (see
 * `killable`): from then on no request returns, and every answer still streaming in breaks off.
 */
function life(): { wire: Wire } & Killable {
  let dead = false;
  const wire = new Wire(systemClock, (input, init) =>
    dead
      ? new Promise<Response>(() => {})
      : sandbox.fetch(new Request(input as string | URL, init)),
  );
  const switched = killable(wire.fetch);
  return {
    wire,
    fetch: switched.fetch,
    kill: () => {
      dead = true;
      switched.kill();
    },
  };
}

async function boot(lifeFetch: typeof fetch): Promise<Services> {
  const { ports } = testPorts({
    dataDir,
    baseUrl: 'http://sandbox.test',
    key: KEY,
    fetch: lifeFetch,
    exportDir: path.join(dataDir, 'exports'),
  });
  return createServices(ports, {
    pollTiming: { first: 30, factor: 1.5, cap: 200, errorCap: 300, near: 30 },
  });
}

const KINDS: Array<[string, (m: string, p: string) => boolean]> = [
  ['generation start', (m, p) => m === 'POST' && p.startsWith('/generate/')],
  ['task poll', (_m, p) => p.startsWith('/task/')],
  ['model download', (_m, p) => p.startsWith('/files/models/')],
  ['job call', (_m, p) => /^\/model\/[^/]+\/(export|print|rig|parts)$/.test(p)],
  ['job download', (_m, p) => p.startsWith('/files/jobs/')],
];
const POINTS: BlockPoint[] = ['before', 'after', 'midBody'];
const OPS: Op[] = [
  { kind: 'export', format: 'glb' },
  { kind: 'export', format: 'stl' },
  { kind: 'print', format: '3mf', lengthMm: 60 },
  { kind: 'rig', rigKind: 'generic' },
  { kind: 'parts' },
];

/** True when `bytes` is a whole file of the format its extension names. */
function complete(name: string, bytes: Buffer): boolean {
  const ext = path.extname(name).toLowerCase();
  if (ext === '.glb')
    return bytes.toString('latin1', 0, 4) === 'glTF' && bytes.readUInt32LE(8) === bytes.length;
  if (ext === '.zip' || ext === '.3mf') {
    const tail = bytes.subarray(Math.max(0, bytes.length - 22 - 65_535));
    return tail.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  }
  if (ext === '.stl')
    return bytes.length >= 84 && bytes.length === 84 + 50 * bytes.readUInt32LE(80);
  return false;
}

describe(`restarts (seed ${SEED}, ${KILLS} kills)`, () => {
  it('resumes every job or shows it as unknown, never charges twice, never leaves a partial file', async () => {
    const proc = watchProcess();
    const random = prng(SEED ^ 0x2e57a7);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const photo = async (services: Services) => {
      const copy = path.join(work, `coffee-${Math.floor(random() * 1e9)}.png`);
      await copyFile(path.join(PHOTOS, 'coffee.png'), copy);
      return (await services.files.stagePath(copy, 'coffee.png')).id;
    };
    const killedAt = new Map<string, number>();
    let current = life();
    let services = await boot(current.fetch);

    const started = Date.now();
    for (let k = 0; k < KILLS; k++) {
      // New work for this life, then a point to die at.
      const jobs = random() < 0.5 ? 1 : 2;
      for (let j = 0; j < jobs; j++) {
        if (random() < 0.45)
          await services.jobs.startPhoto(await photo(services), 'fast', {
            polyCount: 10_000,
            textureSize: 1024,
          });
        else await services.jobs.runOp(pick(models), pick(OPS));
      }
      const [kindName, match] = pick(KINDS);
      const point = pick(POINTS);
      const hit = await Promise.race([
        current.wire.stopAt(match, point).then(() => true),
        waitFor(
          () => services.jobs.list().every((v) => SETTLED.includes(v.state)) || undefined,
          'settled',
          3_000,
        ).then(
          () => false,
          () => false,
        ),
      ]);
      const label = hit ? `${kindName} ${point}` : 'idle';
      if (process.env['KILN_FAULTS_DEBUG'])
        console.error(
          `kill ${k + 1}: ${label} at ${Date.now() - started} ms`,
          JSON.stringify(
            services.jobs.list().map((v) => [v.kind, v.state, v.note, v.error?.message]),
          ),
        );
      killedAt.set(label, (killedAt.get(label) ?? 0) + 1);
      // Killed: nothing more reaches the service from this life, nothing is flushed.
      current.kill();
      services.close();
      report.figures.restarts++;
      const tmp = path.join(dataDir, 'tmp');
      const left = (await readdir(tmp).catch(() => [] as string[])).filter((n) =>
        n.endsWith('.partial'),
      );
      current = life();
      services = await boot(current.fetch);
      for (const v of services.jobs.list()) {
        const ok =
          SETTLED.includes(v.state) ||
          ['waiting', 'starting', 'queued', 'processing', 'downloading', 'running'].includes(
            v.state,
          );
        report.check(ok, `after restart ${k + 1} (${label}): job ${v.id} ${v.state}`);
        if (v.state === 'outcome_unknown')
          report.check(
            /library|Retry|balance/.test(v.error?.message ?? ''),
            `unknown job without advice: ${v.error?.message}`,
          );
      }
      // Half downloads of the dead life are gone once the new one has started (the new life's
      // own downloads may already have begun: only the old names count).
      const now = await readdir(tmp).catch(() => [] as string[]);
      report.check(
        !left.some((n) => now.includes(n)),
        `restart ${k + 1}: a partial download survived the start`,
      );
    }
    // The last life runs everything to its end.
    const last = await waitFor(
      () => services.jobs.list().every((v) => SETTLED.includes(v.state)) || undefined,
      'every job to settle',
      120_000,
    ).then(
      () => [] as JobView[],
      () => services.jobs.list().filter((v) => !SETTLED.includes(v.state)),
    );
    report.check(
      last.length === 0,
      `stuck after the last restart: ${JSON.stringify(last.slice(0, 3))}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    const jobs = services.jobs.list();

    // Files: complete under final names, named by content in the cache, no partial anywhere.
    const exports = path.join(dataDir, 'exports');
    const saved = await readdir(exports).catch(() => [] as string[]);
    for (const name of saved) {
      report.check(!name.endsWith('.partial'), `partial left in the export folder: ${name}`);
      if (!name.endsWith('.partial'))
        report.check(
          complete(name, await readFile(path.join(exports, name))),
          `incomplete file under a final name: ${name}`,
        );
    }
    const done = jobs.filter((v) => v.state === 'done' && v.savedPath);
    report.check(
      new Set(done.map((v) => v.savedPath)).size === done.length,
      'two jobs claim one file',
    );
    // A kill between claiming the final name and journaling "done" is resumed by adopting the
    // saved file (its temporary twin), so every saved file belongs to exactly one done job.
    const finals = saved.filter((n) => !n.endsWith('.partial')).length;
    report.check(finals === done.length, `${finals} files for ${done.length} saved jobs`);
    const cache = path.join(dataDir, 'cache');
    for (const name of (await readdir(cache).catch(() => [] as string[])).filter((n) =>
      /\.(glb|png|webp|jpg)$/.test(n),
    )) {
      const sha = createHash('sha256')
        .update(await readFile(path.join(cache, name)))
        .digest('hex');
      report.check(name.startsWith(sha), `cache file ${name} does not hold its content`);
    }
    // Money: every service charge is one Kiln saw or shows as unknown; nothing paid twice.
    const ledger = await services.handlers['account:ledger'](undefined);
    const found = compareLedgers(sandbox.ledger(), ledger.entries, jobs);
    for (const p of found.problems) report.check(false, p);
    services.close();
    await new Promise((r) => setTimeout(r, 100));
    report.check(proc.count() === 0, `unhandled: ${proc.seen.map(String).join('; ')}`);
    proc.stop();

    const states = jobs.reduce<Record<string, number>>(
      (acc, v) => ({ ...acc, [v.state]: (acc[v.state] ?? 0) + 1 }),
      {},
    );
    report.figures.operations = jobs.length;
    report.fault('kill', report.figures.restarts);
    report.note(
      `${jobs.length} jobs (${Object.entries(states)
        .map(([s, n]) => `${s} ${n}`)
        .join(', ')}); ${saved.length} files saved, ${found.remoteCharges} service charges`,
    );
    report.note(
      `killed at: ${[...killedAt.entries()]
        .sort()
        .map(([p, n]) => `${p} ${n}`)
        .join(', ')}; real ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(report.figures.violations).toEqual([]);
  });
});
