/**
 * Cost before spending: what a paid action will cost by the live price list, and the balance after
 * it (`shared/api/quote.ts`), worded the same way by every paid button in Kiln
 * ("$0.40 · balance $12.30 → $11.90").
 */
import { t } from '@lingui/core/macro';
import { formatUsd } from '../../../../shared/money';
import type { Quote } from '../../../../shared/api/quote';

export { needsConfirmation, quote, type CostItem, type Quote } from '../../../../shared/api/quote';

/**
 * The one wording of a quote: "$0.40 · balance $12.30 → $11.90", "Free", "Price unknown", in the
 * active language (a component showing it re-renders on a language change through `useLingui`).
 */
export function describeQuote(q: Quote): string {
  if (q.free) return t`Free`;
  if (q.totalUsd === undefined) return t`Price not available: the service will charge its price`;
  const total = formatUsd(q.totalUsd);
  const price = q.unknown.length > 0 ? t`${total} + unpriced calls` : total;
  if (q.balanceUsd === undefined || q.balanceAfterUsd === undefined) return price;
  const before = formatUsd(q.balanceUsd);
  const after = formatUsd(q.balanceAfterUsd);
  return t`${price} · balance ${before} → ${after}`;
}
