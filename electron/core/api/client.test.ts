/**
 * The client's guarantees that need no server: the key goes only to the service's own origin,
 * unsafe links are refused, billing is captured, and failures map to typed errors.
 */
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { systemClock, type Connection } from '../ports';
import { RequestScheduler } from '../schedule/request-scheduler';
import { FakeClock } from '../testing/fake-clock';
import { ApiClient, captureBilling } from './client';
import { generationCall, type GenerationCall } from './query';
import { ConnectionError, MalformedAnswerError, TimeoutError } from './errors';

/** A text generation's start, as a job journals it. */
const PHOTO = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  'shared',
  'photos',
  'coffee.png',
);

const textCall = generationCall({ kind: 'text', conceptId: 'c1', tier: 'fast' });

const KEY = 'sk-live-very-secret';

function clientWith(
  handler: (url: URL, init: RequestInit) => Promise<Response> | Response,
  timeoutMs?: number,
) {
  const seen: Array<{ url: string; auth: string | null }> = [];
  const connection: Connection = {
    mode: 'live',
    baseUrl: 'https://api.example.test',
    apiKey: async () => KEY,
    fetch: async (input, init = {}) => {
      const url = new URL(String(input));
      seen.push({ url: url.href, auth: new Headers(init.headers).get('authorization') });
      return handler(url, init);
    },
  };
  // maxRetries 0: these tests look at single answers, not at the scheduler's retries.
  const scheduler = new RequestScheduler({ clock: systemClock, maxRetries: 0 });
  return {
    api: new ApiClient({
      connection,
      clock: systemClock,
      scheduler,
      ...(timeoutMs ? { timeoutMs } : {}),
    }),
    seen,
  };
}

describe('ApiClient', () => {
  it('sends the bearer key to the service origin only', async () => {
    const { api, seen } = clientWith(() => new Response('glb'));
    await api.download('https://api.example.test/files/m.glb');
    await api.download('/files/relative.glb');
    await api.download('https://cdn.elsewhere.test/m.glb');
    expect(seen.map((s) => s.auth)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`, null]);
  });

  it('stops reading an endless or giant answer past MAX_ANSWER_BYTES instead of filling the memory', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    let pulled = 0;
    const endless = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled++;
            controller.enqueue(chunk);
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    const { api } = clientWith(endless);
    await expect(api.balance()).rejects.toMatchObject({ code: 'answer_too_large' });
    expect(pulled).toBeLessThan(40);
    const declared = clientWith(
      () => new Response('{}', { headers: { 'content-length': String(4 * 1024 ** 3) } }),
    );
    await expect(declared.api.prices()).rejects.toBeInstanceOf(MalformedAnswerError);
  });

  it('refuses file:, javascript:, plain-http foreign and credentialed links without a request', async () => {
    const { api, seen } = clientWith(() => new Response('x'));
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://other.test/m.glb',
      'https://user:pass@api.example.test/m.glb',
    ]) {
      await expect(api.download(url), url).rejects.toMatchObject({ code: 'unsafe_url' });
    }
    expect(seen).toEqual([]);
  });

  it('follows redirects hop by hop: the key never goes to another host, plain http is refused', async () => {
    const { api, seen } = clientWith((url) => {
      if (url.pathname === '/files/a.glb')
        return new Response(null, {
          status: 302,
          headers: { location: 'https://cdn.other.test/a.glb' },
        });
      if (url.pathname === '/files/b.glb')
        return new Response(null, {
          status: 302,
          headers: { location: 'http://cdn.other.test/b.glb' },
        });
      return new Response('glb');
    });
    await expect((await api.download('/files/a.glb')).text()).resolves.toBe('glb');
    expect(seen).toEqual([
      { url: 'https://api.example.test/files/a.glb', auth: `Bearer ${KEY}` },
      { url: 'https://cdn.other.test/a.glb', auth: null },
    ]);
    await expect(api.download('/files/b.glb')).rejects.toMatchObject({ code: 'unsafe_url' });
    expect(seen.map((s) => s.url)).not.toContain('http://cdn.other.test/b.glb');
  });

  it('tells a connection that was never made from one that dropped', async () => {
    const refused = clientWith(() => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
      });
    });
    await expect(refused.api.taskStatus('t')).rejects.toMatchObject({
      sent: false,
      code: 'unreachable',
      reset: false,
    });
    const reset = clientWith(() => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }),
      });
    });
    await expect(reset.api.taskStatus('t')).rejects.toMatchObject({ sent: true });
  });

  it('marks a reset before any answer (the codes Node 20 fetch gives) for the scheduler', async () => {
    for (const [code, isReset] of [
      ['ECONNRESET', true],
      ['EPIPE', true],
      ['UND_ERR_SOCKET', true],
      ['ECONNREFUSED', false],
      ['UND_ERR_HEADERS_TIMEOUT', false],
    ] as const) {
      const { api, seen } = clientWith(() => {
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('x'), { code }),
        });
      });
      await expect(api.prices(), code).rejects.toMatchObject({ reset: isReset });
      // Sent again once after a reset (maxRetries 0 here), never after anything else.
      expect(seen, code).toHaveLength(isReset ? 2 : 1);
    }
  });

  it('reads a task status and keeps unknown fields', async () => {
    const { api } = clientWith(() =>
      Response.json({ status: 'processing', progress: 40, eta_s: 3 }),
    );
    await expect(api.taskStatus('t1')).resolves.toEqual({
      status: 'processing',
      progress: 40,
      eta_s: 3,
    });
  });

  it('maps an unreadable 2xx, a dropped connection and a timeout to typed errors', async () => {
    await expect(
      clientWith(() => new Response('{"status":')).api.taskStatus('t'),
    ).rejects.toBeInstanceOf(MalformedAnswerError);
    await expect(
      clientWith(() => {
        throw new TypeError('fetch failed');
      }).api.taskStatus('t'),
    ).rejects.toBeInstanceOf(ConnectionError);
    const slow = clientWith(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
      50,
    );
    await expect(slow.api.taskStatus('t')).rejects.toBeInstanceOf(TimeoutError);
  });

  it('never puts the key in an error message', async () => {
    const { api } = clientWith(() =>
      Response.json(
        { detail: { error: 'invalid_api_key', message: `bad key ${KEY}` } },
        { status: 401 },
      ),
    );
    const error = (await api.taskStatus('t').catch((e: unknown) => e)) as Error;
    expect(error.message).not.toContain(KEY);
  });
});

describe('ApiClient paid calls', () => {
  /** A paid call's hooks, recording what happened in order. */
  function hooks() {
    const log: string[] = [];
    return {
      log,
      hooks: {
        onDispatch: async () => void log.push('dispatch'),
        onRefused: async (e: { code: string }) => void log.push(`refused ${e.code}`),
      },
    };
  }

  it('tells a refusal the service proved (4xx) or a connection never made, before the error returns', async () => {
    for (const [answer, code] of [
      [
        () => Response.json({ detail: { error: 'insufficient_balance' } }, { status: 402 }),
        'insufficient_balance',
      ],
      [
        () => Response.json({ detail: { error: 'too_many_jobs' } }, { status: 429 }),
        'too_many_jobs',
      ],
      [
        () =>
          Response.json(
            { detail: [{ loc: ['body', 'mode'], msg: 'bad', type: 'x' }] },
            { status: 422 },
          ),
        'validation_failed',
      ],
      [
        () => {
          throw new TypeError('fetch failed', {
            cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
          });
        },
        'unreachable',
      ],
    ] as const) {
      const { api } = clientWith(answer);
      const { log, hooks: h } = hooks();
      const error = await api.generate(textCall, [], h).catch((e: unknown) => e);
      expect(error).toMatchObject({ code });
      expect(log).toEqual(['dispatch', `refused ${code}`]);
    }
  });

  it('says nothing was refused when the outcome is open (5xx, reset after sending, unreadable 2xx)', async () => {
    for (const answer of [
      () => new Response('oops', { status: 502 }),
      () => new Response('{"task_id":'),
      () => {
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }),
        });
      },
    ]) {
      const { api } = clientWith(answer);
      const { log, hooks: h } = hooks();
      await api.generate(textCall, [], h).catch(() => undefined);
      expect(log).toEqual(['dispatch']);
    }
  });

  it('journals a rate_limited start as refused before it is sent again after the pause', async () => {
    let calls = 0;
    const connection: Connection = {
      mode: 'live',
      baseUrl: 'https://api.example.test',
      apiKey: async () => KEY,
      fetch: async () =>
        ++calls === 1
          ? Response.json({ detail: { error: 'rate_limited', retry_after: 0 } }, { status: 429 })
          : Response.json({ task_id: 't1', status: 'queued' }),
    };
    const clock = new FakeClock();
    const api = new ApiClient({
      connection,
      clock,
      scheduler: new RequestScheduler({ clock }),
    });
    const { log, hooks: h } = hooks();
    const started = api.generate(textCall, [], h);
    await clock.runUntilIdle();
    await expect(started).resolves.toMatchObject({ value: { task_id: 't1' } });
    expect(log).toEqual(['dispatch', 'refused rate_limited', 'dispatch']);
  });
});

describe('ApiClient.generate', () => {
  /** A call as a journal may hold it: any path, any query and body values (property inputs). */
  const word = fc.stringMatching(/^[a-z_]{1,12}$/);
  const callArb = fc.record({
    path: word.map((w) => `/generate/${w}`),
    query: fc.dictionary(word, fc.string({ maxLength: 20 })),
    operation: word,
    sendBy: fc.oneof(
      fc.constantFrom('file' as const, 'files' as const),
      fc.dictionary(word, fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean())),
    ),
  });

  it('sends exactly the journaled call: its path, query and body as they are, nothing rebuilt', async () => {
    const photo = { path: PHOTO, name: 'coffee.png', type: 'image/png' };
    await fc.assert(
      fc.asyncProperty(callArb, async ({ sendBy, ...base }) => {
        const call: GenerationCall =
          typeof sendBy === 'string' ? { ...base, form: sendBy } : { ...base, body: sendBy };
        let sent: { url: URL; body: unknown } | undefined;
        const { api } = clientWith(async (url, init) => {
          sent = {
            url,
            body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
          };
          return Response.json({ task_id: 't1', status: 'queued' });
        });
        const files = call.form === 'files' ? [photo, photo] : call.form ? [photo] : [];
        await api.generate(call, files);
        expect(sent!.url.pathname).toBe(call.path);
        expect(Object.fromEntries(sent!.url.searchParams)).toEqual(call.query);
        if (call.body) {
          expect(sent!.body).toEqual(call.body);
        } else {
          const form = sent!.body as FormData;
          expect(form.getAll(call.form).map((f) => (f as File).name)).toEqual(
            files.map((f) => f.name),
          );
        }
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a photo count its route does not take, before anything is sent', async () => {
    const { api, seen } = clientWith(() => Response.json({ task_id: 't1', status: 'queued' }));
    const photo = { path: PHOTO, name: 'coffee.png', type: 'image/png' };
    const multi = generationCall({ kind: 'multi', tier: 'fast' });
    const single = generationCall({ kind: 'photo', tier: 'fast' });
    await expect(api.generate(multi, [photo])).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(api.generate(single, [photo, photo])).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect(seen).toEqual([]);
  });
});

describe('captureBilling', () => {
  it('takes billing from the body, and from the headers when the body has none', () => {
    const headers = new Headers({ 'x-service-cost-usd': '0.40', 'x-service-balance-usd': '24.60' });
    expect(
      captureBilling(
        { billing: { cost_usd: '0.40', balance_usd: '24.60', charge_ids: ['c1'] } },
        new Headers(),
      ),
    ).toEqual({
      costUsd: '0.40',
      balanceUsd: '24.60',
      chargeIds: ['c1'],
      source: 'billing',
    });
    expect(captureBilling({ task_id: 't' }, headers)).toEqual({
      costUsd: '0.40',
      balanceUsd: '24.60',
      chargeIds: [],
      source: 'headers',
    });
    expect(captureBilling({}, new Headers({ 'x-service-cost-usd': '0.4x' }))).toBeUndefined();
  });
});
