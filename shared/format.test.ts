import { afterEach, describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDateTime,
  formatFixed,
  formatNumber,
  formatTime,
  setFormatLocale,
} from './format';
import { formatUsd } from './money';

afterEach(() => setFormatLocale('en'));

describe('formatBytes', () => {
  it('counts bytes below a kilobyte as bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1,023 B');
  });

  it('uses 1024-based units with one decimal', () => {
    expect(formatBytes(1024)).toBe('1.0 kB');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(466_739)).toBe('455.8 kB');
    expect(formatBytes(25 * 2 ** 20)).toBe('25.0 MB');
    expect(formatBytes(3 * 2 ** 30)).toBe('3.0 GB');
    expect(formatBytes(2 * 2 ** 40)).toBe('2.0 TB');
  });

  it('stays in terabytes past the last unit', () => {
    expect(formatBytes(2048 * 2 ** 40)).toBe('2,048.0 TB');
  });
});

/** The six languages Kiln ships, as `Intl` names them. */
const LOCALES = ['en', 'zh-CN', 'ja', 'de', 'fr', 'es'];

describe('formats follow the locale, as Intl writes it', () => {
  for (const locale of LOCALES) {
    it(`writes numbers, sizes, money and dates the ${locale} way`, () => {
      setFormatLocale(locale);
      const number = (v: number, o: Intl.NumberFormatOptions = {}) =>
        new Intl.NumberFormat(locale, o).format(v);
      expect(formatNumber(1_234_567)).toBe(number(1_234_567));
      expect(formatNumber(2.345, 2)).toBe(number(2.345, { maximumFractionDigits: 2 }));
      expect(formatFixed(12, 1)).toBe(
        number(12, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      );
      expect(formatBytes(25 * 2 ** 20)).toBe(
        number(25, {
          style: 'unit',
          unit: 'megabyte',
          unitDisplay: 'short',
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }),
      );
      const usd = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: 6,
      });
      expect(formatUsd('24.6')).toBe(usd.format('24.60'));
      expect(formatUsd('-1234.5')).toBe(usd.format('-1234.50'));
      const at = Date.UTC(2026, 10, 27, 13, 5, 9);
      expect(formatDateTime(at)).toBe(
        new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at),
      );
      expect(formatTime(at)).toBe(
        new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(at),
      );
    });
  }

  it('writes the examples of issue 32', () => {
    const amount = '24.60';
    setFormatLocale('fr');
    expect(formatUsd(amount)).toBe('24,60\u00a0$US');
    setFormatLocale('de');
    expect(formatUsd(amount)).toBe('24,60\u00a0$');
    setFormatLocale('zh-CN');
    expect(formatUsd(amount)).toBe('US$24.60');
  });

  it('keeps money exact: no float in between, every decimal of a price kept', () => {
    setFormatLocale('en');
    expect(formatUsd('12345678901234567.05')).toBe('$12,345,678,901,234,567.05');
    expect(formatUsd('0.015')).toBe('$0.015');
    expect(formatUsd('0.1')).toBe('$0.10');
    setFormatLocale('de');
    expect(formatUsd('9007199254740993.01')).toBe('9.007.199.254.740.993,01\u00a0$');
  });
});
