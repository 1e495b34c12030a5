/**
 * 8. A paid batch across real kills. Kiln's core runs in a process of its own
 * (`core-process.ts`) on one data folder, against the sandbox over real HTTP with a key; the
 * sandbox counts every request per key (60 a minute, as the service does). A batch of quad
 * remeshes of ≥ 20 library models is started, and the core is killed with SIGKILL at every step
 * of an item, then started again on the same folder, until the batch is done:
 *
 * - **before a send**: the paid call is on its way and the process dies before it reaches the
 *   service (the proxy in front of the sandbox holds it, then kills);
 * - **between the service's answer and its reading**: the service acted (charged, or answered a
 *   poll), the process dies before it reads the answer;
 * - **mid-download**: half the result's bytes written into the partial file;
 * - **during a poll storm**: while many items poll at once;
 * - **at once after a restart**: while the new life is still resuming its jobs.
 *
 * What must hold at the end: one charge per item; `batch.csv` lists every item done, with a net
 * cost that adds up to the cent to what the service charged minus its refunds; one result file
 * per model folder (no `… (2).glb`), each a whole GLB; no `429 rate_limited` from the service, and
 * no rolling minute with more than 60 requests of the key.
 *
 * The core and the sandbox share a clock that runs {@link SCALE} times faster than the wall
 * clock (`scaled-clock.ts`), so the rate window's minute passes in seconds of real time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchView, ToolOp } from '../../shared/ipc/contract';
import { addUsd, subUsd, type Usd } from '../../shared/money';
import { createSandbox, type Sandbox } from '../../electron/sandbox';
import { libraryIds, prng } from '../../electron/core/testing/chaos-run';
import { waitFor } from '../../electron/core/testing/harness';
import type { CoreConfig } from './core-process';
import { FaultReport, SEED, SIZE } from './figures';
import { scaledClock } from './scaled-clock';

const KEY = 'sk-faults-batch-kill-01';
const ITEMS = Number(process.env['KILN_FAULTS_BATCH'] ?? (SIZE === 'small' ? 20 : 40));
/** Kills per step; the small run kills once at each. */
const ROUNDS = Number(process.env['KILN_FAULTS_BATCH_ROUNDS'] ?? (SIZE === 'small' ? 1 : 3));
/** Library pages each life browses at once: with the batch, a restart loop presses on the budget. */
const READS = Number(process.env['KILN_FAULTS_BATCH_READS'] ?? 25);
/** How much faster than the wall clock the shared clock runs. */
const SCALE = 6;
const OP: ToolOp = { kind: 'retopo', faces: 600 };
const root = path.resolve(import.meta.dirname, '..', '..');
const report = new FaultReport('8 a paid batch across SIGKILLs');

/** Where in an item's life a kill falls. */
type Step = 'before send' | 'after answer' | 'mid-download' | 'poll storm' | 'resuming';

/** One request as the service saw it. */
interface Seen {
  at: number;
  method: string;
  path: string;
  status?: number;
  code?: string;
}

let work: string;
let dataDir: string;
let folder: string;
let sandbox: Sandbox;
let epoch: number;
let clock: ReturnType<typeof scaledClock>;
let baseUrl: string;
let closeProxy: () => Promise<void>;
let models: string[];
/** Every request of the key that reached the service, in order. */
const seen: Seen[] = [];
/** The kill armed now: the step, and which request it falls on. */
let armed: { step: Step; match: (r: IncomingMessage, first: boolean) => boolean } | undefined;
let onKill: ((step: Step) => void) | undefined;
/** Models whose paid call the service has received. */
const asked = new Set<string>();
/** The items the core under test says are running now. */
let running = (): number => 0;

/** Forwards one request to the sandbox, or kills the core at the armed step. */
async function proxy(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', baseUrl);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const model = /^\/model\/([^/]+)\/retopo$/.exec(url.pathname)?.[1];
  const first = model !== undefined && !asked.has(model);
  const kill = armed && armed.match(req, first) ? armed : undefined;
  if (kill) armed = undefined;
  if (kill?.step === 'before send') {
    // Dies with its paid call on the way: the service never sees it.
    onKill?.(kill.step);
    req.socket.destroy();
    return;
  }
  const entry: Seen = { at: clock.now(), method: req.method ?? 'GET', path: url.pathname };
  seen.push(entry);
  if (model) asked.add(model);
  const response = await sandbox.handle(
    new Request(url, {
      method: req.method ?? 'GET',
      headers: req.headers as Record<string, string>,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    }),
  );
  const body = Buffer.from(await response.arrayBuffer());
  entry.status = response.status;
  if (response.status >= 400) {
    entry.code = (JSON.parse(body.toString() || '{}') as { detail?: { error?: string } }).detail
      ?.error;
  }
  if (kill && kill.step !== 'mid-download') {
    // The service acted; the core dies before it reads a byte of the answer.
    onKill?.(kill.step);
    req.socket.destroy();
    return;
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => (headers[k] = v));
  headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  if (kill?.step === 'mid-download') {
    res.write(body.subarray(0, Math.floor(body.length / 2)));
    await new Promise((r) => setTimeout(r, 50));
    onKill?.(kill.step);
    req.socket.destroy();
    return;
  }
  res.end(body);
}

beforeAll(async () => {
  // On the disk, not tmpfs: the budget and the journals are written with the fsync of a real disk.
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-faults-batch-kill-'));
  dataDir = path.join(work, 'data');
  folder = path.join(work, 'remeshes');
  epoch = Date.now();
  clock = scaledClock(epoch, SCALE);
  sandbox = createSandbox({
    keys: [KEY],
    balanceUsd: '100.00',
    taskSeconds: 3,
    jobSeconds: 6,
    seedModels: ITEMS,
    clock,
  });
  await sandbox.ready();
  const server = createServer((req, res) => {
    proxy(req, res).catch((error: unknown) => {
      report.check(false, `proxy: ${String(error)}`);
      res.destroy();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeProxy = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  models = (await libraryIds(sandbox, baseUrl, KEY)).slice(0, ITEMS);
});

afterAll(async () => {
  await closeProxy?.();
  await sandbox?.close();
  await rm(work, { recursive: true, force: true });
  report.save();
});

/** One life of the core: its process, and its latest view of the batch. */
interface Life {
  child: ChildProcess;
  batch: BatchView | undefined;
  ready: Promise<void>;
  exited: Promise<void>;
}

function startLife(start: boolean): Life {
  const config: CoreConfig = {
    dataDir,
    exportDir: path.join(work, 'exports'),
    baseUrl,
    key: KEY,
    epoch,
    scale: SCALE,
    reads: READS,
    ...(start ? { start: { ids: models, op: OP, folder } } : {}),
  };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'tests/faults/core-process.ts'), JSON.stringify(config)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running = () => life.batch?.items.filter((i) => i.state === 'running').length ?? 0;
  const life: Life = {
    child,
    batch: undefined,
    ready: undefined as unknown as Promise<void>,
    exited: new Promise((r) => child.once('exit', () => r())),
  };
  let readyNow!: () => void;
  life.ready = new Promise((r) => (readyNow = r));
  let buffer = '';
  child.stdout!.on('data', (data: Buffer) => {
    buffer += data.toString();
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      if (!line.startsWith('{')) continue;
      const event = JSON.parse(line) as { type: string; batch?: BatchView };
      if (event.type === 'ready') readyNow();
      if (event.type === 'batch') life.batch = event.batch;
    }
  });
  child.stderr!.on('data', (data: Buffer) => {
    if (process.env['KILN_FAULTS_DEBUG']) process.stderr.write(data);
  });
  return life;
}

/** The fields of one CSV line (RFC 4180 quoting, as `csvText` writes it). */
function csvRow(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) =>
    m[1] !== undefined ? m[1].replaceAll('""', '"') : m[2]!,
  );
}

/** The item counts of a batch view, for the log. */
function states(batch: BatchView | undefined): string {
  if (!batch) return 'no batch yet';
  const counts: Record<string, number> = {};
  for (const i of batch.items) counts[i.state] = (counts[i.state] ?? 0) + 1;
  return Object.entries(counts)
    .map(([s, n]) => `${s} ${n}`)
    .join(', ');
}

/** The matcher of each step: which request the kill falls on. */
function matcherOf(step: Step, skip: number): (r: IncomingMessage, first: boolean) => boolean {
  let left = skip;
  const countdown = (hit: boolean): boolean => hit && left-- <= 0;
  switch (step) {
    case 'before send':
    case 'after answer':
      return (r, first) => countdown(first);
    case 'mid-download':
      return (r) => countdown((r.url ?? '').startsWith('/files/jobs/'));
    case 'poll storm':
      // A poll while several items wait on the service at once.
      return (r, first) => countdown(/\/retopo\?/.test(r.url ?? '') && !first && running() >= 3);
    case 'resuming':
      return () => countdown(true);
  }
}

describe(`a paid batch across SIGKILLs (seed ${SEED}, ${ITEMS} items)`, () => {
  it('charges each item once, adds up to the cent, saves one file each, never earns a 429', async () => {
    const random = prng(SEED ^ 0xba7c4);
    const steps: Step[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      steps.push('before send', 'after answer', 'poll storm', 'mid-download', 'resuming');
    }
    const killedAt = new Map<Step, number>();
    const started = Date.now();
    let life = startLife(true);
    await life.ready;
    for (const step of steps) {
      // Each kill falls at a seeded point among the requests of its kind.
      const killed = new Promise<Step>((resolve) => (onKill = resolve));
      armed = { step, match: matcherOf(step, Math.floor(random() * 3)) };
      const hit = await Promise.race([
        killed.then(() => true),
        life.exited.then(() => false),
        waitFor(() => life.batch?.state === 'done' || undefined, 'the batch', 120_000).then(
          () => false,
          () => false,
        ),
      ]);
      armed = undefined;
      if (!hit) continue;
      life.child.kill('SIGKILL');
      await life.exited;
      killedAt.set(step, (killedAt.get(step) ?? 0) + 1);
      report.figures.restarts++;
      if (process.env['KILN_FAULTS_DEBUG'])
        console.error(`killed ${step} at ${Date.now() - started} ms: ${states(life.batch)}`);
      life = startLife(false);
      await life.ready;
    }
    const last = life;
    const done = await waitFor(
      () => (last.batch?.state === 'done' ? last.batch : undefined),
      'the batch to finish',
      240_000,
    ).catch(() => last.batch);
    report.check(done?.state === 'done', `batch not done: ${states(done)}`);
    last.child.kill('SIGTERM');
    await last.exited;

    // Every item done: one charge each, none twice.
    const charges = sandbox.ledger().filter((e) => e.type === 'charge');
    const refunds = sandbox.ledger().filter((e) => e.type === 'refund');
    report.check(
      charges.length === ITEMS,
      `${charges.length} charges for ${ITEMS} items (subjects ${charges.length - new Set(charges.map((c) => c.subject)).size} repeated)`,
    );
    for (const item of done?.items ?? [])
      report.check(item.state === 'done', `${item.name}: ${item.state} (${item.reason ?? ''})`);

    // The CSV adds up to what the service charged minus its refunds, to the cent.
    const csv = (await readFile(path.join(folder, 'batch.csv'), 'utf8')).trim().split('\r\n');
    const rows = csv.slice(1).map(csvRow);
    let csvTotal: Usd = '0.00';
    for (const row of rows) csvTotal = addUsd(csvTotal, row[5] || '0');
    let serviceNet: Usd = '0.00';
    for (const c of charges) serviceNet = addUsd(serviceNet, c.amountUsd);
    for (const r of refunds) serviceNet = subUsd(serviceNet, r.amountUsd);
    report.check(rows.length === ITEMS, `${rows.length} CSV rows for ${ITEMS} items`);
    report.check(
      csvTotal === serviceNet,
      `batch.csv adds up to $${csvTotal}, the service charged $${serviceNet} net: ${csv
        .filter((l) => !l.endsWith(',0.25,done'))
        .join(' | ')}`,
    );

    // One file per model folder, a whole GLB under its final name.
    const folders = (await readdir(folder, { withFileTypes: true })).filter((d) => d.isDirectory());
    report.check(folders.length === ITEMS, `${folders.length} folders for ${ITEMS} items`);
    for (const d of folders) {
      const files = await readdir(path.join(folder, d.name));
      report.check(files.length === 1, `${d.name} holds ${files.join(', ')}`);
      for (const f of files) {
        const bytes = await readFile(path.join(folder, d.name, f));
        report.check(
          bytes.toString('latin1', 0, 4) === 'glTF' && bytes.readUInt32LE(8) === bytes.length,
          `${d.name}/${f} is not a whole GLB`,
        );
      }
    }

    // The key's rate: no 429 from the service, no rolling minute over 60.
    const limited = seen.filter((s) => s.code === 'rate_limited');
    report.check(
      limited.length === 0,
      `${limited.length} rate_limited answers: ${limited
        .slice(0, 5)
        .map((s) => `${s.method} ${s.path} at ${Math.round((s.at - epoch) / 1000)} s`)
        .join('; ')}`,
    );
    let most = 0;
    for (let i = 0, j = 0; i < seen.length; i++) {
      while (seen[j]!.at <= seen[i]!.at - 60_000) j++;
      most = Math.max(most, i - j + 1);
    }
    report.check(most <= 60, `${most} requests in one rolling minute`);

    report.figures.operations = seen.length;
    report.fault('sigkill', report.figures.restarts);
    report.note(
      `${ITEMS} items, ${report.figures.restarts} SIGKILLs (${[...killedAt.entries()]
        .map(([s, n]) => `${s} ${n}`)
        .join(', ')}); ${charges.length} charges, CSV $${csvTotal} = service $${serviceNet}`,
    );
    report.note(
      `${seen.length} requests, at most ${most} in a rolling minute, ${limited.length} rate_limited; ` +
        `service time ${Math.round((clock.now() - epoch) / 1000)} s, real ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(report.figures.violations).toEqual([]);
  });
});
