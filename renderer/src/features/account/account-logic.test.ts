/**
 * The account page's pure parts: every price the sandbox lists lands in the group of what it
 * buys, and the billing bar's 402 notice is the newest refusal the user has not closed.
 */
import { describe, expect, it } from 'vitest';
import { knownOperations } from '../../../../shared/api/operations';
import type { JobView } from '../../../../shared/ipc/contract';
import { connectionJobs } from '../activity/job-connection';
import { latestPaymentNotice } from './payment-notice';
import { groupPrices, priceGroupOf } from './price-groups';

describe('price groups', () => {
  it('files every operation Kiln knows under what it buys', () => {
    const groups = Object.fromEntries(
      knownOperations(['papercraft']).map((op) => [op, priceGroupOf(op)]),
    );
    expect(groups).toMatchObject({
      'generate.photo.fast': 'generation',
      'generate.multi.ultra': 'generation',
      'generate.text.quality': 'text',
      'text.imagine': 'text',
      retexture: 'retexture',
      rig: 'post',
      gamepack: 'post',
      'make.papercraft': 'makers',
    });
    expect(Object.values(groups)).not.toContain('other');
    expect(priceGroupOf('POST /something/new')).toBe('other');
  });

  it('keeps the groups in order and leaves empty ones out', () => {
    const items = [
      { operation: 'rig', priceUsd: '0.35' },
      { operation: 'generate.photo.fast', priceUsd: '0.20' },
    ];
    expect(groupPrices(items).map((g) => [g.id, g.items.length])).toEqual([
      ['generation', 1],
      ['post', 1],
    ]);
  });
});

describe('payment notices', () => {
  const job = (id: string, finishedAt: number, code?: string): JobView => ({
    id,
    kind: 'photo',
    source: `${id}.png`,
    state: code ? 'failed' : 'done',
    createdAt: finishedAt - 10,
    finishedAt,
    ...(code ? { error: { code, message: `refused: ${code}` } } : {}),
    canCancel: false,
    canRetry: false,
  });

  it('shows the newest 402, and nothing for other failures', () => {
    const jobs = [
      job('a', 1, 'insufficient_balance'),
      job('b', 3, 'key_limit_reached'),
      job('c', 4, 'rate_limited'),
    ];
    expect(latestPaymentNotice(jobs, [])).toMatchObject({ code: 'key_limit_reached' });
    expect(latestPaymentNotice([job('c', 4, 'rate_limited')], [])).toBeUndefined();
  });

  it('never brings back an older notice when the newest is closed', () => {
    const jobs = [job('a', 1, 'insufficient_balance'), job('b', 3, 'key_limit_reached')];
    expect(latestPaymentNotice(jobs, ['b'])).toBeUndefined();
    // A new refusal after that is shown again.
    expect(
      latestPaymentNotice([...jobs, job('e', 9, 'monthly_limit_reached')], ['b']),
    ).toMatchObject({ code: 'monthly_limit_reached' });
  });

  it('goes once a job started after the refusal is accepted by the service', () => {
    const refused = job('a', 10, 'key_limit_reached');
    const before = { ...job('b', 8), createdAt: 5 };
    expect(latestPaymentNotice([refused, before], [])).toMatchObject({ code: 'key_limit_reached' });
    // Started later but refused before its call (nothing accepted yet): the notice stays.
    const waiting: JobView = { ...job('c', 0), state: 'waiting', createdAt: 11 };
    delete (waiting as { finishedAt?: number }).finishedAt;
    expect(latestPaymentNotice([refused, waiting], [])).toBeDefined();
    // Charged (it may fail afterwards and be refunded) or done: the cause is gone.
    const charged: JobView = { ...waiting, state: 'processing', costUsd: '0.20' };
    expect(latestPaymentNotice([refused, charged], [])).toBeUndefined();
    expect(latestPaymentNotice([refused, { ...job('d', 20), createdAt: 12 }], [])).toBeUndefined();
  });
});

describe('jobs of the connection now', () => {
  const job = (id: string, connection?: JobView['connection']): JobView => ({
    id,
    kind: 'photo',
    source: `${id}.png`,
    state: 'done',
    createdAt: 1,
    ...(connection ? { connection } : {}),
    canCancel: false,
    canRetry: false,
  });
  const jobs = [
    job('sandbox', { mode: 'sandbox', origin: 'http://sandbox.invalid' }),
    job('live-a', { mode: 'live', origin: 'https://api.one', keyId: 'a' }),
    job('live-b', { mode: 'live', origin: 'https://api.one', keyId: 'b' }),
    job('other-service', { mode: 'live', origin: 'https://api.two', keyId: 'a' }),
    job('no-key', { mode: 'live', origin: 'https://api.one' }),
    job('old'),
  ];
  const ids = (now: Parameters<typeof connectionJobs>[1]) =>
    connectionJobs(jobs, now).map((j) => j.id);

  it('lists sandbox jobs only in the sandbox, and live ones per service and key', () => {
    expect(ids({ mode: 'sandbox', origin: 'https://api.one' })).toEqual(['sandbox', 'old']);
    expect(ids({ mode: 'live', origin: 'https://api.one', activeId: 'a' })).toEqual([
      'live-a',
      'no-key',
      'old',
    ]);
    expect(ids({ mode: 'live', origin: 'https://api.one', activeId: 'b' })).toEqual([
      'live-b',
      'no-key',
      'old',
    ]);
    expect(ids({ mode: 'live', origin: 'https://api.two', activeId: 'a' })).toEqual([
      'other-service',
      'old',
    ]);
    // Before the key state is known, nothing is hidden.
    expect(ids(undefined)).toHaveLength(jobs.length);
  });
});
