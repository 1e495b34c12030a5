/**
 * Chaos modes over real HTTP, and their absence from direct in-process calls.
 */
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../sandbox';
import { startService } from '../testing/test-support';
import type { ChaosOptions } from '../types';

const imagine = { method: 'POST', body: JSON.stringify({ prompt: 'a chaotic kettle' }) };

async function withChaos(
  chaos: ChaosOptions,
  run: (s: Awaited<ReturnType<typeof startService>>) => Promise<void>,
) {
  const service = await startService({ chaos });
  try {
    await run(service);
  } finally {
    await service.close();
  }
}

describe('chaos over HTTP', () => {
  it('reset before: the connection dies and the call never happened', async () => {
    await withChaos({ resetBeforeRate: 1 }, async (s) => {
      await expect(s.call('/generate/text/imagine', imagine)).rejects.toThrow(TypeError);
      expect(s.sandbox.ledger()).toEqual([]);
    });
  });

  it('reset after: the connection dies but the call took effect (a charge was made)', async () => {
    await withChaos({ resetAfterRate: 1 }, async (s) => {
      await expect(s.call('/generate/text/imagine', imagine)).rejects.toThrow(TypeError);
      expect(s.sandbox.ledger()).toMatchObject([{ type: 'charge', operation: 'text.imagine' }]);
      expect(s.sandbox.balance()).toBe('24.95');
    });
  });

  it('5xx errors come before the handler: nothing is charged', async () => {
    await withChaos({ errorRate: 1 }, async (s) => {
      const res = await s.json('/generate/text/imagine', imagine);
      expect([500, 502, 503]).toContain(res.status);
      expect(typeof res.body.detail).toBe('string');
      expect(s.sandbox.ledger()).toEqual([]);
    });
  });

  it('truncated and malformed answers cannot be parsed, but the call took effect', async () => {
    for (const chaos of [{ truncateRate: 1 }, { malformedRate: 1 }]) {
      await withChaos(chaos, async (s) => {
        const res = await s.call('/generate/text/imagine', imagine);
        expect(res.status).toBe(200);
        const text = await res.text();
        expect(() => JSON.parse(text)).toThrow();
        expect(s.sandbox.ledger()).toHaveLength(1);
      });
    }
  });

  it('every Nth request is a 429 burst with retry_after; latency delays answers', async () => {
    await withChaos({ burst429Every: 3, latencyMs: 60 }, async (s) => {
      const codes: number[] = [];
      const started = performance.now();
      for (let i = 0; i < 6; i++) {
        const res = await s.json<{ detail: { error: string; retry_after: number } }>(
          '/api/platform/balance',
        );
        codes.push(res.status);
        if (res.status === 429) {
          expect(res.body.detail).toMatchObject({ error: 'rate_limited', retry_after: 1 });
          expect(res.headers.get('retry-after')).toBe('1');
        }
      }
      expect(codes).toEqual([200, 200, 429, 200, 200, 429]);
      expect(performance.now() - started).toBeGreaterThanOrEqual(4 * 60 - 5);
    });
  });

  it('bare bursts carry no retry_after; spikes delay some answers; onFault counts each kind', async () => {
    const seen: string[] = [];
    await withChaos(
      {
        burst429Every: 2,
        bare429Share: 1,
        latencySpikeRate: 1,
        latencySpikeMs: 40,
        onFault: (f) => seen.push(f),
      },
      async (s) => {
        const started = performance.now();
        const first = await s.json<{ detail: object }>('/api/platform/balance');
        const second = await s.json<{ detail: object }>('/api/platform/balance');
        expect(first.status).toBe(200);
        expect(performance.now() - started).toBeGreaterThanOrEqual(40 - 5);
        expect(second.status).toBe(429);
        expect(second.body.detail).toEqual({
          error: 'rate_limited',
          message: expect.any(String),
        });
        expect(second.headers.get('retry-after')).toBeNull();
      },
    );
    expect(seen).toEqual(['latency_spike', 'burst429_bare']);
  });

  it('slow drip: a download arrives whole, in small chunks; JSON answers are not dripped', async () => {
    await withChaos({ dripRate: 1, dripChunkBytes: 1000, dripDelayMs: 1 }, async (s) => {
      const concept = await s.json<{ image_url: string }>('/generate/text/imagine', imagine);
      expect(concept.status).toBe(200);
      const plain = await s.sandbox.handle(
        new Request(concept.body.image_url, { headers: { authorization: `Bearer ${s.key}` } }),
      );
      const whole = new Uint8Array(await plain.arrayBuffer());
      const res = await s.call(concept.body.image_url);
      const chunks: number[] = [];
      const parts: Uint8Array[] = [];
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        chunks.push(chunk.byteLength);
        parts.push(chunk);
      }
      expect(Buffer.concat(parts).equals(Buffer.from(whole))).toBe(true);
      expect(chunks.length).toBeGreaterThanOrEqual(Math.floor(whole.byteLength / 1000));
      expect(Math.max(...chunks)).toBeLessThanOrEqual(1000);
    });
  });

  it('is seeded: the same seed gives the same faults', async () => {
    const run = async () => {
      const outcomes: string[] = [];
      await withChaos(
        { seed: 42, errorRate: 0.3, truncateRate: 0.3, resetBeforeRate: 0.2 },
        async (s) => {
          for (let i = 0; i < 20; i++) {
            try {
              const res = await s.call('/api/platform/prices');
              const text = await res.text();
              let parsed = true;
              try {
                JSON.parse(text);
              } catch {
                parsed = false;
              }
              outcomes.push(`${res.status}${parsed ? '' : '!'}`);
            } catch {
              outcomes.push('reset');
            }
          }
        },
      );
      return outcomes;
    };
    const first = await run();
    expect(new Set(first).size).toBeGreaterThan(2);
    expect(await run()).toEqual(first);
  });
});

describe('chaos and direct fetch', () => {
  const request = () =>
    new Request('http://sandbox.test/generate/text/imagine', {
      method: 'POST',
      headers: { Authorization: 'Bearer sk-c' },
      body: JSON.stringify({ prompt: 'x' }),
    });

  it('does not apply to in-process fetch unless asked', async () => {
    const sandbox = createSandbox({ keys: ['sk-c'], chaos: { resetBeforeRate: 1, errorRate: 1 } });
    try {
      const res = await sandbox.fetch(request());
      expect(res.status).toBe(200);
      expect(((await res.json()) as { image_url: string }).image_url).toMatch(
        /^http:\/\/sandbox\.test\/files\/concepts\//,
      );
    } finally {
      await sandbox.close();
    }
  });

  it('with inProcess, resets reject like fetch does (after the handler ran, for reset after)', async () => {
    const before = createSandbox({
      keys: ['sk-c'],
      chaos: { resetBeforeRate: 1, inProcess: true },
    });
    const after = createSandbox({ keys: ['sk-c'], chaos: { resetAfterRate: 1, inProcess: true } });
    try {
      await expect(before.fetch(request())).rejects.toThrow('fetch failed');
      expect(before.ledger()).toHaveLength(0);
      await expect(after.fetch(request())).rejects.toThrow('fetch failed');
      expect(after.ledger()).toHaveLength(1);
    } finally {
      await before.close();
      await after.close();
    }
  });

  it('with only, touches the requests it accepts and leaves the others alone', async () => {
    const seen: string[] = [];
    const sandbox = createSandbox({
      keys: ['sk-c'],
      chaos: {
        resetAfterRate: 1,
        inProcess: true,
        only: (method, path) => {
          seen.push(`${method} ${path}`);
          return method === 'POST' && path.startsWith('/generate/');
        },
      },
    });
    try {
      const balance = await sandbox.fetch(
        new Request('http://sandbox.test/api/platform/balance', {
          headers: { Authorization: 'Bearer sk-c' },
        }),
      );
      expect(balance.status).toBe(200);
      await expect(sandbox.fetch(request())).rejects.toThrow('fetch failed');
      expect(sandbox.ledger()).toHaveLength(1);
      expect(seen).toEqual(['GET /api/platform/balance', 'POST /generate/text/imagine']);
    } finally {
      await sandbox.close();
    }
  });
});
