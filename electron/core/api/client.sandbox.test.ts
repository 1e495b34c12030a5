/**
 * The client against the sandbox over real HTTP: every route of service-api.md, and every error
 * a user can meet, each as its typed error with a sentence (never a status code). Chaos modes
 * provide the failures no well-behaved server sends: 5xx, resets, unreadable answers, slowness.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChaosOptions, Sandbox, SandboxOptions } from '../../sandbox';
import { createSandbox, serveSandbox } from '../../sandbox';
import { systemClock, type Clock } from '../ports';
import { RequestScheduler } from '../schedule/request-scheduler';
import { ApiClient, type UploadFile } from './client';
import {
  AuthError,
  CancelledError,
  ConcurrencyLimitError,
  ConnectionError,
  ForbiddenError,
  LinkExpiredError,
  MalformedAnswerError,
  NotFoundError,
  PaymentError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from './errors';
import { generationCall, opCall } from './query';

const PHOTOS = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'photos');
const KEY = 'sk-client-test-0001';
let work: string;
let coffee: UploadFile;
let chelsea: UploadFile;

interface Served {
  sandbox: Sandbox;
  url: string;
  close(): Promise<void>;
}
const opened: Served[] = [];

async function serve(options: SandboxOptions = {}): Promise<Served> {
  const sandbox = createSandbox({ keys: [KEY], taskSeconds: 0, jobSeconds: 0, ...options });
  const server = await serveSandbox(sandbox, { port: 0 });
  await sandbox.ready();
  const served = {
    sandbox,
    url: server.url,
    close: async () => {
      await server.close();
      await sandbox.close();
    },
  };
  opened.push(served);
  return served;
}

function client(
  url: string,
  o: Readonly<{ key?: string; clock?: Clock; timeoutMs?: number; maxRetries?: number }> = {},
): { api: ApiClient; scheduler: RequestScheduler } {
  const clock = o.clock ?? systemClock;
  const scheduler = new RequestScheduler({ clock, maxRetries: o.maxRetries ?? 0 });
  const api = new ApiClient({
    connection: { mode: 'live', baseUrl: url, fetch, apiKey: async () => o.key ?? KEY },
    clock,
    scheduler,
    ...(o.timeoutMs ? { timeoutMs: o.timeoutMs, uploadTimeoutMs: o.timeoutMs } : {}),
  });
  return { api, scheduler };
}

async function photo(name: string): Promise<UploadFile> {
  const copy = path.join(work, name);
  await copyFile(path.join(PHOTOS, name), copy);
  return { path: copy, name, type: 'image/png' };
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-client-'));
  coffee = await photo('coffee.png');
  chelsea = await photo('chelsea.png');
});
afterAll(async () => {
  for (const s of opened) await s.close();
  await rm(work, { recursive: true, force: true });
});

const small = { polyCount: 10_000, textureSize: 1024 } as const;
/** A fast photo generation's call, as a job journals it. */
const fastPhoto = generationCall({ kind: 'photo', tier: 'fast', options: small });

describe('every route', () => {
  let s: Served;
  let api: ApiClient;
  let seeded: string[];
  beforeAll(async () => {
    s = await serve({ balanceUsd: '50.00', seedModels: 3, websiteModels: 8 });
    api = client(s.url).api;
    seeded = (await api.library({ limit: 200 })).items
      .filter((i) => i.source === 'api')
      .map((i) => i.model_id);
  });

  it('photo generation on all three routes, with billing from body and headers', async () => {
    for (const [tier, price] of [
      ['ultra', '0.60'],
      ['quality', '0.40'],
      ['fast', '0.20'],
    ] as const) {
      const answer = await api.generate(generationCall({ kind: 'photo', tier, options: small }), [
        coffee,
      ]);
      expect(answer.value).toMatchObject({ task_id: expect.any(String), status: 'queued' });
      expect(answer.billing).toMatchObject({ costUsd: price, source: 'billing' });
      const charge = s.sandbox.ledger().at(-1)!;
      expect(charge).toMatchObject({ type: 'charge', amountUsd: price });
      expect(answer.billing!.chargeIds).toEqual([charge.id]);
      expect(answer.billing!.balanceUsd).toBe(s.sandbox.balance());
    }
  });

  it('multi-view generation streams every view as `files` and keeps unknown answer fields', async () => {
    const multi = generationCall({ kind: 'multi', tier: 'fast', options: small });
    const answer = await api.generate(multi, [coffee, chelsea]);
    expect(answer.value).toMatchObject({ views: 2 });
    await expect(api.generate(multi, [coffee])).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await s.sandbox.idle();
    const status = await api.taskStatus(answer.value.task_id);
    expect(status).toMatchObject({ status: 'done', kind: 'multi' });
  });

  it('text: imagine a concept picture, fetch it with the key, then a model from it', async () => {
    const concept = await api.imagine('a small ceramic owl', 'clay');
    expect(concept.billing?.costUsd).toBe('0.05');
    const picture = await api.download(concept.value.image_url!);
    expect(new Uint8Array(await picture.arrayBuffer()).subarray(1, 4)).toEqual(
      new Uint8Array([0x50, 0x4e, 0x47]),
    );
    const start = await api.generate(
      generationCall({
        kind: 'text',
        conceptId: concept.value.concept_id,
        tier: 'quality',
        options: small,
      }),
    );
    expect(start.billing?.costUsd).toBe('0.40');
    await s.sandbox.idle();
    expect(await api.taskStatus(start.value.task_id)).toMatchObject({
      status: 'done',
      model_id: expect.any(String),
    });
  });

  it('retexture makes a new version of the model', async () => {
    const start = await api.generate(
      generationCall({
        kind: 'retexture',
        modelId: seeded[0]!,
        options: { textureSize: 1024, seed: 7 },
      }),
      [chelsea],
    );
    await s.sandbox.idle();
    const status = await api.taskStatus(start.value.task_id);
    const model = await api.model(status.model_id!);
    expect(model).toMatchObject({ kind: 'retexture', parent_id: seeded[0] });
  });

  it('task status of an unknown task is NotFound', async () => {
    await expect(api.taskStatus('t-nope')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('library with every filter', async () => {
    const all = await api.library({ limit: 200 });
    expect(all.items.length).toBeGreaterThan(8);
    const website = all.items.filter((i) => i.source === 'website');
    s.sandbox.setModelFlags(website[0]!.model_id, { published: true, favourite: true });
    const name = website[1]!.name!;
    expect(
      (await api.library({ search: name.slice(0, 6).toUpperCase() })).items.length,
    ).toBeGreaterThan(0);
    const published = await api.library({ published: true });
    expect(published.items.every((i) => i.published)).toBe(true);
    const starred = await api.library({ favourite: true });
    expect(starred.items.map((i) => i.model_id)).toContain(website[0]!.model_id);
    const families = await api.library({ group: 'family', limit: 200 });
    expect(families.items.every((i) => i.root_id && i.versions_count! >= 1)).toBe(true);
    const multi = await api.library({ group: 'family', hasVersions: true, limit: 200 });
    expect(multi.items.every((i) => i.versions_count! >= 2)).toBe(true);
    const withRemesh = await api.library({ includeRemesh: true, limit: 200 });
    expect(withRemesh.items.length).toBeGreaterThan(all.items.length);
    const page2 = await api.library({ page: 2, limit: 3 });
    expect(page2).toMatchObject({ page: 2, limit: 3 });
    expect(page2.items).toHaveLength(3);
    await expect(api.library({ limit: 500 })).rejects.toBeInstanceOf(ValidationError);
  });

  it('model record and its GLB, fetched with the key', async () => {
    const model = await api.model(seeded[0]!);
    const file = await api.download(model.url);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('glTF');
    await expect(api.model('m-nope')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('every post-processing route: 202 running (charged once), then ready with a link (free)', async () => {
    const id = seeded[1]!;
    const glb = await api.job(opCall(id, { kind: 'export' }), { paid: false });
    expect(glb).toMatchObject({
      status: 200,
      value: { status: 'ready', filename: expect.stringMatching(/\.glb$/) },
    });
    const ops = [
      { kind: 'export', format: 'stl' },
      { kind: 'print', format: '3mf', colors: 2 },
      { kind: 'retopo', faces: 1000 },
      { kind: 'rig', rigKind: 'humanoid' },
      { kind: 'parts' },
      { kind: 'gamepack', engine: 'unreal', sizeM: 1.5 },
      { kind: 'make', maker: 'papercraft' },
    ] as const;
    for (const op of ops) {
      const call = opCall(id, op);
      const paid = op.kind !== 'export' && op.kind !== 'print';
      const first = await api.job(call, { paid });
      expect(first.status, op.kind).toBe(202);
      expect(Boolean(first.billing), `${op.kind} charged`).toBe(paid);
      expect(first.value.status).toBe('running');
      await s.sandbox.idle();
      const ready = await api.job(call, { paid: false });
      expect(ready.value, op.kind).toMatchObject({ status: 'ready', url: expect.any(String) });
      expect(ready.billing, 'repeats are free').toBeUndefined();
      const file = await api.download(ready.value.url!);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  it('an unknown maker is feature_off; a website model’s export needs a plan', async () => {
    await expect(
      api.job(opCall(seeded[0]!, { kind: 'make', maker: 'origami' }), { paid: true }),
    ).rejects.toMatchObject({ constructor: NotFoundError, code: 'feature_off' });
    const website = (await api.library({ limit: 200 })).items.find((i) => i.source === 'website')!;
    const refused = await api
      .job(opCall(website.model_id, { kind: 'export', format: 'stl' }), { paid: false })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ForbiddenError);
    expect(refused).toMatchObject({
      code: 'subscription_required',
      message: /plan or a one-off unlock/,
    });
  });

  it('balance and prices', async () => {
    const balance = await api.balance();
    expect(balance).toMatchObject({ balance_usd: s.sandbox.balance(), jobs_limit: 5 });
    const prices = await api.prices();
    expect(prices.prices.find((p) => p.operation === 'rig')?.price_usd).toBe('0.35');
  });
});

describe('every error', () => {
  it('401: a wrong or revoked key', async () => {
    const s = await serve();
    const wrong = await client(s.url, { key: 'sk-wrong-key-000' })
      .api.balance()
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(AuthError);
    expect((wrong as Error).message).toMatch(/revoked/);
    expect((wrong as Error).message).not.toContain('sk-wrong');
    s.sandbox.revokeKey(KEY);
    await expect(client(s.url).api.balance()).rejects.toBeInstanceOf(AuthError);
  });

  it('402: insufficient balance (with the amounts), monthly limit, key limit', async () => {
    const s = await serve({ balanceUsd: '0.10' });
    const { api } = client(s.url);
    const low = await api.generate(fastPhoto, [coffee]).catch((e: unknown) => e);
    expect(low).toBeInstanceOf(PaymentError);
    expect(low).toMatchObject({
      code: 'insufficient_balance',
      message: /\$0\.20 needed, \$0\.10 left/,
    });
    s.sandbox.setBalance('10.00');
    s.sandbox.setMonthlyLimit('0.10');
    await expect(api.generate(fastPhoto, [coffee])).rejects.toMatchObject({
      code: 'monthly_limit_reached',
    });
    s.sandbox.setMonthlyLimit(null);
    s.sandbox.setKeyLimit('0.10');
    await expect(api.generate(fastPhoto, [coffee])).rejects.toMatchObject({
      code: 'key_limit_reached',
      message: /key's monthly limit/,
    });
    expect(s.sandbox.ledger()).toEqual([]);
  });

  it('422 from the service names the field; invalid values are refused before sending', async () => {
    const s = await serve();
    const { api, scheduler } = client(s.url);
    const refused = await api.imagine('a cup', 'watercolor').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused).toMatchObject({ field: 'style', status: 422 });
    const before = scheduler.sentInWindow();
    // Checked where the call is built, before a job (or a request) exists.
    let local: unknown;
    try {
      generationCall({ kind: 'photo', tier: 'fast', options: { polyCount: 5 } });
    } catch (error) {
      local = error;
    }
    expect(local).toMatchObject({ constructor: ValidationError, field: 'poly_count' });
    expect(scheduler.sentInWindow()).toBe(before);
  });

  it('429 too_many_jobs beyond five running generations', async () => {
    const s = await serve({ taskSeconds: 60 });
    const { api } = client(s.url);
    for (let i = 0; i < 5; i++) await api.generate(fastPhoto, [coffee]);
    const sixth = await api.generate(fastPhoto, [coffee]).catch((e: unknown) => e);
    expect(sixth).toBeInstanceOf(ConcurrencyLimitError);
    expect(s.sandbox.ledger().filter((e) => e.type === 'charge')).toHaveLength(5);
  });

  it('429 rate_limited carries retry_after', async () => {
    const s = await serve({ requestsPerMinute: 2 });
    const { api } = client(s.url);
    await api.balance();
    await api.balance();
    const limited = await api.balance().catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).retryAfter).toBeGreaterThanOrEqual(1);
  });

  it('5xx is a ServerError; a paid call is not retried after it', async () => {
    const s = await serve({ chaos: { errorRate: 1 } satisfies ChaosOptions });
    const { api, scheduler } = client(s.url, { maxRetries: 3 });
    await expect(api.generate(fastPhoto, [coffee])).rejects.toBeInstanceOf(ServerError);
    expect(scheduler.sentInWindow()).toBe(1);
  });

  it('a reset is an ambiguous ConnectionError; a refused connection was never sent', async () => {
    const s = await serve({ chaos: { resetAfterRate: 1 } });
    const reset = await client(s.url)
      .api.generate(fastPhoto, [coffee])
      .catch((e: unknown) => e);
    expect(reset).toMatchObject({ constructor: ConnectionError, sent: true });
    expect(s.sandbox.ledger()).toHaveLength(1); // the service did act on it
    const closed = await serve();
    const url = closed.url;
    await closed.close();
    opened.splice(opened.indexOf(closed), 1);
    const refused = await client(url)
      .api.balance()
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({
      constructor: ConnectionError,
      sent: false,
      code: 'unreachable',
    });
  });

  it('an unreadable paid answer keeps the billing its headers report', async () => {
    const s = await serve({ chaos: { malformedRate: 1 } });
    const error = await client(s.url)
      .api.generate(fastPhoto, [coffee])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedAnswerError);
    expect((error as MalformedAnswerError).billing).toMatchObject({
      costUsd: '0.20',
      source: 'headers',
    });
  });

  it('no answer in time is a Timeout', async () => {
    const s = await serve({ chaos: { latencyMs: 400 } });
    await expect(client(s.url, { timeoutMs: 100 }).api.balance()).rejects.toBeInstanceOf(
      TimeoutError,
    );
  });

  it('a paid call cancelled before it is dispatched is never sent', async () => {
    const s = await serve();
    const { api, scheduler } = client(s.url);
    const controller = new AbortController();
    let dispatched = false;
    const call = api.generate(fastPhoto, [coffee], {
      signal: controller.signal,
      onDispatch: async () => {
        dispatched = true;
      },
    });
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(CancelledError);
    expect(dispatched).toBe(false);
    expect(scheduler.sentInWindow()).toBe(0);
    expect(s.sandbox.ledger()).toEqual([]);
  });

  it('an expired download link is a LinkExpiredError (410); asking again gives a fresh one, free', async () => {
    let now = Date.UTC(2025, 5, 15, 12);
    const s = await serve({ seedModels: 1, linkSeconds: 60, clock: { now: () => now } });
    const { api } = client(s.url);
    const id = (await api.library()).items[0]!.model_id;
    const call = opCall(id, { kind: 'export' });
    const ready = await api.job(call, { paid: false });
    now += 61_000;
    await expect(api.download(ready.value.url!)).rejects.toBeInstanceOf(LinkExpiredError);
    const again = await api.job(call, { paid: false });
    expect(again.value.url).not.toBe(ready.value.url);
    expect(again.billing).toBeUndefined();
    expect((await (await api.download(again.value.url!)).arrayBuffer()).byteLength).toBeGreaterThan(
      0,
    );
  });
});
