/**
 * Cost before spending: what a paid action will cost by the live price list, and the balance after
 * it (`shared/api/quote.ts`), worded the same way by every paid button in Kiln
 * ("$0.40 · balance $12.30 → $11.90").
 */
import { formatUsd } from '../../../../shared/money';
import type { Quote } from '../../../../shared/api/quote';

export { needsConfirmation, quote, type CostItem, type Quote } from '../../../../shared/api/quote';

/** The one wording of a quote: "$0.40 · balance $12.30 → $11.90", "Free", "Price unknown". */
export function describeQuote(q: Quote): string {
  if (q.free) return 'Free';
  if (q.totalUsd === undefined) return 'Price not available: the service will charge its price';
  const price = formatUsd(q.totalUsd) + (q.unknown.length > 0 ? ' + unpriced calls' : '');
  if (q.balanceUsd === undefined || q.balanceAfterUsd === undefined) return price;
  return `${price} · balance ${formatUsd(q.balanceUsd)} → ${formatUsd(q.balanceAfterUsd)}`;
}
