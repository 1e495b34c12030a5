/**
 * Exact US-dollar arithmetic on decimal strings.
 *
 * The service carries every amount as a decimal string ("0.40", "12.3"). Kiln keeps them that
 * way end to end and never goes through binary floating point: amounts are parsed into integer
 * micro-dollars (`bigint`), combined, and formatted back. Six decimal places covers any price the
 * service could plausibly quote; a string with more precision is refused rather than rounded.
 */

import { numberFormat } from './format';

/** A US-dollar amount as a decimal string, for example `"12.30"` or `"-0.40"`. */
export type Usd = string;

const SCALE = 6;
const FACTOR = 10n ** BigInt(SCALE);
const PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

/** True when `value` is a decimal string that {@link toMicros} accepts. */
export function isUsd(value: unknown): value is Usd {
  if (typeof value !== 'string') return false;
  const match = PATTERN.exec(value.trim());
  return match !== null && (match[3] ?? '').length <= SCALE;
}

/**
 * Parses a decimal string into integer micro-dollars.
 * @throws RangeError when the string is not a plain decimal or has more than six decimals.
 * @example toMicros('12.30') === 12_300_000n
 */
export function toMicros(value: Usd): bigint {
  const match = PATTERN.exec(value.trim());
  if (!match) throw new RangeError(`Not a dollar amount: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > SCALE) {
    throw new RangeError(`Dollar amount has more than ${SCALE} decimals: ${value}`);
  }
  const micros = BigInt(whole!) * FACTOR + BigInt(fraction.padEnd(SCALE, '0'));
  return sign ? -micros : micros;
}

/**
 * Formats micro-dollars as a decimal string with at least two decimals.
 * @example fromMicros(12_300_000n) === '12.30'
 */
export function fromMicros(micros: bigint): Usd {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const whole = abs / FACTOR;
  let fraction = (abs % FACTOR).toString().padStart(SCALE, '0').replace(/0+$/, '');
  fraction = fraction.padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Normalises a decimal string ("12.3" → "12.30"). */
export function normalizeUsd(value: Usd): Usd {
  return fromMicros(toMicros(value));
}

/** Sum of any number of amounts. */
export function addUsd(...values: Usd[]): Usd {
  return fromMicros(values.reduce((sum, v) => sum + toMicros(v), 0n));
}

/** `a - b`. */
export function subUsd(a: Usd, b: Usd): Usd {
  return fromMicros(toMicros(a) - toMicros(b));
}

/** `amount × count` for a whole number of items (a batch of identical calls). */
export function mulUsd(amount: Usd, count: number): Usd {
  if (!Number.isInteger(count)) throw new RangeError(`Count must be a whole number: ${count}`);
  return fromMicros(toMicros(amount) * BigInt(count));
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export function compareUsd(a: Usd, b: Usd): -1 | 0 | 1 {
  const d = toMicros(a) - toMicros(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/**
 * For display, in the app's language (`shared/format.ts`): the service charges US dollars, so the
 * amount stays in dollars, written the region's way: "$12.30", "-$0.40", "12,30 $US" in French,
 * "US$12.30" in Chinese. Exact: Intl formats the decimal string itself, never a float.
 */
export function formatUsd(value: Usd): string {
  return numberFormat({
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  }).format(normalizeUsd(value) as Intl.StringNumericLiteral);
}
