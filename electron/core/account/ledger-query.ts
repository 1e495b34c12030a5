/**
 * Reading the client's ledger the way the account page shows it: rows filtered by type,
 * operation and calendar month (UTC, like the service's monthly limits), sums of any set of rows,
 * month totals, and the CSV the user exports.
 */
import type {
  LedgerEntryView,
  LedgerFilter,
  LedgerMonth,
  LedgerTotals,
} from '../../../shared/ipc/contract';
import { addUsd, subUsd, type Usd } from '../../../shared/money';
import { csvText } from '../util/csv';

/** Calendar month (UTC) of a timestamp: "2026-11". */
export function monthOf(at: number): string {
  return new Date(at).toISOString().slice(0, 7);
}

/** The rows that match every given part of the filter. */
export function filterLedger(
  entries: readonly LedgerEntryView[],
  filter: NonNullable<LedgerFilter> = {},
): LedgerEntryView[] {
  return entries.filter(
    (e) =>
      (!filter.type || e.type === filter.type) &&
      (!filter.operation || e.operation === filter.operation) &&
      (!filter.month || monthOf(e.at) === filter.month),
  );
}

/** Sums of rows: charged, refunded, net, and what may have been charged. */
export function sumLedger(entries: readonly LedgerEntryView[]): LedgerTotals {
  let charged: Usd = '0.00';
  let refunded: Usd = '0.00';
  let unconfirmed: Usd = '0.00';
  let unconfirmedCount = 0;
  for (const e of entries) {
    if (e.type === 'charge') charged = addUsd(charged, e.amountUsd ?? '0');
    else if (e.type === 'refund') refunded = addUsd(refunded, e.amountUsd ?? '0');
    else {
      unconfirmedCount++;
      if (e.amountUsd) unconfirmed = addUsd(unconfirmed, e.amountUsd);
    }
  }
  return {
    chargedUsd: charged,
    refundedUsd: refunded,
    netUsd: subUsd(charged, refunded),
    unconfirmedUsd: unconfirmed,
    unconfirmedCount,
  };
}

/** Totals of each month that has rows, newest first. */
export function monthTotals(entries: readonly LedgerEntryView[]): LedgerMonth[] {
  const byMonth = new Map<string, LedgerEntryView[]>();
  for (const e of entries) {
    const month = monthOf(e.at);
    byMonth.set(month, [...(byMonth.get(month) ?? []), e]);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([month, rows]) => ({ month, count: rows.length, ...sumLedger(rows) }));
}

/** Header of the exported CSV. */
export const CSV_COLUMNS = [
  'time_utc',
  'type',
  'operation',
  'job_id',
  'amount_usd',
  'charge_ids',
  'refund_id',
  'balance_after_usd',
  'source',
] as const;

/** The rows as CSV (RFC 4180, CRLF line ends), amounts as the exact decimal strings. */
export function ledgerCsv(entries: readonly LedgerEntryView[]): string {
  return csvText([
    CSV_COLUMNS,
    ...entries.map((e) => [
      new Date(e.at).toISOString(),
      e.type,
      e.operation,
      e.jobId ?? '',
      e.amountUsd ?? '',
      e.chargeIds.join(' '),
      e.refundId ?? '',
      e.balanceAfterUsd ?? '',
      e.source,
    ]),
  ]);
}
