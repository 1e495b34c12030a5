/**
 * The browser host's guards: only the page it served (token, then cookie) on its own loopback
 * address (Host header) reaches it; uploads are capped; files never come from outside their folders.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MemorySecretStore } from '../core/secrets/secret-store';
import { startHost, type Host } from './host';

let host: Host;
let dir: string;
let token: string;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-host-'));
  await mkdir(path.join(dir, 'renderer'));
  await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>Kiln</title>');
  await writeFile(path.join(dir, 'secret.txt'), 'not for the page');
  host = await startHost({
    rendererDir: path.join(dir, 'renderer'),
    dataDir: path.join(dir, 'data'),
    secrets: new MemorySecretStore(),
    logger: quiet,
  });
  token = new URL(host.url).searchParams.get('token')!;
});
afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

/** A raw HTTP request, so the Host header can be anything. */
function raw(
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: Buffer,
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: host.port,
        path: pathname,
        method,
        headers: { host: `127.0.0.1:${host.port}`, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('browser host', () => {
  it('serves the app with the token and sets a strict session cookie and CSP', async () => {
    const res = await raw(`/?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Kiln</title>');
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(res.headers['content-security-policy'])).not.toMatch(/https?:/);
  });

  it('refuses requests without the token, and with a foreign Host header (DNS rebinding)', async () => {
    expect((await raw('/')).status).toBe(403);
    expect((await raw(`/?token=${token}x`)).status).toBe(403);
    expect((await raw(`/?token=${token}`, { host: 'evil.example:80' })).status).toBe(421);
    expect((await raw('/', { cookie: `kiln_token=${token}` })).status).toBe(200);
  });

  it('never serves files outside the renderer folder or the model cache', async () => {
    const auth = { cookie: `kiln_token=${token}` };
    for (const p of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/files/models/..%2f..%2fsecret.txt',
    ]) {
      const res = await raw(p, auth);
      expect(res.text, p).not.toContain('not for the page');
    }
    expect((await raw('/files/models/jobs.json', auth)).status).toBe(404);
  });

  it('refuses an upload over 20 MB without keeping any of it, and a non-photo with a sentence', async () => {
    const auth = { cookie: `kiln_token=${token}`, 'x-file-name': 'big.png' };
    const png = Buffer.alloc(21 * 1024 * 1024);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const framings: Array<Record<string, string>> = [
      { 'content-length': String(png.length) },
      { 'transfer-encoding': 'chunked' },
    ];
    for (const framing of framings) {
      // The host answers with a refusal or cuts the connection at the limit; either way it is refused.
      const answer = await raw('/upload', { ...auth, ...framing }, 'POST', png).then(
        (res) => res.text,
        () => 'connection cut',
      );
      expect(answer).toMatch(/at most 20 MB|connection cut/);
    }
    const uploads = path.join(dir, 'data', 'cache', 'tmp', 'uploads');
    expect(await readdir(uploads).catch(() => [])).toEqual([]);
    const exe = await fetch(`http://127.0.0.1:${host.port}/upload`, {
      method: 'POST',
      headers: auth,
      body: new TextEncoder().encode('MZ\u0090 this is a program, renamed photo.png'),
    });
    expect(await exe.json()).toMatchObject({ ok: false, error: { code: 'invalid_file' } });
  });

  it('opens the WebSocket bridge only with the token and dispatches contract calls', async () => {
    const refused = new WebSocket(`ws://127.0.0.1:${host.port}/bridge`);
    await expect(
      new Promise((resolve, reject) => refused.on('open', resolve).on('error', reject)),
    ).rejects.toThrow();
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge`, {
      headers: { cookie: `kiln_token=${token}` },
    });
    await new Promise((resolve) => ws.on('open', resolve));
    const answer = new Promise<unknown>((resolve) =>
      ws.on('message', (d) => resolve(JSON.parse(String(d)))),
    );
    ws.send(JSON.stringify({ id: 1, channel: 'app:info', input: undefined }));
    expect(await answer).toMatchObject({ id: 1, result: { ok: true, value: { mode: 'sandbox' } } });
    ws.close();
  });

  it('opens model files named on its command line for the page, and serves them from the cache', async () => {
    const { Document, NodeIO } = await import('@gltf-transform/core');
    const doc = new Document();
    doc.createScene().addChild(doc.createNode('empty'));
    const glb = await new NodeIO().writeBinary(doc);
    await writeFile(path.join(dir, 'cup.glb'), glb);
    await writeFile(path.join(dir, 'cup.txt'), 'text');
    await host.openFiles([path.join(dir, 'cup.glb'), path.join(dir, 'cup.txt')]);
    const taken = await host.services.handlers['app:takeOpenRequests'](undefined);
    expect(taken).toMatchObject([
      { kind: 'local', model: { name: 'cup' } },
      { kind: 'error', message: expect.stringMatching(/“cup\.txt” is neither/) },
    ]);
    const model = (taken[0] as { model: { modelId: string; fileUrl: string } }).model;
    const auth = { cookie: `kiln_token=${token}` };
    const served = await fetch(`http://127.0.0.1:${host.port}${model.fileUrl}`, { headers: auth });
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(glb);
    // Show in folder: the browser cannot, so the answer says where the file is.
    const folder = await host.services.handlers['files:showInFolder']({ modelId: model.modelId });
    expect(folder).toMatchObject({ shown: false, message: expect.stringContaining('desktop app') });
    // A job's file is found by job id only; an unknown id or a path gets nothing.
    const jobFile = (id: string) =>
      fetch(`http://127.0.0.1:${host.port}/files/jobs/${id}`, { headers: auth });
    expect((await jobFile('nope')).status).toBe(404);
    expect(await (await jobFile('..%2f..%2fsecret.txt')).text()).not.toContain('not for the page');
  });
});
