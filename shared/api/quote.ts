/**
 * What a paid action will cost by the live price list, and the balance after it, in exact
 * decimals (`shared/money.ts`). The page prices every paid button with it; the main process
 * prices a batch with it, so both word the same total.
 */
import type { AccountView, PricesView } from '../ipc/views';
import { addUsd, compareUsd, mulUsd, subUsd, type Usd } from '../money';
import { isLocalOperation } from './operations';

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

/**
 * Prices `items` against the price list and the balance. Kiln's own operations (a local
 * conversion) cost nothing, whatever the list says.
 */
export function quote(
  items: readonly CostItem[],
  prices: PricesView | undefined,
  account: Pick<AccountView, 'balanceUsd'> | undefined,
): Quote {
  let total: Usd | undefined;
  const unknown: string[] = [];
  for (const { operation, count = 1 } of items) {
    if (count <= 0) continue;
    const price = isLocalOperation(operation) ? '0.00' : prices?.byOperation[operation];
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

/**
 * Whether the user must confirm before spending: the total is above the threshold they set in
 * settings (`confirmAboveUsd`), or unknown while a threshold is set.
 */
export function needsConfirmation(
  q: Pick<Quote, 'free' | 'totalUsd' | 'unknown'>,
  confirmAboveUsd: Usd | undefined,
): boolean {
  if (confirmAboveUsd === undefined || q.free) return false;
  if (q.totalUsd === undefined || q.unknown.length > 0) return true;
  return compareUsd(q.totalUsd, confirmAboveUsd) > 0;
}
