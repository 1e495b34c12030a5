/**
 * The browser host's guards: only the page it served (its own Origin, the start token proved in
 * the socket handshake or an upload header, no cookie) on its own loopback address (Host header)
 * reaches the bridge and uploads; model files need the file key the bridge hands out; uploads are
 * capped; files never come from outside their folders.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { BRIDGE_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../shared/ipc/host-auth';
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
  token = new URLSearchParams(new URL(host.url).hash.slice(1)).get('token')!;
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

/** A bridge socket as a page of `origin` would open it, offering `protocols`. */
function socket(origin: string | undefined, protocols: string[]): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge`, protocols, {
    ...(origin ? { origin } : {}),
  });
  return new Promise((resolve, reject) => ws.on('open', () => resolve(ws)).on('error', reject));
}

describe('browser host', () => {
  it('serves the app (no secret in it) with a CSP, no Referer, no framing and no cookie', async () => {
    const res = await raw('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Kiln</title>');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(res.headers['content-security-policy'])).not.toMatch(/https?:/);
    expect(host.url).toBe(`${host.origin}/#token=${token}`);
  });

  it('refuses a foreign Host header (DNS rebinding) and every state-changing method', async () => {
    expect((await raw('/', { host: 'evil.example:80' })).status).toBe(421);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      expect((await raw('/bridge', { origin: host.origin }, method)).status, method).toBe(405);
    }
  });

  it('never serves files outside the renderer folder or the model cache', async () => {
    for (const p of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/files/models/..%2f..%2fsecret.txt',
    ]) {
      const res = await raw(p);
      expect(res.text, p).not.toContain('not for the page');
    }
    expect((await raw('/files/models/jobs.json')).status).toBe(404);
  });

  it('takes uploads only from its own origin with the token, and refuses one over 20 MB whole', async () => {
    const body = new TextEncoder().encode('MZ\u0090 this is a program, renamed photo.png');
    const upload = (headers: Record<string, string>) =>
      fetch(`${host.origin}/upload`, { method: 'POST', headers, body });
    expect((await upload({ 'x-kiln-token': token })).status).toBe(403);
    expect((await upload({ 'x-kiln-token': token, origin: 'http://127.0.0.1:1' })).status).toBe(
      403,
    );
    expect((await upload({ origin: host.origin })).status).toBe(403);
    expect((await upload({ origin: host.origin, cookie: `kiln_token=${token}` })).status).toBe(403);
    const auth = { origin: host.origin, 'x-kiln-token': token, 'x-file-name': 'big.png' };
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
    const exe = await upload(auth);
    expect(await exe.json()).toMatchObject({ ok: false, error: { code: 'invalid_file' } });
    expect(await readdir(uploads).catch(() => [])).toEqual([]);
  });

  it('opens the bridge only for its own origin proving the token in the handshake', async () => {
    const proof = [BRIDGE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`];
    const refusals: Array<[string | undefined, string[]]> = [
      [host.origin, [BRIDGE_PROTOCOL]],
      [host.origin, [BRIDGE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}x`]],
      [undefined, proof],
      ['http://127.0.0.1:1', proof],
      ['http://localhost:1', proof],
      ['null', proof],
      [`${host.origin}.evil.example`, proof],
    ];
    for (const [origin, protocols] of refusals) {
      await expect(socket(origin, protocols), `${origin} ${protocols.join()}`).rejects.toThrow(
        /403/,
      );
    }
    const ws = await socket(host.origin, proof);
    expect(ws.protocol).toBe(BRIDGE_PROTOCOL);
    const answer = new Promise<unknown>((resolve) =>
      ws.on('message', (d) => resolve(JSON.parse(String(d)))),
    );
    ws.send(JSON.stringify({ id: 1, channel: 'app:info', input: undefined }));
    expect(await answer).toMatchObject({ id: 1, result: { ok: true, value: { mode: 'sandbox' } } });
    ws.close();
  });

  it('opens model files named on its command line for the page, and serves them by file key', async () => {
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
      { kind: 'error', message: expect.stringMatching(/“cup\.txt” is none of them/) },
    ]);
    const model = (taken[0] as { model: { modelId: string; fileUrl: string } }).model;
    const served = await fetch(`${host.origin}${model.fileUrl}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(glb);
    // Without the file key (or with another), nothing.
    const name = model.fileUrl.split('/').pop()!;
    expect((await fetch(`${host.origin}/files/models/${name}`)).status).toBe(404);
    expect((await fetch(`${host.origin}/files/${'x'.repeat(32)}/${name}`)).status).toBe(404);
    // Show in folder: the browser cannot, so the answer says where the file is.
    const folder = await host.services.handlers['files:showInFolder']({ modelId: model.modelId });
    expect(folder).toMatchObject({ shown: false, message: expect.stringContaining('desktop app') });
    // A drag-out URL is a ticket for one download of that one file.
    const drag = await host.services.handlers['files:dragSource']({ modelId: model.modelId });
    expect(drag.url).toMatch(/^\/download\/[\w-]{20,}$/);
    const first = await fetch(`${host.origin}${drag.url}`);
    expect(first.headers.get('content-disposition')).toContain('cup.glb');
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(glb);
    expect((await fetch(`${host.origin}${drag.url}`)).status).toBe(404);
    expect(
      await (await fetch(`${host.origin}/download/..%2f..%2fsecret.txt`)).text(),
    ).not.toContain('not for the page');
  });
});
