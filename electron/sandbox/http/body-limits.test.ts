/**
 * Request bodies over HTTP: each route reads at most what it takes (413 in the coded error shape,
 * whether the length is declared or the body is chunked), after the key check; JSON nested deeper
 * than any request needs is a 422, never a 500; nothing is charged for a refused request.
 */
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_BYTES, JSON_MAX_DEPTH, bodyLimitOf, jsonDepth } from './body-limits';
import { photo, photoForm, startService } from '../testing/test-support';

/** POSTs `chunks` with chunked transfer encoding (no length declared). */
function chunked(
  url: string,
  path: string,
  key: string,
  chunks: Iterable<Buffer>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    Readable.from(chunks).pipe(req);
  });
}

describe('body limits', () => {
  it('gives each route the room it needs and no more', () => {
    expect(bodyLimitOf('/generate/cloud/fast')).toBeGreaterThan(20 * 1024 * 1024);
    expect(bodyLimitOf('/generate/cloud/multi/fast')).toBeGreaterThan(80 * 1024 * 1024);
    expect(bodyLimitOf('/generate/text/imagine')).toBe(JSON_BODY_MAX_BYTES);
    expect(bodyLimitOf('/model/m1/export')).toBeLessThan(JSON_BODY_MAX_BYTES);
  });

  it('answers 413 in the coded shape for a declared or a chunked body over the limit, charging nothing', async () => {
    const service = await startService({ balanceUsd: '5.00' });
    try {
      const big = JSON.stringify({ prompt: 'x'.repeat(JSON_BODY_MAX_BYTES) });
      const declared = await service.json<{ detail: { error: string; message: string } }>(
        '/generate/text/imagine',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: big },
      );
      expect(declared.status).toBe(413);
      expect(declared.body.detail).toMatchObject({
        error: 'request_too_large',
        message: expect.stringContaining('64 kB'),
      });
      // 1000 chunks of 1 MB are offered; the answer comes once the limit is passed.
      const chunks = function* () {
        for (let i = 0; i < 1000; i++) yield Buffer.alloc(1024 * 1024, 0x20);
      };
      const streamed = await chunked(service.url, '/generate/text/imagine', service.key, chunks());
      expect(streamed.status).toBe(413);
      expect(JSON.parse(streamed.body)).toMatchObject({ detail: { error: 'request_too_large' } });
      // A photo route takes a 20 MB photo, not a 30 MB body.
      const huge = await service.json('/generate/cloud/fast', {
        method: 'POST',
        body: photoForm(new Uint8Array(30 * 1024 * 1024)),
      });
      expect(huge.status).toBe(413);
      // Without a key the answer is 401 first, whatever the body.
      expect(
        (await service.call('/generate/text/imagine', { method: 'POST', key: null, body: big }))
          .status,
      ).toBe(401);
      // A body within the limits still works, and nothing was charged for the refused ones.
      const ok = await service.call('/generate/cloud/fast', {
        method: 'POST',
        body: photoForm(photo('coffee.png')),
      });
      expect(ok.status).toBe(200);
      const ledger = service.sandbox.ledger();
      expect(ledger.map((e) => e.type)).toEqual(['charge']);
    } finally {
      await service.close();
    }
  });

  it('answers 422 (not 500) for JSON nested deeper than any request needs', async () => {
    const service = await startService();
    try {
      const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
      for (const body of [
        `{"prompt": ${deep(20_000)}}`,
        deep(20_000),
        `{"prompt": "a cup", "style": ${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
      ]) {
        const res = await service.json<{ detail: Array<{ type: string; msg: string }> }>(
          '/generate/text/imagine',
          { method: 'POST', headers: { 'content-type': 'application/json' }, body },
        );
        expect(res.status).toBe(422);
        expect(res.body.detail[0]).toMatchObject({ type: 'json_invalid' });
      }
      // Unparseable JSON stays a 422 too, and the service still answers.
      expect(
        (
          await service.call('/generate/text', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"concept_id": ',
          })
        ).status,
      ).toBe(422);
      expect((await service.call('/api/platform/balance')).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('counts depth without recursion', () => {
    expect(jsonDepth('x')).toBe(0);
    expect(jsonDepth({ a: [1, { b: 2 }] })).toBe(3);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonDepth(deep)).toBe(JSON_MAX_DEPTH + 1);
  });
});
