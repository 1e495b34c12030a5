import { describe, expect, it } from 'vitest';
import {
  addUsd,
  compareUsd,
  formatUsd,
  fromMicros,
  isUsd,
  mulUsd,
  normalizeUsd,
  subUsd,
  toMicros,
} from './money';

describe('money', () => {
  it('adds amounts exactly where floats drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addUsd('0.10', '0.20')).toBe('0.30');
    // 1000 charges of $0.07: floats give 70.00000000000001-ish; decimals stay exact.
    expect(addUsd(...Array<string>(1000).fill('0.07'))).toBe('70.00');
  });

  it('subtracts, multiplies and compares', () => {
    expect(subUsd('12.30', '0.40')).toBe('11.90');
    expect(subUsd('0.40', '12.30')).toBe('-11.90');
    expect(mulUsd('0.40', 7)).toBe('2.80');
    expect(() => mulUsd('0.40', 1.5)).toThrow(RangeError);
    expect(compareUsd('0.4', '0.40')).toBe(0);
    expect(compareUsd('0.39', '0.40')).toBe(-1);
    expect(compareUsd('10', '9.99')).toBe(1);
  });

  it('normalises and formats for display', () => {
    expect(normalizeUsd('12.3')).toBe('12.30');
    expect(normalizeUsd('5')).toBe('5.00');
    expect(normalizeUsd('0.123456')).toBe('0.123456');
    expect(formatUsd('-0.4')).toBe('-$0.40');
    expect(formatUsd('25')).toBe('$25.00');
    expect(fromMicros(toMicros('-3.05'))).toBe('-3.05');
  });

  it('refuses what is not an exact decimal amount', () => {
    for (const bad of ['', 'abc', '1e3', '1,50', '0.1234567', 'NaN', '--1', '.5']) {
      expect(isUsd(bad), bad).toBe(false);
      expect(() => toMicros(bad), bad).toThrow(RangeError);
    }
    expect(isUsd(0.5)).toBe(false);
    expect(isUsd('0.50')).toBe(true);
  });
});
