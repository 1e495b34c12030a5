/**
 * Formatting of quantities for people: one home, so a number, an amount, a date or a size reads
 * the same in the library, the viewer, a photo card and an error sentence, and the region's way.
 * The locale is the app's language (`setFormatLocale`, called when it changes); the core, which
 * writes English, keeps the default. Formatters are `Intl`'s, cached per locale and options.
 */

let formatLocale = 'en';

/** Sets the locale every formatter here uses from now on (the renderer's language). */
export function setFormatLocale(locale: string): void {
  formatLocale = locale;
}

/** The locale formatters use now. */
export function currentFormatLocale(): string {
  return formatLocale;
}

/** Formatters made so far, by kind, locale and options (making one costs far more than using it). */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  options: object,
  make: (locale: string) => F,
): F {
  const key = `${kind}|${formatLocale}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as F | undefined;
  if (!format) {
    format = make(formatLocale);
    formatters.set(key, format);
  }
  return format;
}

/** `Intl.NumberFormat` of the current locale with `options`, made once. */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached('number', options, (locale) => new Intl.NumberFormat(locale, options));
}

/** `Intl.DateTimeFormat` of the current locale with `options`, made once. */
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', options, (locale) => new Intl.DateTimeFormat(locale, options));
}

/**
 * A number the region's way (grouping, decimal sign), with at most `maxDecimals` decimals.
 * @example formatNumber(1234567) // '1,234,567' in English, '1.234.567' in German
 */
export function formatNumber(value: number, maxDecimals = 0): string {
  return numberFormat({ maximumFractionDigits: maxDecimals }).format(value);
}

/**
 * A number with exactly `decimals` decimals (a measurement: "12.0 mm").
 * @example formatFixed(2.5, 1) // '2.5' in English, '2,5' in French
 */
export function formatFixed(value: number, decimals: number): string {
  return numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    value,
  );
}

/** A moment's date and time, as the region writes them ("Nov 27, 2026, 1:05 AM"). */
export function formatDateTime(at: number | Date): string {
  return dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** A moment's time of day, as the region writes it ("1:05:09 AM", "01:05:09"). */
export function formatTime(at: number | Date): string {
  return dateFormat({ timeStyle: 'medium' }).format(at);
}

/** A day, as the region writes it ("Nov 27, 2026"). */
export function formatDate(at: number | Date): string {
  return dateFormat({ dateStyle: 'medium' }).format(at);
}

const BYTE_UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A byte count in words: bytes below 1 kB, then kB/MB/GB/TB (the region's symbols: Mo in
 * French), 1024-based, one decimal.
 * @example formatBytes(512) // '512 B'
 * @example formatBytes(1536) // '1.5 kB' (Intl's symbols: '1,5 ko' in French)
 * @example formatBytes(25 * 2 ** 20) // '25.0 MB'
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return numberFormat({
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}
