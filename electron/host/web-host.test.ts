/**
 * No key and no start token ever reaches Kiln's log files: the browser host is set up as
 * `npm run web` sets it up (the shared log set-up), keys are added, tested and replaced against a
 * live service whose failures echo the request back (as some network stacks do), and then every
 * log file is read.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../shared/ipc/dispatch';
import { startWebHost, type WebHost } from './web-host';

const KEYS = ['sk-live-first-1111aaaa', 'sk-live-second-2222bbbb', 'unusual-shaped-key-3333cccc'];
let web: WebHost | undefined;
let dir = '';

afterAll(async () => {
  await web?.host.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A live service that refuses every key and repeats the request, headers included, in its error. */
const echoingFetch: typeof fetch = async (input, init) => {
  const auth = new Headers(init?.headers).get('authorization');
  throw new TypeError(`fetch failed: ${String(input)} (authorization: ${auth})`);
};

describe('log files', () => {
  it('never contain a key or the start token', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-logs-'));
    await mkdir(path.join(dir, 'renderer'));
    await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>Kiln</title>');
    const echoed: string[] = [];
    web = await startWebHost({
      rendererDir: path.join(dir, 'renderer'),
      dataDir: path.join(dir, 'data'),
      port: 0,
      appVersion: '1.0.0-test',
      memorySecrets: true,
      liveBaseUrl: 'https://api.example.com',
      liveFetch: echoingFetch,
      echo: (line) => echoed.push(line),
    });
    const token = new URL(web.host.url).searchParams.get('token')!;
    const call = (channel: string, input?: unknown) =>
      dispatch(web!.host.services.handlers, channel, input, (m, e) =>
        web!.log.logger.error(m, { error: e }),
      );

    // Add, test, replace, test an unsaved key, switch back: every step reaches the failing service.
    const added = await call('keys:set', { key: KEYS[0], name: 'Studio' });
    expect(added).toMatchObject({ ok: true });
    await call('keys:test', {});
    const id = (added as { value: { activeId: string } }).value.activeId;
    await call('keys:set', { key: KEYS[1], id });
    await call('keys:test', { key: KEYS[2] });
    await call('account:balance');
    await call('keys:activate', { id: null });
    // A careless call site, as a future change might write one.
    web.log.logger.error('request failed', {
      url: web.host.url,
      headers: { Authorization: `Bearer ${KEYS[1]}` },
      error: new Error(`refused ${KEYS[0]}`),
    });
    web.log.logger.close();

    const files = await readdir(web.paths.logs);
    expect(files).toContain('kiln.log');
    const text = (
      await Promise.all(files.map((f) => readFile(path.join(web!.paths.logs, f), 'utf8')))
    ).join('\n');
    // The flow did log (the start, the failing refreshes) and the careless line was masked.
    expect(text).toMatch(/browser host started/);
    expect(text).toMatch(/\[redacted\]/);
    for (const secret of [...KEYS, token]) {
      expect(text, 'a secret reached the log file').not.toContain(secret);
      expect(echoed.join('\n'), 'a secret reached the terminal').not.toContain(secret);
    }
  });
});
