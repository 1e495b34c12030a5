/** Prices found by operation id, or by route when the list has no ids; unknown ones left unknown. */
import { describe, expect, it } from 'vitest';
import { PriceListSchema } from '../../../shared/api/schemas';
import { PriceBook } from './price-book';

describe('PriceBook', () => {
  it('finds prices by id, by route and mode, and leaves the rest unknown', () => {
    const list = PriceListSchema.parse({
      currency: 'USD',
      prices: [
        { operation: 'rig', price_usd: '0.35' },
        { method: 'POST', path: '/generate/cloud/fast', price_usd: '0.20' },
        { method: 'POST', path: '/generate/text', params: { mode: 'ultra' }, price_usd: '0.60' },
        { method: 'GET', path: '/model/{id}/make/papercraft', price_usd: 0.1 },
        { operation: 'odd', price_usd: 'lots' },
      ],
    });
    const book = new PriceBook(list, 5);
    expect(book.price('rig')).toBe('0.35');
    expect(book.price('generate.photo.fast')).toBe('0.20');
    expect(book.price('generate.text.ultra')).toBe('0.60');
    expect(book.price('generate.text.fast')).toBeUndefined();
    expect(book.price('make.papercraft')).toBe('0.1');
    expect(book.price('parts')).toBeUndefined();
    expect(book.view().items.map((i) => i.operation)).not.toContain('odd');
  });
});
