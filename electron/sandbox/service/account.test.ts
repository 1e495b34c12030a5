/**
 * Keys, limits and money over HTTP (service-api.md §2.2, §2.7, §4.17, §5, §7, §8).
 */
import { describe, expect, it } from 'vitest';
import { finishTask, photo, photoForm, startService } from '../testing/test-support';

const coffee = photo('coffee.png');

describe('authentication (401 invalid_api_key)', () => {
  it('refuses a missing, wrong or revoked key, and accepts every live key of the account', async () => {
    const service = await startService({ keys: ['sk-a', 'sk-b'] });
    try {
      const expect401 = async (init: Parameters<typeof service.json>[1]) => {
        const res = await service.json<{ detail: { error: string; message: string } }>(
          '/library',
          init,
        );
        expect(res.status).toBe(401);
        expect(res.body.detail.error).toBe('invalid_api_key');
        expect(res.body.detail.message.length).toBeGreaterThan(0);
        return res.body.detail.message;
      };
      expect(await expect401({ key: null })).toMatch(/Missing/);
      await expect401({ key: 'sk-nope' });
      await expect401({ key: null, headers: { Authorization: 'Basic sk-a' } });
      expect((await service.json('/library', { key: 'sk-b' })).status).toBe(200);
      service.sandbox.revokeKey('sk-b');
      expect(await expect401({ key: 'sk-b' })).toMatch(/revoked/);
      expect((await service.json('/library', { key: 'sk-a' })).status).toBe(200);
      // Every route, including unknown ones, asks for the key first.
      expect((await service.json('/model/x/export', { key: null })).status).toBe(401);
      expect((await service.json('/api/platform/prices', { key: null })).status).toBe(401);
    } finally {
      await service.close();
    }
  });

  it('holds at most 10 keys per account', async () => {
    const service = await startService({ keys: Array.from({ length: 10 }, (_, i) => `sk-${i}`) });
    try {
      expect(() => service.sandbox.addKey('sk-11')).toThrow(/at most 10/);
      service.sandbox.revokeKey('sk-3');
      service.sandbox.addKey('sk-11');
      expect((await service.json('/library', { key: 'sk-11' })).status).toBe(200);
    } finally {
      await service.close();
    }
  });
});

describe('rate limit (429 rate_limited)', () => {
  it('allows 60 requests per rolling minute per key, then answers retry_after from the injected clock', async () => {
    const service = await startService({ keys: ['sk-a', 'sk-b'], requestsPerMinute: 60 });
    try {
      for (let i = 0; i < 60; i++) {
        // Spread over 30 s: the window is rolling, not per calendar minute.
        if (i === 30) service.clock.advance(30_000);
        expect((await service.call('/api/platform/balance')).status).toBe(200);
      }
      const limited = await service.json<{ detail: { error: string; retry_after: number } }>(
        '/library',
      );
      expect(limited.status).toBe(429);
      expect(limited.body.detail.error).toBe('rate_limited');
      // The first 30 requests leave the window 60 s after they were made: 30 s from now.
      expect(limited.body.detail.retry_after).toBe(30);
      expect(limited.headers.get('retry-after')).toBe('30');
      // Downloads and polls count too; another key of the same account has its own budget.
      expect((await service.call('/task/x/status')).status).toBe(429);
      expect((await service.call('/library', { key: 'sk-b' })).status).toBe(200);
      service.clock.advance(29_500);
      const still = await service.json<{ detail: { retry_after: number } }>('/library');
      expect(still.body.detail.retry_after).toBe(1);
      service.clock.advance(500);
      expect((await service.call('/library')).status).toBe(200);
    } finally {
      await service.close();
    }
  });
});

describe('concurrent generations (429 too_many_jobs)', () => {
  it('refuses the 6th running generation without charging it, and accepts again when one finishes', async () => {
    const service = await startService({ taskSeconds: 30 });
    try {
      const start = () =>
        service.json<{ task_id: string; detail: { error: string } }>(
          '/generate/cloud/fast?poly_count=10000&texture_size=1024',
          {
            method: 'POST',
            body: photoForm(coffee),
          },
        );
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await start()).body.task_id);
      expect((await service.json('/api/platform/balance')).body.jobs_running).toBe(5);
      const before = service.sandbox.balance();
      const sixth = await start();
      expect(sixth.status).toBe(429);
      expect(sixth.body.detail.error).toBe('too_many_jobs');
      expect(service.sandbox.balance()).toBe(before);
      // Queued tasks count as well as processing ones: finishing the work is not enough…
      await service.sandbox.idle();
      expect((await start()).status).toBe(429);
      // …the tasks must be done.
      service.clock.advance(30_000);
      expect((await service.json(`/task/${ids[0]}/status`)).body.status).toBe('done');
      expect((await service.json('/api/platform/balance')).body.jobs_running).toBe(0);
      const again = await start();
      expect(again.status).toBe(200);
      await service.sandbox.idle();
    } finally {
      await service.close();
    }
  });
});

describe('billing (402 and the billing object)', () => {
  it('answers insufficient_balance when the balance cannot pay, and charges nothing', async () => {
    const service = await startService({ balanceUsd: '0.39' });
    try {
      const res = await service.json<{ detail: { error: string; message: string } }>(
        '/generate/cloud?poly_count=10000&texture_size=1024',
        {
          method: 'POST',
          body: photoForm(coffee),
        },
      );
      expect(res.status).toBe(402);
      expect(res.body.detail.error).toBe('insufficient_balance');
      expect(res.body.detail.message).toMatch(/\$0\.40.*\$0\.39/);
      expect(service.sandbox.ledger()).toEqual([]);
      // A cheaper call still fits.
      const fast = await service.json('/generate/cloud/fast?poly_count=10000&texture_size=1024', {
        method: 'POST',
        body: photoForm(coffee),
      });
      expect(fast.body).toMatchObject({ billing: { cost_usd: '0.20', balance_usd: '0.19' } });
      await service.sandbox.idle();
    } finally {
      await service.close();
    }
  });

  it('answers monthly_limit_reached at the account limit and key_limit_reached at the key limit', async () => {
    const service = await startService({
      keys: ['sk-a', 'sk-b'],
      monthlyLimitUsd: '1.00',
      keyLimitUsd: '0.60',
    });
    try {
      const imagine = (key: string) =>
        service.json<{ detail: { error: string }; billing: { balance_usd: string } }>(
          '/generate/text/imagine',
          {
            method: 'POST',
            key,
            body: JSON.stringify({ prompt: 'a lamp' }),
          },
        );
      const start = (key: string) =>
        service.json<{ detail: { error: string } }>(
          '/generate/cloud/fast?poly_count=10000&texture_size=1024',
          {
            method: 'POST',
            key,
            body: photoForm(coffee),
          },
        );
      expect((await start('sk-a')).status).toBe(200); // a: 0.20
      expect((await start('sk-a')).status).toBe(200); // a: 0.40
      expect((await start('sk-a')).status).toBe(200); // a: 0.60 — at the key limit, allowed
      const overKey = await imagine('sk-a');
      expect(overKey.status).toBe(402);
      expect(overKey.body.detail.error).toBe('key_limit_reached');
      expect((await start('sk-b')).status).toBe(200); // account: 0.80
      expect((await start('sk-b')).status).toBe(200); // account: 1.00
      const overMonth = await imagine('sk-b');
      expect(overMonth.status).toBe(402);
      expect(overMonth.body.detail.error).toBe('monthly_limit_reached');
      const balance = await service.json('/api/platform/balance', { key: 'sk-a' });
      expect(balance.body).toMatchObject({
        balance_usd: '24.00',
        month_spend_usd: '1.00',
        monthly_limit_usd: '1.00',
        key_month_spend_usd: '0.60',
        key_monthly_limit_usd: '0.60',
      });
      // A new month starts with nothing spent.
      await service.sandbox.idle();
      service.clock.advance(31 * 24 * 3600_000);
      expect((await imagine('sk-a')).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('refunds lower the month spend again', async () => {
    const service = await startService({ monthlyLimitUsd: '0.60' });
    try {
      const { uniformPhoto } = await import('../testing/test-support');
      const bad = await service.json('/generate/cloud/ultra?poly_count=10000&texture_size=1024', {
        method: 'POST',
        body: photoForm(await uniformPhoto()),
      });
      expect((await finishTask(service, bad.body.task_id as string)).status).toBe('error');
      expect((await service.json('/api/platform/balance')).body.month_spend_usd).toBe('0.00');
      const good = await service.json('/generate/cloud/ultra?poly_count=10000&texture_size=1024', {
        method: 'POST',
        body: photoForm(coffee),
      });
      expect(good.status).toBe(200);
      await service.sandbox.idle();
    } finally {
      await service.close();
    }
  });

  it('publishes a price list that matches what calls cost', async () => {
    const service = await startService();
    try {
      const res = await service.json<{
        currency: string;
        prices: Array<{ operation: string; price_usd: string; method: string; path: string }>;
      }>('/api/platform/prices');
      expect(res.body.currency).toBe('USD');
      const price = (op: string) => res.body.prices.find((p) => p.operation === op)?.price_usd;
      expect(price('generate.photo.quality')).toBe('0.40');
      expect(price('text.imagine')).toBe('0.05');
      expect(price('export')).toBe('0.00');
      for (const row of res.body.prices) expect(row.price_usd).toMatch(/^\d+\.\d{2,6}$/);
      const imagine = await service.json('/generate/text/imagine', {
        method: 'POST',
        body: JSON.stringify({ prompt: 'x' }),
      });
      expect(imagine.headers.get('x-service-cost-usd')).toBe(price('text.imagine'));
      // Reading prices, balance, library and polls is free.
      const before = service.sandbox.ledger().length;
      await service.call('/api/platform/balance');
      await service.call('/library');
      await service.call('/api/platform/prices');
      expect(service.sandbox.ledger()).toHaveLength(before);
    } finally {
      await service.close();
    }
  });
});
