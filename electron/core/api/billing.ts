/**
 * Billing of paid answers (service-api.md §2.2): the body's `billing` object, and the
 * `X-Service-Cost-USD` / `X-Service-Balance-USD` headers. The headers matter on their own: when a
 * paid answer's body is cut short or corrupted, they still say the call was charged and what the
 * balance is, so the ledger learns of the charge even though the task id is lost.
 */
import { BillingSchema, type Billing } from '../../../shared/api/schemas';
import { isUsd, normalizeUsd, type Usd } from '../../../shared/money';

/** Billing of a paid call, from the body and, as a cross-check, the headers. */
export interface BillingCapture {
  readonly costUsd: Usd;
  readonly balanceUsd: Usd;
  /** The service's charge ids; empty when only the headers were readable. */
  readonly chargeIds: readonly string[];
  /** Where Kiln read it. */
  readonly source: 'billing' | 'headers';
}

/**
 * Billing of a paid answer: the body's `billing` when readable, else the headers. Returns
 * undefined for free answers.
 * @example captureBilling({ billing: { cost_usd: '0.40', balance_usd: '9.60', charge_ids: ['c1'] } }, headers)
 */
export function captureBilling(body: unknown, headers: Headers): BillingCapture | undefined {
  const fromBody =
    body && typeof body === 'object' && 'billing' in body
      ? BillingSchema.safeParse((body as { billing: unknown }).billing)
      : undefined;
  if (fromBody?.success) return fromBilling(fromBody.data);
  return billingFromHeaders(headers);
}

/** Billing from the `X-Service-*-USD` headers alone (no charge ids), or undefined. */
export function billingFromHeaders(headers: Headers): BillingCapture | undefined {
  const cost = headers.get('x-service-cost-usd')?.trim();
  const balance = headers.get('x-service-balance-usd')?.trim();
  if (cost && balance && isUsd(cost) && isUsd(balance)) {
    return {
      costUsd: normalizeUsd(cost),
      balanceUsd: normalizeUsd(balance),
      chargeIds: [],
      source: 'headers',
    };
  }
  return undefined;
}

function fromBilling(b: Billing): BillingCapture {
  return {
    costUsd: normalizeUsd(b.cost_usd),
    balanceUsd: normalizeUsd(b.balance_usd),
    chargeIds: b.charge_ids.map(String),
    source: 'billing',
  };
}
