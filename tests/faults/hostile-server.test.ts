/**
 * 4. Hostile server answers. A tiny HTTP server stands in front of the sandbox and lies where a
 * compromised or broken service could: file names that climb out of the folder, absolute or
 * device names, control and bidi characters; links to `file:`, `javascript:`, with credentials or
 * to another host (directly or by redirect); a lying Content-Length; an endless JSON answer; HTML
 * in `message`; a giant library; unknown states and extra fields.
 *
 * Asserted: nothing is written outside the chosen folder; the key is sent to the service's origin
 * only (every Authorization header is recorded per host); the message stays plain text in the
 * JobView (and the renderer never injects HTML); Kiln stays up and answers afterwards.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFile, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobViewSchema, type JobView } from '../../shared/ipc/contract';
import { dispatch } from '../../shared/ipc/dispatch';
import { createSandbox, type Sandbox } from '../../electron/sandbox';
import { createServices, type Services } from '../../electron/core/services';
import { SETTLED, testPorts, untilJob } from '../../electron/core/testing/harness';
import { FaultReport } from './figures';
import { PHOTOS, scratch } from '../../electron/core/testing/chaos-run';
import { watchProcess } from './net';

const KEY = 'sk-faults-hostile-01';
const CDN = 'cdn.hostile.test';
const report = new FaultReport('4 hostile server answers');

/** How the server lies about one call, or undefined to let the sandbox answer. */
type Lie = (req: IncomingMessage, res: ServerResponse) => boolean;

let work: string;
let exportDir: string;
let sandbox: Sandbox;
let services: Services;
let base: string;
let model: string;
let lie: Lie | undefined;
let closeServer: () => Promise<void>;
/** Authorization headers Kiln sent, per host. */
const auth = new Map<string, Array<string | null>>();

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const isExport = (req: IncomingMessage) => /\/model\/[^/]+\/export/.test(req.url ?? '');
/** The export call answers `ready` with this link and name. */
const readyWith =
  (url: string, filename: string): Lie =>
  (req, res) => {
    if (!isExport(req)) return false;
    json(res, 200, { status: 'ready', url, filename, expires_in: 300 });
    return true;
  };
const GLB = Buffer.from('glTF hostile test bytes, not a real model but bytes to save');

beforeAll(async () => {
  work = await scratch('kiln-faults-hostile-');
  exportDir = path.join(work, 'chosen', 'exports');
  sandbox = createSandbox({ keys: [KEY], taskSeconds: 0, jobSeconds: 0, seedModels: 1 });
  await sandbox.ready();
  const passthrough = getRequestListener((request) => sandbox.handle(request));
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/hostile/file.glb') || req.url?.startsWith('/cdn/')) {
      res.writeHead(200, { 'content-type': 'model/gltf-binary' });
      res.end(GLB);
      return;
    }
    if (lie?.(req, res)) return;
    void passthrough(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sandbox.setServedUrl(base);
  closeServer = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  // Kiln's fetch: records every Authorization header per host; the "other host" over https is
  // this same server under /cdn/ (so a link to it can really be followed).
  const liveFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const list = auth.get(url.host) ?? [];
    list.push(new Headers(init?.headers).get('authorization'));
    auth.set(url.host, list);
    const target = url.host === CDN ? `${base}/cdn${url.pathname}` : url.href;
    return fetch(target, init);
  };
  const { ports } = testPorts({
    dataDir: path.join(work, 'data'),
    baseUrl: base,
    key: KEY,
    fetch: liveFetch,
    exportDir,
  });
  services = await createServices(ports, {
    pollTiming: { first: 20, factor: 1.5, cap: 100, errorCap: 100, near: 20 },
    timeoutMs: 5000,
  });
  const listed = await sandbox.handle(
    new Request(`${base}/library`, { headers: { authorization: `Bearer ${KEY}` } }),
  );
  model = ((await listed.json()) as { items: Array<{ model_id: string }> }).items[0]!.model_id;
});
afterAll(async () => {
  services?.close();
  await closeServer?.();
  await sandbox?.close();
  await rm(work, { recursive: true, force: true });
  report.save();
});

/** Exports the model under `l`; returns the settled job. */
async function exportUnder(l: Lie): Promise<JobView> {
  lie = l;
  try {
    const job = await services.jobs.runOp(model, { kind: 'export', format: 'glb' });
    // A job that never settles is a violation (a state without a way out), not a crash.
    return await untilJob(services, job.id, SETTLED, 30_000).catch(() =>
      services.jobs.list().find((j) => j.id === job.id)!,
    );
  } finally {
    lie = undefined;
  }
}

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else out.push(full);
  }
  return out;
}

const NAMES = [
  '../../../escape.glb',
  '/etc/cron.d/absolute.glb',
  '..\\..\\windows-escape.glb',
  'CON.glb',
  'NUL',
  'evil\u202egnp.exe',
  'bell\u0007\u0000\nline.glb',
  '.bashrc',
  '',
];
const REFUSED_LINKS = [
  ['file:///etc/passwd', /https/],
  ['javascript:alert(document.cookie)', /https/],
  [`https://user:pass@${CDN}/x.glb`, /credentials/],
  ['http://127.0.0.2:9/steal.glb', /https/],
] as const;

describe('hostile server answers', () => {
  it('keeps every file in the chosen folder, the key on its origin, text as text, and stays up', async () => {
    const proc = watchProcess();
    const saved: string[] = [];

    // --- Hostile file names ----------------------------------------------------------------------
    for (const name of NAMES) {
      const job = await exportUnder(readyWith(`${base}/hostile/file.glb`, name));
      report.fault('hostile_filename');
      report.check(job.state === 'done', `“${name}”: ${job.state} ${job.error?.message ?? ''}`);
      const where = job.savedPath ?? '';
      report.check(path.dirname(where) === exportDir, `“${name}” saved at ${where}`);
      report.check(
        // eslint-disable-next-line no-control-regex -- control characters are what is checked
        !/[\u0000-\u001f\u202a-\u202e]/.test(path.basename(where)),
        `“${name}” → ${where}`,
      );
      report.check(!/^(con|nul)(\.|$)/i.test(path.basename(where)), `device name ${where}`);
      if (where) saved.push(where);
    }

    // --- Hostile links -----------------------------------------------------------------------------
    for (const [url, says] of REFUSED_LINKS) {
      const job = await exportUnder(readyWith(url, 'x.glb'));
      report.fault('hostile_url');
      report.check(
        job.state === 'failed' && says.test(job.error?.message ?? ''),
        `${url}: ${job.state} “${job.error?.message}”`,
      );
    }
    // Another host over https: followed, without the key. Also when reached by a redirect.
    const cdn = await exportUnder(readyWith(`https://${CDN}/file.glb`, 'cdn.glb'));
    report.check(cdn.state === 'done', `cdn link: ${cdn.state} ${cdn.error?.message ?? ''}`);
    const redirect =
      (to: string): Lie =>
      (req, res) => {
        if (isExport(req)) return readyWith(`${base}/hostile/redirect`, 'r.glb')(req, res);
        if (!req.url?.startsWith('/hostile/redirect')) return false;
        res.writeHead(302, { location: to });
        res.end();
        return true;
      };
    const redirected = await exportUnder(redirect(`https://${CDN}/moved.glb`));
    report.check(
      redirected.state === 'done',
      `redirect: ${redirected.state} ${redirected.error?.message ?? ''}`,
    );
    const toFile = await exportUnder(redirect('file:///etc/passwd'));
    report.check(toFile.state === 'failed', `redirect to file: ${toFile.state}`);
    report.fault('hostile_url', 3);

    // --- Lying Content-Length and endless answers --------------------------------------------------
    const declaresHuge: Lie = (req, res) => {
      if (isExport(req)) return readyWith(`${base}/hostile/huge`, 'huge.glb')(req, res);
      if (!req.url?.startsWith('/hostile/huge')) return false;
      res.writeHead(200, { 'content-length': String(5 * 1024 ** 3) });
      res.flushHeaders();
      res.write(GLB, () => setTimeout(() => res.destroy(), 20));
      return true;
    };
    const huge = await exportUnder(declaresHuge);
    report.check(
      huge.state === 'failed' && /more than Kiln accepts/.test(huge.error?.message ?? ''),
      `5 GB declared: ${huge.state} ${huge.error?.message}`,
    );
    const declaresMore: Lie = (req, res) => {
      if (isExport(req)) return readyWith(`${base}/hostile/short`, 'short.glb')(req, res);
      if (!req.url?.startsWith('/hostile/short')) return false;
      res.writeHead(200, { 'content-length': String(GLB.length * 10) });
      res.flushHeaders();
      res.write(GLB, () => setTimeout(() => res.destroy(), 20));
      return true;
    };
    const short = await exportUnder(declaresMore);
    report.check(
      short.state === 'failed' && /could not save it/.test(short.error?.message ?? ''),
      `short body: ${short.state} ${short.error?.message}`,
    );
    let endless = 0;
    const endlessJson: Lie = (req, res) => {
      if (!isExport(req) || endless++ > 0) return false;
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      const pump = () => {
        while (res.write(chunk)) {
          if (res.destroyed) return;
        }
        res.once('drain', pump);
      };
      res.on('error', () => undefined);
      res.write('{"status": "running", "pad": "');
      pump();
      return true;
    };
    const afterEndless = await exportUnder(endlessJson);
    report.check(SETTLED.includes(afterEndless.state), `endless JSON: ${afterEndless.state}`);
    report.fault('lying_content_length', 2);
    report.fault('endless_body');

    // --- HTML in message, unknown states, extra fields ---------------------------------------------
    const HTML = '<img src=x onerror="alert(1)"><script>fetch("//evil")</script><b>bold</b>';
    const htmlError = await exportUnder((req, res) => {
      if (!isExport(req)) return false;
      json(res, 200, { status: 'error', message: HTML, extra: { nested: [1, 2, { x: null }] } });
      return true;
    });
    report.fault('html_message');
    report.check(htmlError.state === 'failed', `html error: ${htmlError.state}`);
    report.check(
      typeof htmlError.error?.message === 'string' && htmlError.error.message.includes(HTML),
      `html message changed: ${htmlError.error?.message}`,
    );
    report.check(JobViewSchema.safeParse(htmlError).success, 'JobView with HTML parses');
    let odd = 0;
    const unknownStates = await exportUnder((req, res) => {
      if (!isExport(req) || odd++ >= 3) return false;
      json(res, odd === 1 ? 202 : 200, {
        status: ['warming_up', 'PAUSED', 'queued_elsewhere'][odd - 1],
        progress: 'lots',
        url: 42,
        filename: { name: 'x' },
        billing: { cost_usd: 1.5 },
        new_field: { deeply: { nested: true } },
      });
      return true;
    });
    report.fault('unknown_enum', 3);
    report.check(SETTLED.includes(unknownStates.state), `unknown states: ${unknownStates.state}`);

    // A generation whose task status reports states and fields nobody documented, then done.
    let polls = 0;
    lie = (req, res) => {
      if (!/\/task\/.+\/status/.test(req.url ?? '') || polls++ >= 3) return false;
      json(res, 200, { status: 'thinking', progress: -7, model_id: 17, surprise: ['a', { b: 1 }] });
      return true;
    };
    const photo = path.join(work, 'coffee.png');
    await copyFile(path.join(PHOTOS, 'coffee.png'), photo);
    const started = await services.jobs.startPhoto(
      (await services.files.stagePath(photo)).id,
      'fast',
      { polyCount: 10_000 },
    );
    const generated = await untilJob(services, started.id, SETTLED, 60_000);
    lie = undefined;
    report.fault('unknown_enum', 3);
    report.check(
      generated.state === 'done',
      `task with unknown states: ${generated.state} ${generated.error?.message ?? ''}`,
    );

    // A giant library page (60 000 rows, ~9 MB) is read or refused in words; Kiln stays up.
    lie = (req, res) => {
      if (!req.url?.startsWith('/library')) return false;
      const items = Array.from({ length: 60_000 }, (_, i) => ({
        model_id: `m${i}`,
        name: `<i>${i}</i>`,
        extra: 'x'.repeat(80),
      }));
      json(res, 200, { items, page: 1, limit: 60_000, total: 60_000 });
      return true;
    };
    const giant = await dispatch(services.handlers, 'library:list', {});
    lie = undefined;
    report.fault('giant_json');
    report.check(
      giant.ok || typeof giant.error.message === 'string',
      `giant library: ${JSON.stringify(giant).slice(0, 200)}`,
    );

    // --- What must hold after all of it --------------------------------------------------------------
    const everywhere = await filesUnder(work);
    const outside = everywhere.filter(
      (f) =>
        !f.startsWith(exportDir + path.sep) &&
        !f.startsWith(path.join(work, 'data') + path.sep) &&
        f !== photo,
    );
    report.check(outside.length === 0, `files outside the chosen folder: ${outside.join(', ')}`);
    for (const escaped of [
      '/etc/cron.d/absolute.glb',
      path.join(work, '..', 'escape.glb'),
      path.resolve(work, '..', '..', '..', 'escape.glb'),
    ]) {
      report.check(
        !(await stat(escaped).then(
          () => true,
          () => false,
        )),
        `${escaped} exists`,
      );
    }
    report.check(
      (await filesUnder(exportDir)).every((f) => !path.basename(f).endsWith('.partial')),
      'a partial file is left in the export folder',
    );
    for (const file of saved)
      report.check((await readFile(file)).equals(GLB), `${file} is not what was served`);

    const hosts = [...auth.entries()];
    const origin = new URL(base).host;
    for (const [host, headers] of hosts) {
      const keyed = headers.filter((h) => h !== null).length;
      report.check(host === origin || keyed === 0, `the key was sent to ${host} ${keyed} times`);
    }
    report.check(
      (auth.get(CDN) ?? []).length >= 2,
      'the https link to another host was never followed',
    );
    report.check(!auth.has('127.0.0.2:9'), 'a plain-http foreign link was requested');

    // The renderer shows text as text: no HTML injection anywhere in its source.
    const renderer = await filesUnder(
      path.resolve(import.meta.dirname, '..', '..', 'renderer', 'src'),
    );
    for (const file of renderer.filter((f) => /\.(tsx?|jsx?)$/.test(f))) {
      const source = await readFile(file, 'utf8');
      report.check(
        !/dangerouslySetInnerHTML|\.innerHTML\s*=|insertAdjacentHTML|document\.write/.test(source),
        `${file} injects HTML`,
      );
    }

    const info = await dispatch(services.handlers, 'app:info', undefined);
    const balance = await dispatch(services.handlers, 'account:balance', undefined);
    report.check(info.ok && balance.ok, `Kiln down afterwards: ${JSON.stringify([info, balance])}`);
    await new Promise((r) => setTimeout(r, 100));
    report.check(proc.count() === 0, `unhandled: ${proc.seen.map(String).join('; ')}`);
    proc.stop();
    report.figures.operations = services.jobs.list().length + 3;
    report.note(
      `${services.jobs.list().length} jobs under hostile answers; Authorization seen per host: ${hosts.map(([h, l]) => `${h} ${l.filter(Boolean).length}/${l.length}`).join(', ')}`,
    );
    expect(report.figures.violations).toEqual([]);
  });
});
