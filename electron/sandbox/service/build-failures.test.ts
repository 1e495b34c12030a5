/**
 * The build-failure trigger over HTTP: a share of each kind's builds fail the way a worker fails
 * (`error` with its message, the charge refunded), evenly spread; set at start, by the handle or
 * by `PUT /sandbox/build-failures`, with bad shares refused (422).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subUsd } from '../../../shared/money';
import {
  finishTask,
  photo,
  photoForm,
  startService,
  type TestService,
} from '../testing/test-support';

type Job = { status: string; message?: string; refund?: { amount_usd?: string } };

describe('build-failure trigger', () => {
  let service: TestService;
  let modelId: string;
  beforeAll(async () => {
    service = await startService({ buildFailures: { retopo: 0.5 } });
    const res = await service.json('/generate/cloud/fast?poly_count=10000&texture_size=1024', {
      method: 'POST',
      body: photoForm(photo('coffee.png'), 'coffee.png'),
    });
    modelId = (await finishTask(service, res.body.task_id as string)).model_id as string;
  });
  afterAll(() => service.close());

  async function build(path: string): Promise<Job> {
    const first = await service.json<Job>(path);
    expect(first.status).toBe(202);
    await service.sandbox.idle();
    return (await service.json<Job>(path)).body;
  }

  it('fails every second retopo, refunded, with the worker’s message; other kinds build', async () => {
    const balance = service.sandbox.balance();
    expect((await build(`/model/${modelId}/retopo?faces=1000`)).status).toBe('ready');
    const failed = await build(`/model/${modelId}/retopo?faces=2000`);
    expect(failed).toMatchObject({
      status: 'error',
      message: 'The quad remesher could not follow this surface.',
      refund: { amount_usd: '0.25' },
    });
    expect((await build(`/model/${modelId}/retopo?faces=3000`)).status).toBe('ready');
    expect((await build(`/model/${modelId}/parts`)).status).toBe('ready');
    // Two retopos and the parts charged; the failed retopo refunded.
    expect(service.sandbox.balance()).toBe(subUsd(balance, '0.80'));
  });

  it('is read and set over HTTP with the key; a bad share is refused', async () => {
    expect((await service.json('/sandbox/build-failures')).body).toEqual({
      shares: { retopo: 0.5 },
    });
    const set = await service.json('/sandbox/build-failures', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shares: { rig: 1, make: 1 } }),
    });
    expect(set.status).toBe(200);
    expect(service.sandbox.buildFailures()).toEqual({ rig: 1, make: 1 });
    expect((await build(`/model/${modelId}/rig?kind=generic`)).message).toBe(
      'The skeleton could not be fitted to this shape.',
    );
    expect((await build(`/model/${modelId}/make/papercraft`)).status).toBe('error');
    expect((await build(`/model/${modelId}/retopo?faces=4000`)).status).toBe('ready');

    const bad = await service.json('/sandbox/build-failures', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shares: { rig: 2, teleport: 1 } }),
    });
    expect(bad.status).toBe(422);
    expect(service.sandbox.buildFailures()).toEqual({ rig: 1, make: 1 });
    const anonymous = await service.json('/sandbox/build-failures', { key: null });
    expect(anonymous.status).toBe(401);
  });
});
