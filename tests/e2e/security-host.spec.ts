/**
 * The browser host as an attacker on this machine meets it (issue 18): a page of another port of
 * 127.0.0.1 opened after Kiln in the same browser, local programs holding the token with foreign
 * Origins, hostile bridge messages, a model file renamed in a loop while it is served. Each asserts
 * what the user would notice: nothing reaches the bridge or the files, no credential arrives
 * anywhere else, nothing is started or changed, and the host keeps answering its own page.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { KilnPage } from '../support/kiln-page';
import { coffeeModel } from '../support/fixture-models';
import { expect, test } from '../support/fixtures';
import {
  bridgeCall,
  closed,
  hostToken,
  pageProtocols,
  rawBridge,
  startLoggedHost,
  startRecordingServer,
} from '../support/security';

/** Opens the coffee model with Kiln (as a double-click would) and waits until the page shows it. */
async function openCoffee(kiln: KilnPage, host: { openFiles(f: string[]): Promise<void> }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-sec-'));
  const model = await coffeeModel();
  const file = path.join(dir, 'Coffee cup.glb');
  await writeFile(file, model.bytes);
  await host.openFiles([file]);
  await expect(kiln.page.getByTestId('model-name')).toHaveText('Coffee cup');
  await rm(dir, { recursive: true, force: true });
  const name = `${createHash('sha256').update(model.bytes).digest('hex')}.glb`;
  return { model, name };
}

test('a page of another local port, opened after Kiln, can use neither the bridge nor the files', async ({
  kiln,
  host,
  context,
}) => {
  const { name } = await openCoffee(kiln, host);
  const settingsBefore = host.services.settings.get();
  const jobsBefore = host.services.jobs.list().length;
  const local = await startRecordingServer();
  const photo = await sharp({
    create: { width: 128, height: 128, channels: 3, background: '#c08040' },
  })
    .png()
    .toBuffer();
  try {
    // A local tool's page in the same browser, after Kiln: it knows Kiln's port and tries it all.
    const other = await context.newPage();
    await other.goto(`${local.url}/page`);
    const tried = await other.evaluate(
      async ({ kilnOrigin, fileName, photo }) => {
        const socket = (protocols?: string[]) =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(`${kilnOrigin.replace('http', 'ws')}/bridge`, protocols);
            ws.onopen = () => {
              ws.send(JSON.stringify({ id: 1, channel: 'settings:get' }));
              ws.onmessage = (m) => resolve(`open: ${String(m.data)}`);
            };
            ws.onerror = () => resolve('refused');
          });
        const attempt = async (url: string, init?: RequestInit) => {
          try {
            const res = await fetch(url, init);
            return `${res.type} ${res.status} ${await res.text().catch(() => '')}`;
          } catch (error) {
            return `failed: ${(error as Error).name}`;
          }
        };
        // A real photo: had the host taken it, it would sit staged in its uploads folder.
        const png = Uint8Array.from(atob(photo), (c) => c.charCodeAt(0));
        return {
          plain: await socket(),
          guessed: await socket(['kiln.bridge.v1']),
          upload: await attempt(`${kilnOrigin}/upload`, {
            method: 'POST',
            mode: 'no-cors',
            credentials: 'include',
            body: png,
          }),
          uploadCors: await attempt(`${kilnOrigin}/upload`, {
            method: 'POST',
            credentials: 'include',
            headers: { 'x-kiln-token': 'guess' },
            body: png,
          }),
          model: await attempt(`${kilnOrigin}/files/models/${fileName}`, {
            credentials: 'include',
          }),
          cookies: document.cookie,
        };
      },
      { kilnOrigin: host.origin, fileName: name, photo: photo.toString('base64') },
    );
    expect(tried.plain).toBe('refused');
    expect(tried.guessed).toBe('refused');
    // Refused, and unreadable to that page either way (Cross-Origin-Resource-Policy).
    expect(tried.upload).toMatch(/^(opaque 0 $|failed)/);
    expect(tried.uploadCors).toMatch(/^failed/);
    expect(tried.model).toMatch(/^failed/);
    expect(tried.cookies).toBe('');
    // No credential of Kiln's ever reached the other server (a cookie would have, on every request).
    expect(local.requests.length).toBeGreaterThan(0);
    const token = hostToken(host);
    for (const request of local.requests) {
      expect(JSON.stringify(request.headers)).not.toContain(token);
      expect(request.headers.cookie ?? '').not.toMatch(/kiln/i);
    }
    // Nothing was started, staged or changed; Kiln's own page still works.
    expect(host.services.settings.get()).toEqual(settingsBefore);
    expect(host.services.jobs.list()).toHaveLength(jobsBefore);
    const uploads = await readdir(path.join(host.dataDir, 'cache', 'tmp', 'uploads')).catch(
      () => [],
    );
    expect(uploads).toEqual([]);
    await other.close();
    await kiln.page.getByTestId('billing-balance').click();
    await expect(kiln.page.getByTestId('account-page')).toBeVisible();
  } finally {
    await local.close();
  }
});

test('a local program holding the token is refused unless it is the page: foreign, absent or cookie-borne', async ({
  host,
}) => {
  const token = hostToken(host);
  const refusals: Array<[string, Parameters<typeof rawBridge>[1]]> = [
    ['no Origin', {}],
    ['another port', { origin: 'http://127.0.0.1:8080' }],
    ['localhost of another port', { origin: 'http://localhost:8080' }],
    ['a look-alike', { origin: `${host.origin}.attacker.test` }],
    ['an opaque origin', { origin: 'null' }],
    [
      'the token in a cookie',
      {
        origin: host.origin,
        protocols: ['kiln.bridge.v1'],
        headers: { cookie: `kiln_token=${token}` },
      },
    ],
    ['no token at all', { origin: host.origin, protocols: ['kiln.bridge.v1'] }],
  ];
  for (const [what, options] of refusals) {
    await expect(rawBridge(host, options), what).rejects.toThrow(/403/);
  }
  const upload = (headers: Record<string, string>) =>
    fetch(`${host.origin}/upload?token=${token}`, { method: 'POST', headers, body: 'x' });
  expect((await upload({ 'x-kiln-token': token, origin: 'http://127.0.0.1:8080' })).status).toBe(
    403,
  );
  expect((await upload({ 'x-kiln-token': token })).status).toBe(403);
  expect((await upload({ origin: host.origin, cookie: `kiln_token=${token}` })).status).toBe(403);
  // The page's own way in works.
  const ws = await rawBridge(host, { origin: host.origin, protocols: pageProtocols(host) });
  expect(await bridgeCall(ws, 1, 'app:info')).toMatchObject({
    ok: true,
    value: { mode: 'sandbox' },
  });
  ws.close();
});

test('hostile bridge messages get an error answer or a closed socket with a reason, never a dead host', async ({
  kiln,
  host,
}) => {
  const open = () => rawBridge(host, { origin: host.origin });
  // Messages that are not a call close that socket, with the reason.
  const closing: Array<[string | Buffer, boolean, number, RegExp]> = [
    ['null', false, 1008, /JSON object/],
    ['42', false, 1008, /JSON object/],
    ['[1, 2]', false, 1008, /JSON object/],
    ['"settings:get"', false, 1008, /JSON object/],
    ['{"channel": "settings:get"}', false, 1008, /numeric id/],
    ['{"id": "x", "channel": "settings:get"}', false, 1008, /numeric id/],
    ['{"id": 1, "channel": ', false, 1007, /must be JSON/],
    [Buffer.from([0x01, 0x02]), true, 1003, /text messages/],
    [Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), false, 1007, /UTF-8/],
    ['x'.repeat(2 * 1024 * 1024), false, 1009, /payload/i],
  ];
  for (const [message, binary, code, reason] of closing) {
    const ws = await open();
    const end = closed(ws);
    ws.send(message, { binary });
    const got = await end;
    expect(got.code, String(message).slice(0, 40)).toBe(code);
    if (code !== 1009 && code !== 1007) expect(got.reason).toMatch(reason);
  }
  // Well-formed calls that Kiln does not serve get an error answer; the socket stays open.
  const ws = await open();
  expect(await bridgeCall(ws, 1, 'shell:exec', { command: 'rm -rf ~' })).toMatchObject({
    ok: false,
    error: { code: 'unknown_channel' },
  });
  expect(await bridgeCall(ws, 2, 'files:stagePath', { path: '/etc/passwd' })).toMatchObject({
    ok: false,
    error: { code: 'unknown_channel' },
  });
  expect(await bridgeCall(ws, 3, 'settings:set', { baseUrl: 5 })).toMatchObject({
    ok: false,
    error: { code: 'invalid_input' },
  });
  expect(await bridgeCall(ws, 4, 'keys:get', null)).toMatchObject({
    ok: false,
    error: { code: 'invalid_input' },
  });
  expect(await bridgeCall(ws, 5, 'app:info')).toMatchObject({ ok: true });
  ws.close();
  // The host still serves its page, which never noticed.
  await kiln.page.getByTestId('billing-balance').click();
  await expect(kiln.page.getByTestId('account-page')).toBeVisible();
  await kiln.open(host.url);
});

test('the start token leaves the address bar at once; reloads keep working; drags, Referer and logs never carry it', async ({
  page,
  context,
}) => {
  const { host, logs, close } = await startLoggedHost();
  try {
    const token = hostToken(host);
    const kiln = new KilnPage(page);
    const response = await page.goto(host.url);
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    expect(response!.headers()['set-cookie']).toBeUndefined();
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
    expect(page.url()).toBe(`${host.origin}/`);
    expect(await page.evaluate(() => location.href)).not.toContain('token');

    // A reload of the tab keeps working (the token stayed with this tab only).
    await page.reload();
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
    expect(page.url()).toBe(`${host.origin}/`);

    // Drag-out carries a one-time ticket for the file, never the token or the file key.
    const { model } = await openCoffee(kiln, host);
    const handle = page.getByTestId('drag-out');
    await expect(handle).toHaveAttribute('data-ready', 'true');
    const { downloadUrl, uriList } = await kiln.dragOut();
    const fileUrl = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .find((n) => n.includes('/files/')),
    );
    const fileKey = new URL(fileUrl!).pathname.split('/')[2]!;
    for (const data of [downloadUrl, uriList]) {
      expect(data).not.toContain(token);
      expect(data).not.toContain(fileKey);
    }
    expect(uriList).toMatch(/\/download\/[\w-]+$/);
    const dropped = await fetch(uriList);
    expect(new Uint8Array(await dropped.arrayBuffer())).toEqual(model.bytes);
    expect((await fetch(uriList)).status).toBe(404);
    // The drag handle has a fresh ticket for the next drag.
    await handle.dispatchEvent('dragend');
    await expect.poll(async () => (await kiln.dragOut()).uriList).not.toBe(uriList);

    // Another tab opened on Kiln's address without the token is told how to open Kiln.
    const bare = await context.newPage();
    await bare.goto(`${host.origin}/`);
    await expect(bare.locator('[data-app-state="error"]')).toBeVisible();
    await expect(bare.getByTestId('app-fatal')).toContainText(
      'Open Kiln with the address `npm run web` printed in your terminal',
    );
    await bare.close();

    // Nothing Kiln logged holds the token or the file key.
    expect(logs.join('\n')).not.toContain(token);
    expect(logs.join('\n')).not.toContain(fileKey);
  } finally {
    await page.close();
    await close();
  }
});

test('a model file renamed in a loop while the page loads it never takes the host down', async ({
  kiln,
  host,
}) => {
  const { model, name } = await openCoffee(kiln, host);
  const file = path.join(host.dataDir, 'cache', 'models', name);
  const url = host.cacheFileUrl(name);
  let stop = false;
  const renamer = (async () => {
    while (!stop) {
      await rename(file, `${file}.away`).catch(() => undefined);
      await new Promise((r) => setImmediate(r));
      await rename(`${file}.away`, file).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 3));
    }
  })();
  try {
    const outcomes = await kiln.page.evaluate(
      async ({ url, size }) => {
        const seen: string[] = [];
        for (let i = 0; i < 60; i++) {
          try {
            const res = await fetch(url, { cache: 'no-store' });
            const bytes = (await res.arrayBuffer()).byteLength;
            seen.push(res.status === 200 && bytes === size ? 'whole' : String(res.status));
          } catch {
            seen.push('cut');
          }
        }
        return seen;
      },
      { url, size: model.bytes.byteLength },
    );
    // Each answer is the whole file or a clean 404; none is half a file.
    expect(
      outcomes.every((o) => o === 'whole' || o === '404'),
      outcomes.join(),
    ).toBe(true);
    expect(outcomes).toContain('whole');
  } finally {
    stop = true;
    await renamer;
  }
  // The host still answers its page and a new connection.
  const ws = await rawBridge(host, { origin: host.origin });
  expect(await bridgeCall(ws, 1, 'app:info')).toMatchObject({ ok: true });
  ws.close();
  // Opening the address again reloads the page (bridge/index.ts): what follows runs in the new one.
  await kiln.page.evaluate(() => ((window as { before?: true }).before = true));
  await kiln.open(host.url);
  expect(await kiln.page.evaluate(() => (window as { before?: true }).before)).toBeUndefined();
  const again = await kiln.page.evaluate(async (u) => (await fetch(u)).status, url);
  expect(again).toBe(200);
});
