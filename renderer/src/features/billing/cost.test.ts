import { i18n, type Messages } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setFormatLocale } from '../../../../shared/format';
import type { AccountView, PricesView } from '../../../../shared/ipc/contract';
import { describeQuote, needsConfirmation, quote } from './cost';

/** This area's German catalog, compiled from its `.po` as the app loads it. */
const german = Object.values(
  import.meta.glob<{ messages: Messages }>('../../locales/account/de.po', { eager: true }),
)[0]!.messages;

// The quote is worded in the active language: English (the source) unless a test picks another.
beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  setFormatLocale('en');
});
afterEach(() => setFormatLocale('en'));

const prices: PricesView = {
  currency: 'USD',
  items: [],
  byOperation: { 'generate.photo.quality': '0.40', export: '0.00', rig: '0.25' },
  fetchedAt: 0,
};
const account = {
  mode: 'sandbox',
  balanceUsd: '12.30',
  queue: { running: 0, waiting: 0, capacity: 5 },
  totals: {
    chargedUsd: '0.00',
    refundedUsd: '0.00',
    netUsd: '0.00',
    unconfirmedUsd: '0.00',
    unconfirmedCount: 0,
  },
} satisfies AccountView;

describe('quote', () => {
  it('words a paid call with the balance after it', () => {
    const q = quote([{ operation: 'generate.photo.quality' }], prices, account);
    expect(describeQuote(q)).toBe('$0.40 · balance $12.30 → $11.90');
    expect(q.insufficient).toBe(false);
  });

  it('sums a batch exactly and flags a total above the balance', () => {
    const q = quote([{ operation: 'generate.photo.quality', count: 31 }], prices, account);
    expect(q.totalUsd).toBe('12.40');
    expect(q.balanceAfterUsd).toBe('-0.10');
    expect(q.insufficient).toBe(true);
  });

  it('calls a zero-priced operation free and never asks to confirm it', () => {
    const q = quote([{ operation: 'export' }], prices, account);
    expect(describeQuote(q)).toBe('Free');
    expect(needsConfirmation(q, '0.00')).toBe(false);
  });

  it('keeps unpriced operations visible and asks when a threshold is set', () => {
    const q = quote([{ operation: 'make.kite' }], prices, account);
    expect(q.totalUsd).toBeUndefined();
    expect(describeQuote(q)).toMatch(/Price not available/);
    expect(needsConfirmation(q, '5.00')).toBe(true);
    expect(needsConfirmation(q, undefined)).toBe(false);
  });

  it('asks only above the threshold', () => {
    const q = quote([{ operation: 'rig', count: 2 }], prices, account);
    expect(needsConfirmation(q, '0.50')).toBe(false);
    expect(needsConfirmation(q, '0.49')).toBe(true);
  });

  it('words the quote in the active language, amounts in the region’s format', () => {
    i18n.loadAndActivate({ locale: 'de', messages: german });
    setFormatLocale('de');
    const q = quote([{ operation: 'generate.photo.quality' }], prices, account);
    const money = (v: number) =>
      new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(v);
    expect(describeQuote(q)).toBe(`${money(0.4)} · Guthaben ${money(12.3)} → ${money(11.9)}`);
    expect(describeQuote(quote([{ operation: 'export' }], prices, account))).toBe('Kostenlos');
  });
});
