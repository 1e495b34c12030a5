/**
 * Generation routes over HTTP (service-api.md §4.1–§4.7, §3.1): happy paths with real photos,
 * validation answers, task states and the no-object refund; a side view sets the depth, and a
 * retexture keeps its parent's geometry.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundsOf, readMesh } from '../artifacts/mesh';
import {
  finishTask,
  photo,
  photoForm,
  startService,
  uniformPhoto,
  validateGlb,
  viewsForm,
  type TestService,
} from '../testing/test-support';

const coffee = photo('coffee.png');
const chelsea = photo('chelsea.png');

describe('photo and multi-view generation', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service.close());

  it.each([
    ['/generate/cloud/ultra', '0.60', '2'],
    ['/generate/cloud', '0.40', '1.1'],
    ['/generate/cloud/fast', '0.20', '1'],
  ])(
    'POST %s charges %s and makes a model of version %s from the photo',
    async (route, cost, version) => {
      const before = service.sandbox.balance();
      const res = await service.json(`${route}?poly_count=10000&texture_size=1024&seed=7`, {
        method: 'POST',
        body: photoForm(coffee, 'coffee.png'),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'queued', billing: { cost_usd: cost } });
      const billing = res.body.billing as { balance_usd: string; charge_ids: string[] };
      expect(res.headers.get('x-service-cost-usd')).toBe(cost);
      expect(res.headers.get('x-service-balance-usd')).toBe(billing.balance_usd);
      expect(billing.charge_ids).toHaveLength(1);
      expect(Number(before) * 100 - Number(cost) * 100).toBeCloseTo(
        Number(billing.balance_usd) * 100,
      );

      const status = await finishTask(service, res.body.task_id as string);
      expect(status).toMatchObject({ status: 'done', progress: 100 });
      expect(status.thumbnail_url).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/files\/models\/.+\/thumbnail$/,
      );
      const model = await service.json(`/model/${status.model_id}`);
      expect(model.body).toMatchObject({
        model_id: status.model_id,
        name: 'coffee',
        model_version: version,
      });
      const glb = new Uint8Array(
        await (await service.call(model.body.url as string)).arrayBuffer(),
      );
      expect(new TextDecoder().decode(glb.subarray(0, 4))).toBe('glTF');
      expect((await validateGlb(glb)).issues.numErrors).toBe(0);
      const thumb = await service.call(status.thumbnail_url as string);
      expect(thumb.status).toBe(200);
      expect(
        (await sharp(new Uint8Array(await thumb.arrayBuffer())).metadata()).width,
      ).toBeGreaterThan(0);
    },
  );

  it('downloads need the bearer key', async () => {
    const res = await service.json('/generate/cloud/fast?poly_count=10000&texture_size=1024', {
      method: 'POST',
      body: photoForm(chelsea, 'cat.png'),
    });
    const status = await finishTask(service, res.body.task_id as string);
    const model = await service.json(`/model/${status.model_id}`);
    expect((await service.call(model.body.url as string, { key: null })).status).toBe(401);
    expect((await service.call(status.thumbnail_url as string, { key: 'sk-wrong' })).status).toBe(
      401,
    );
  });

  it('multi-view routes take 2-4 views, front first, and charge more than one photo', async () => {
    // The side view: a cut-out half as deep as it is high, so the model must be too.
    const side = new Uint8Array(
      await sharp({
        create: {
          width: 400,
          height: 500,
          channels: 4,
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        },
      })
        .composite([
          {
            input: await sharp({
              create: { width: 150, height: 300, channels: 4, background: '#888888' },
            })
              .png()
              .toBuffer(),
            left: 120,
            top: 100,
          },
        ])
        .png()
        .toBuffer(),
    );
    const res = await service.json(
      '/generate/cloud/multi/fast?poly_count=10000&texture_size=1024',
      {
        method: 'POST',
        body: viewsForm([
          { bytes: chelsea, name: 'front.png' },
          { bytes: side, name: 'side.png' },
        ]),
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'queued', views: 2, billing: { cost_usd: '0.30' } });
    const status = await finishTask(service, res.body.task_id as string);
    expect(status.status).toBe('done');
    const model = await service.json(`/model/${status.model_id}`);
    expect(model.body.name).toBe('front');
    const mesh = await readMesh(
      new Uint8Array(await (await service.call(model.body.url as string)).arrayBuffer()),
    );
    const { size } = boundsOf(mesh.positions);
    expect(size[2] / size[1]).toBeCloseTo(0.5, 1);
    for (const [route, cost] of [
      ['/generate/cloud/multi', '0.55'],
      ['/generate/cloud/multi/ultra', '0.80'],
    ]) {
      const r = await service.json(`${route}?poly_count=10000&texture_size=1024`, {
        method: 'POST',
        body: viewsForm(
          [coffee, coffee, chelsea].map((bytes, i) => ({ bytes, name: `v${i}.png` })),
        ),
      });
      expect(r.body).toMatchObject({ billing: { cost_usd: cost } });
      await finishTask(service, r.body.task_id as string);
    }
  });

  it('answers 422 for 1 or 5 views, a missing field and a non-image view, and charges nothing', async () => {
    const before = service.sandbox.balance();
    const one = await service.json('/generate/cloud/multi', {
      method: 'POST',
      body: viewsForm([{ bytes: coffee, name: 'a.png' }]),
    });
    expect(one.status).toBe(422);
    expect((one.body.detail as Array<{ loc: unknown[] }>)[0]!.loc).toEqual(['body', 'files']);
    const five = await service.json('/generate/cloud/multi', {
      method: 'POST',
      body: viewsForm(Array.from({ length: 5 }, (_, i) => ({ bytes: coffee, name: `${i}.png` }))),
    });
    expect(five.status).toBe(422);
    const missing = await service.json('/generate/cloud/multi', {
      method: 'POST',
      body: new FormData(),
    });
    expect(missing.body.detail).toEqual([
      { type: 'missing', loc: ['body', 'files'], msg: 'Field required' },
    ]);
    const bad = await service.json('/generate/cloud/multi', {
      method: 'POST',
      body: viewsForm([
        { bytes: coffee, name: 'a.png' },
        { bytes: new TextEncoder().encode('MZ this is not a photo at all'), name: 'b.png' },
      ]),
    });
    expect(bad.status).toBe(422);
    expect((bad.body.detail as Array<{ loc: unknown[] }>)[0]!.loc).toEqual(['body', 'files', 1]);
    expect(service.sandbox.balance()).toBe(before);
  });
});

describe('validation of the photo routes (422, FastAPI shape)', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service.close());

  const post = (query: string, body: FormData = photoForm(coffee)) =>
    service.json<{ detail: Array<{ loc: unknown[]; msg: string; type: string }> }>(
      `/generate/cloud${query}`,
      {
        method: 'POST',
        body,
      },
    );

  it.each([
    ['?poly_count=9999', ['query', 'poly_count'], 'greater_than_equal'],
    ['?poly_count=1000001', ['query', 'poly_count'], 'less_than_equal'],
    ['?poly_count=lots', ['query', 'poly_count'], 'int_parsing'],
    ['?remesh=maybe', ['query', 'remesh'], 'bool_parsing'],
    ['?texture_size=512', ['query', 'texture_size'], 'literal_error'],
    ['?texture_format=jpg', ['query', 'texture_format'], 'literal_error'],
    ['?seed=1.5', ['query', 'seed'], 'int_parsing'],
  ])('%s → 422 at %j (%s)', async (query, loc, type) => {
    const res = await post(query);
    expect(res.status).toBe(422);
    expect(res.body.detail).toHaveLength(1);
    expect(res.body.detail[0]).toMatchObject({ loc, type });
    expect(typeof res.body.detail[0]!.msg).toBe('string');
  });

  it('lists every failure at once, query and body', async () => {
    const res = await post('?poly_count=5&texture_size=3', new FormData());
    expect(res.body.detail.map((d) => d.loc)).toEqual([
      ['query', 'poly_count'],
      ['query', 'texture_size'],
      ['body', 'file'],
    ]);
  });

  it('accepts FastAPI boolean spellings and the range ends', async () => {
    // Validation comes before billing: with no money, an accepted request is a 402, not a 422.
    const broke = await startService({ balanceUsd: '0.00' });
    try {
      for (const query of [
        '?remesh=0&poly_count=10000',
        '?remesh=TRUE&poly_count=1000000',
        '?remesh=no',
        '?seed=-3',
      ]) {
        const res = await broke.json(`/generate/cloud${query}`, {
          method: 'POST',
          body: photoForm(coffee),
        });
        expect(res.status).toBe(402);
      }
    } finally {
      await broke.close();
    }
  });

  it('sniffs the photo type from its bytes, not its name, and refuses empty and oversized files', async () => {
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0]);
    const renamed = await post('', photoForm(gif, 'cat.png'));
    expect(renamed.body.detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'value_error' });
    expect(renamed.body.detail[0]!.msg).toMatch(/not a JPEG, PNG or WebP/);
    const webp = new Uint8Array(await sharp(coffee).webp().toBuffer());
    const asJpegName = await post(
      '?poly_count=10000&texture_size=1024',
      photoForm(webp, 'photo.jpg'),
    );
    expect(asJpegName.status).toBe(200);
    const empty = await post('', photoForm(new Uint8Array(0)));
    expect(empty.body.detail[0]!.msg).toMatch(/empty/);
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(coffee.subarray(0, 16));
    const huge = await post('', photoForm(big));
    expect(huge.status).toBe(422);
    expect(huge.body.detail[0]!.msg).toMatch(/20 MB/);
    const asText = new FormData();
    asText.append('file', 'just a string');
    expect((await post('', asText)).body.detail[0]).toMatchObject({ loc: ['body', 'file'] });
    await service.sandbox.idle();
  });
});

describe('task states', () => {
  it('moves queued → processing → done over taskSeconds of the injected clock', async () => {
    const service = await startService({ taskSeconds: 10 });
    try {
      const res = await service.json('/generate/cloud/fast?poly_count=10000&texture_size=1024', {
        method: 'POST',
        body: photoForm(coffee),
      });
      expect(res.body.status).toBe('queued');
      const id = res.body.task_id as string;
      const first = await service.json(`/task/${id}/status`);
      expect(['queued', 'processing']).toContain(first.body.status);
      await service.sandbox.idle();
      service.clock.advance(4000);
      const mid = await service.json(`/task/${id}/status`);
      expect(mid.body).toMatchObject({ status: 'processing', progress: 40 });
      expect(mid.body.model_id).toBeUndefined();
      service.clock.advance(6000);
      const done = await service.json(`/task/${id}/status`);
      expect(done.body).toMatchObject({ status: 'done', progress: 100 });
      expect(typeof done.body.model_id).toBe('string');
    } finally {
      await service.close();
    }
  });

  it('a photo with no distinguishable object ends in error and is refunded', async () => {
    const service = await startService({ balanceUsd: '1.00' });
    try {
      const res = await service.json('/generate/cloud/ultra?poly_count=10000&texture_size=1024', {
        method: 'POST',
        body: photoForm(await uniformPhoto(), 'grey.png'),
      });
      expect(res.body).toMatchObject({ billing: { cost_usd: '0.60', balance_usd: '0.40' } });
      const status = await finishTask(service, res.body.task_id as string);
      expect(status).toMatchObject({ status: 'error', refunded: true });
      expect(status.message).toMatch(/No object/);
      expect(status.model_id).toBeUndefined();
      expect(service.sandbox.balance()).toBe('1.00');
      const ledger = service.sandbox.ledger();
      expect(ledger.map((e) => [e.type, e.amountUsd])).toEqual([
        ['charge', '0.60'],
        ['refund', '0.60'],
      ]);
      const balance = await service.json('/api/platform/balance');
      expect(balance.body).toMatchObject({
        balance_usd: '1.00',
        month_spend_usd: '0.00',
        jobs_running: 0,
      });
    } finally {
      await service.close();
    }
  });

  it('answers 404 in the plain shape for an unknown task', async () => {
    const service = await startService();
    try {
      const res = await service.json('/task/nope/status');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Task not found' });
    } finally {
      await service.close();
    }
  });
});

describe('text to 3D and retexture', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service.close());

  it('imagine draws a concept picture (charged), different for different prompts and styles', async () => {
    const imagine = (prompt: string, style?: string | null) =>
      service.json('/generate/text/imagine', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(style === undefined ? { prompt } : { prompt, style }),
      });
    const a = await imagine('a red ceramic teapot');
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      prompt: 'a red ceramic teapot',
      style: null,
      billing: { cost_usd: '0.05' },
    });
    expect(a.headers.get('x-service-cost-usd')).toBe('0.05');
    const picture = async (url: unknown) => {
      const res = await service.call(url as string);
      expect(res.headers.get('content-type')).toBe('image/png');
      return sharp(new Uint8Array(await res.arrayBuffer()))
        .resize(32, 32)
        .raw()
        .toBuffer();
    };
    const difference = (x: Buffer, y: Buffer) =>
      x.reduce((sum, v, i) => sum + Math.abs(v - y[i]!), 0) / x.length;
    const pa = await picture(a.body.image_url);
    const pb = await picture((await imagine('a green garden gnome')).body.image_url);
    const pc = await picture((await imagine('a red ceramic teapot', 'voxel')).body.image_url);
    const pa2 = await picture((await imagine('a red ceramic teapot')).body.image_url);
    expect(difference(pa, pb)).toBeGreaterThan(5);
    expect(difference(pa, pc)).toBeGreaterThan(2);
    expect(difference(pa, pa2)).toBe(0);
  });

  it('imagine validates prompt and style', async () => {
    const send = (body: string) =>
      service.json<{ detail: Array<{ loc: unknown[]; type: string }> }>('/generate/text/imagine', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
    expect((await send('{}')).body.detail[0]).toMatchObject({
      loc: ['body', 'prompt'],
      type: 'missing',
    });
    expect((await send('{"prompt":"  "}')).body.detail[0]).toMatchObject({
      type: 'string_too_short',
    });
    expect((await send('{"prompt":"x","style":"baroque"}')).body.detail[0]).toMatchObject({
      loc: ['body', 'style'],
      type: 'literal_error',
    });
    expect((await send('{"prompt": 5}')).body.detail[0]).toMatchObject({ type: 'string_type' });
    expect((await send('{nope')).body.detail[0]).toMatchObject({
      loc: ['body', 0],
      type: 'json_invalid',
    });
    expect((await send('')).body.detail[0]).toMatchObject({ loc: ['body'], type: 'missing' });
  });

  it('generate/text makes a model from the concept with the mode’s price and defaults', async () => {
    const concept = await service.json('/generate/text/imagine', {
      method: 'POST',
      body: JSON.stringify({ prompt: 'a blue rubber duck', style: 'cartoon' }),
    });
    const start = await service.json('/generate/text', {
      method: 'POST',
      body: JSON.stringify({
        concept_id: concept.body.concept_id,
        mode: 'fast',
        poly_count: 10000,
        seed: null,
      }),
    });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ status: 'queued', billing: { cost_usd: '0.20' } });
    const status = await finishTask(service, start.body.task_id as string);
    expect(status.status).toBe('done');
    const model = await service.json(`/model/${status.model_id}`);
    expect(model.body).toMatchObject({
      name: 'a blue rubber duck',
      model_version: '1',
      texture_size: 1024,
    });

    const unknown = await service.json('/generate/text', {
      method: 'POST',
      body: JSON.stringify({ concept_id: 'zzz' }),
    });
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'Concept not found' } });
    const bad = await service.json<{ detail: Array<{ loc: unknown[] }> }>('/generate/text', {
      method: 'POST',
      body: JSON.stringify({ concept_id: 'x', mode: 'turbo', poly_count: 5, texture_size: 3000 }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d) => d.loc)).toEqual([
      ['body', 'mode'],
      ['body', 'poly_count'],
      ['body', 'texture_size'],
    ]);
  });

  it('retexture paints a model anew as a new version of its family', async () => {
    const first = await service.json('/generate/cloud/fast?poly_count=10000&texture_size=1024', {
      method: 'POST',
      body: photoForm(coffee, 'cup.png'),
    });
    const done = await finishTask(service, first.body.task_id as string);
    const res = await service.json(
      `/generate/retexture?model_id=${done.model_id}&texture_size=1024&seed=3`,
      {
        method: 'POST',
        body: photoForm(chelsea, 'cat.png'),
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'queued', billing: { cost_usd: '0.30' } });
    const status = await finishTask(service, res.body.task_id as string);
    const version = await service.json(`/model/${status.model_id}`);
    expect(version.body).toMatchObject({
      name: 'cup',
      kind: 'retexture',
      version: 2,
      root_id: done.model_id,
      parent_id: done.model_id,
      texture_size: 1024,
    });
    // The same geometry, painted anew.
    const glbOf = async (id: unknown) => {
      const model = await service.json(`/model/${id as string}`);
      return readMesh(
        new Uint8Array(await (await service.call(model.body.url as string)).arrayBuffer()),
      );
    };
    const [cup, cat] = [await glbOf(done.model_id), await glbOf(status.model_id)];
    expect(Buffer.from(cat.positions.buffer).equals(Buffer.from(cup.positions.buffer))).toBe(true);
    expect(Buffer.from(cat.indices.buffer).equals(Buffer.from(cup.indices.buffer))).toBe(true);
    expect(Buffer.from(cat.texture!.bytes).equals(Buffer.from(cup.texture!.bytes))).toBe(false);
    expect(version.body.poly_count).toBe(cup.indices.length / 3);

    const missingId = await service.json<{ detail: Array<{ loc: unknown[]; type: string }> }>(
      '/generate/retexture',
      {
        method: 'POST',
        body: photoForm(chelsea),
      },
    );
    expect(missingId.body.detail[0]).toMatchObject({ loc: ['query', 'model_id'], type: 'missing' });
    const unknown = await service.json('/generate/retexture?model_id=nope', {
      method: 'POST',
      body: photoForm(chelsea),
    });
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'Model not found' } });
  });
});
