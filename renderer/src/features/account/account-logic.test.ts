/**
 * The account page's pure parts: every price the sandbox lists lands in the group of what it
 * buys, and the billing bar's 402 notice is the newest refusal the user has not closed.
 */
import { describe, expect, it } from 'vitest';
import { knownOperations } from '../../../../shared/api/operations';
import type { JobView } from '../../../../shared/ipc/contract';
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

  it('shows the newest 402 not yet closed, and nothing for other failures', () => {
    const jobs = [
      job('a', 1, 'insufficient_balance'),
      job('b', 3, 'key_limit_reached'),
      job('c', 4, 'rate_limited'),
      job('d', 5),
    ];
    expect(latestPaymentNotice(jobs, [])).toMatchObject({ code: 'key_limit_reached' });
    expect(latestPaymentNotice(jobs, ['b'])).toMatchObject({ code: 'insufficient_balance' });
    expect(latestPaymentNotice(jobs, ['a', 'b'])).toBeUndefined();
  });
});
