/**
 * The update decisions over the real electron-updater, against a release feed served from
 * 127.0.0.1 as GitHub serves one (`latest*.yml` beside the installer): a newer, the same and an
 * older version, a broken feed, a missing feed and an installer whose sha512 does not match.
 *
 * electron-updater runs here in plain Node: its Linux `.deb` updater reads the feed and
 * downloads exactly as in the app; the app adapter and the HTTP executor (Electron's `net` in the
 * app) are the Node ones its own tests use, and `app-update.yml` is the file electron-builder
 * writes into the app.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { NodeHttpExecutor } from 'builder-util/out/nodeHttpExecutor.js';
import {
  configureRequestOptions,
  configureRequestUrl,
  type DownloadOptions,
} from 'builder-util-runtime';
import { DebUpdater } from 'electron-updater';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UpdateView } from '../../../shared/ipc/contract';
import { systemClock } from '../ports';
import { electronUpdaterSource } from './electron-updater-source';
import { UpdateService } from './update-service';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const installer = Buffer.alloc(3 * 1024 * 1024, 7);
const sha512 = createHash('sha512').update(installer).digest('base64');

/**
 * Node's HTTP in place of Electron's `net`, with the `download` of electron-updater's own
 * executor (as electron-builder's updater tests do).
 */
class NodeDownloadExecutor extends NodeHttpExecutor {
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions = { headers: options.headers ?? undefined, redirect: 'manual' };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

/** What the feed serves now. */
let feed: { status: number; body: string } = { status: 404, body: '' };
let server: Server;
let base = '';
let work = '';

const feedOf = (version: string, digest = sha512) => ({
  status: 200,
  body: [
    `version: ${version}`,
    'files:',
    `  - url: kiln_${version}_amd64.deb`,
    `    sha512: ${digest}`,
    `    size: ${installer.length}`,
    `path: kiln_${version}_amd64.deb`,
    `sha512: ${digest}`,
    "releaseDate: '2026-11-25T10:00:00.000Z'",
    "releaseNotes: '<h2>Kiln 1.1</h2><ul><li>Faster <b>previews</b></li><li>Fixes &amp; more</li></ul>'",
    '',
  ].join('\n'),
});

beforeAll(async () => {
  server = createServer((req, res) => {
    // electron-updater adds `?noCache=…` to the feed's address.
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (/^\/latest[^/]*\.yml$/.test(pathname)) {
      res.writeHead(feed.status, { 'content-type': 'text/yaml' }).end(feed.body);
    } else if (/^\/kiln_[^/]+\.deb$/.test(pathname)) {
      res
        .writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': installer.length,
        })
        .end(installer);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** The app's updater and Kiln's service over it, for a running version `current`. */
async function open(current: string) {
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-update-'));
  const config = path.join(work, 'app-update.yml');
  await writeFile(config, `provider: generic\nurl: ${base}\nupdaterCacheDirName: kiln-updater\n`);
  const updater = new DebUpdater(undefined, {
    version: current,
    name: 'Kiln',
    isPackaged: true,
    appUpdateConfigPath: config,
    userDataPath: work,
    baseCachePath: work,
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  });
  (updater as unknown as { httpExecutor: NodeHttpExecutor }).httpExecutor =
    new NodeDownloadExecutor();
  const views: UpdateView[] = [];
  const updates = new UpdateService({
    source: electronUpdaterSource(updater, quiet),
    current,
    busy: () => 0,
    checkAtStart: () => false,
    clock: systemClock,
    logger: quiet,
    onChange: (v) => views.push(v),
  });
  const settled = () =>
    new Promise<UpdateView>((resolve) => {
      const poll = () => {
        const v = updates.view();
        if (v.state === 'downloading' || v.state === 'checking') setTimeout(poll, 20);
        else resolve(v);
      };
      poll();
    });
  const cached = async () =>
    (await readdir(path.join(work, 'kiln-updater', 'pending')).catch(() => [] as string[])).filter(
      (f) => f.endsWith('.deb'),
    );
  return { updater, updates, views, settled, cached };
}

describe('updates from a release feed on 127.0.0.1', () => {
  it('downloads a newer release, checks its sha512, and installs it on quit', async () => {
    feed = feedOf('1.1.0');
    const { updater, updates, views, settled, cached } = await open('1.0.0');
    expect(await updates.check()).toMatchObject({ state: 'downloading', version: '1.1.0' });
    expect(await settled()).toMatchObject({
      state: 'ready',
      version: '1.1.0',
      install: 'quit',
      date: '2026-11-25T10:00:00.000Z',
      notes: 'Kiln 1.1\n• Faster previews\n• Fixes & more',
    });
    expect(updater.autoInstallOnAppQuit).toBe(true);
    const [file] = await cached();
    expect(file).toBeDefined();
    const bytes = await readFile(path.join(work, 'kiln-updater', 'pending', file!));
    expect(createHash('sha512').update(bytes).digest('base64')).toBe(sha512);
    expect(views.map((v) => v.state)).toContain('downloading');
  });

  it('stays on the running version when the feed offers the same or an older one', async () => {
    feed = feedOf('1.0.0');
    const same = await open('1.0.0');
    expect(await same.updates.check()).toMatchObject({ state: 'current' });
    expect(await same.cached()).toEqual([]);
    await rm(work, { recursive: true, force: true });

    feed = feedOf('0.9.0');
    const older = await open('1.0.0');
    expect(await older.updates.check()).toMatchObject({
      state: 'current',
      message: 'Kiln 1.0.0 is the newest version.',
    });
    expect(await older.cached()).toEqual([]);
  });

  it('says the feed cannot be read when it is broken or missing', async () => {
    feed = { status: 200, body: 'version: [1.1.0\nfiles: {' };
    const broken = await open('1.0.0');
    expect(await broken.updates.check()).toMatchObject({
      state: 'error',
      message: expect.stringMatching(/update feed could not be read/),
    });
    await rm(work, { recursive: true, force: true });

    // A feed that names a newer version but no file: nothing can be downloaded.
    feed = { status: 200, body: 'version: 1.1.0\n' };
    const incomplete = await open('1.0.0');
    await incomplete.updates.check();
    expect(await incomplete.settled()).toMatchObject({
      state: 'error',
      message: expect.stringMatching(/update feed is incomplete/),
    });
    await rm(work, { recursive: true, force: true });

    feed = { status: 404, body: 'Not Found' };
    const missing = await open('1.0.0');
    expect(await missing.updates.check()).toMatchObject({
      state: 'error',
      message: expect.stringMatching(/update feed could not be read/),
    });
  });

  it('says so when the build names no feed (an installer built outside a release)', async () => {
    feed = feedOf('1.1.0');
    const { updates } = await open('1.0.0');
    // What electron-builder writes without a GitHub repository to publish to.
    await writeFile(path.join(work, 'app-update.yml'), 'updaterCacheDirName: kiln-updater\n');
    expect(await updates.check()).toMatchObject({
      state: 'error',
      message: expect.stringMatching(/names no update feed/),
    });
  });

  it('throws away an installer whose sha512 does not match the feed, and installs nothing', async () => {
    feed = feedOf('1.1.0', createHash('sha512').update('another file').digest('base64'));
    const { updater, updates, settled, cached } = await open('1.0.0');
    await updates.check();
    expect(await settled()).toMatchObject({
      state: 'error',
      version: '1.1.0',
      message: expect.stringMatching(/did not match its published checksum/),
    });
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(await cached()).toEqual([]);
    expect(updates.install('now').state).toBe('error');
  });
});
