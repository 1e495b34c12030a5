/**
 * Cost before spending: what a paid action will cost by the live price list, and the balance after
 * it. Pure functions over the account and price views, so every paid button in Kiln words its
 * price the same way ("$0.40 · balance $12.30 → $11.90").
 */
import type { AccountView, PricesView } from '../../../../shared/ipc/contract';
import { addUsd, compareUsd, formatUsd, mulUsd, subUsd, type Usd } from '../../../../shared/money';

/** One line of an action's cost: an operation id and how many calls of it. */
export interface CostItem {
  readonly operation: string;
  readonly count?: number;
}

/** What an action will cost. */
export interface Quote {
  /** Sum of the known prices; absent when no price could be read at all. */
  readonly totalUsd: Usd | undefined;
  /** Operations without a readable price (they may be charged: the service decides). */
  readonly unknown: readonly string[];
  readonly balanceUsd: Usd | undefined;
  /** Balance minus the total, when both are known. */
  readonly balanceAfterUsd: Usd | undefined;
  /** The total is known and more than the balance: the service would answer 402. */
  readonly insufficient: boolean;
  /** Nothing to pay: every price is known and zero. */
  readonly free: boolean;
}

/** Prices `items` against the price list and the balance. */
export function quote(
  items: readonly CostItem[],
  prices: PricesView | undefined,
  account: AccountView | undefined,
): Quote {
  let total: Usd | undefined;
  const unknown: string[] = [];
  for (const { operation, count = 1 } of items) {
    if (count <= 0) continue;
    const price = prices?.byOperation[operation];
    if (price === undefined) unknown.push(operation);
    else total = addUsd(total ?? '0', mulUsd(price, count));
  }
  const balanceUsd = account?.balanceUsd;
  const balanceAfterUsd =
    total !== undefined && balanceUsd !== undefined ? subUsd(balanceUsd, total) : undefined;
  return {
    totalUsd: total,
    unknown,
    balanceUsd,
    balanceAfterUsd,
    insufficient: balanceAfterUsd !== undefined && compareUsd(balanceAfterUsd, '0') < 0,
    free: unknown.length === 0 && total !== undefined && compareUsd(total, '0') === 0,
  };
}

/** The one wording of a quote: "$0.40 · balance $12.30 → $11.90", "Free", "Price unknown". */
export function describeQuote(q: Quote): string {
  if (q.free) return 'Free';
  if (q.totalUsd === undefined) return 'Price not available: the service will charge its price';
  const price = formatUsd(q.totalUsd) + (q.unknown.length > 0 ? ' + unpriced calls' : '');
  if (q.balanceUsd === undefined || q.balanceAfterUsd === undefined) return price;
  return `${price} · balance ${formatUsd(q.balanceUsd)} → ${formatUsd(q.balanceAfterUsd)}`;
}

/**
 * Whether the user must confirm before spending: the total is above the threshold they set in
 * settings (`confirmAboveUsd`), or unknown while a threshold is set.
 */
export function needsConfirmation(q: Quote, confirmAboveUsd: Usd | undefined): boolean {
  if (confirmAboveUsd === undefined || q.free) return false;
  if (q.totalUsd === undefined || q.unknown.length > 0) return true;
  return compareUsd(q.totalUsd, confirmAboveUsd) > 0;
}
