/**
 * Charges, refunds and spending limits (service-api.md §2.2, §4, §7, §8).
 *
 * All arithmetic goes through shared/money.ts: amounts are decimal strings, never floats. Every
 * movement is a ledger row, and the balance after it is recorded there too, so a test can replay
 * the ledger and prove the balance is exactly start − charges + refunds.
 */
import {
  addUsd,
  compareUsd,
  formatUsd,
  normalizeUsd,
  subUsd,
  type Usd,
} from '../../../shared/money';
import { codedError } from './service-error';
import type { SandboxState } from './state';
import type { Clock, LedgerEntry } from '../types';

/** What a paid answer reports in its `billing` object. */
export interface BillingInfo {
  cost_usd: Usd;
  balance_usd: Usd;
  charge_ids: string[];
}

type Charge = Extract<LedgerEntry, { type: 'charge' }>;
type Refund = Extract<LedgerEntry, { type: 'refund' }>;

/** Calendar month (UTC) of a timestamp, e.g. "2025-11". */
export function monthOf(at: number): string {
  return new Date(at).toISOString().slice(0, 7);
}

/** The account's money. */
export class Billing {
  readonly #state: SandboxState;
  readonly #clock: Clock;
  readonly #changed: () => void;

  constructor(state: SandboxState, clock: Clock, changed: () => void) {
    this.#state = state;
    this.#clock = clock;
    this.#changed = changed;
  }

  /** Current balance. */
  get balance(): Usd {
    return normalizeUsd(this.#state.account.balanceUsd);
  }

  /**
   * Net spend this calendar month (charges made this month minus their refunds), of the account
   * or of one key.
   */
  monthSpend(key?: string): Usd {
    const month = monthOf(this.#clock.now());
    const charges = new Map<string, Charge>();
    let spend: Usd = '0.00';
    for (const entry of this.#state.ledger) {
      if (entry.type === 'charge') {
        if (monthOf(entry.at) !== month || (key !== undefined && entry.key !== key)) continue;
        charges.set(entry.id, entry);
        spend = addUsd(spend, entry.amountUsd);
      } else if (charges.has(entry.chargeId)) {
        spend = subUsd(spend, entry.amountUsd);
      }
    }
    return spend;
  }

  /**
   * Throws the 402 a charge of `amount` by `key` would meet, if any. Checked in this order:
   * balance, account monthly limit, key monthly limit.
   */
  check(key: string, amount: Usd): void {
    const { balanceUsd, monthlyLimitUsd, keyLimitUsd } = this.#state.account;
    if (compareUsd(balanceUsd, amount) < 0) {
      throw codedError(
        402,
        'insufficient_balance',
        `Balance too low: this call costs ${formatUsd(amount)} and the balance is ${formatUsd(balanceUsd)}. Top up on the platform.`,
        { cost_usd: normalizeUsd(amount), balance_usd: normalizeUsd(balanceUsd) },
      );
    }
    if (monthlyLimitUsd !== null) {
      const spent = this.monthSpend();
      if (compareUsd(addUsd(spent, amount), monthlyLimitUsd) > 0) {
        throw codedError(
          402,
          'monthly_limit_reached',
          `The account's monthly limit of ${formatUsd(monthlyLimitUsd)} is reached (${formatUsd(spent)} spent this month; this call costs ${formatUsd(amount)}).`,
          {
            cost_usd: normalizeUsd(amount),
            limit_usd: normalizeUsd(monthlyLimitUsd),
            month_spend_usd: spent,
          },
        );
      }
    }
    if (keyLimitUsd !== null) {
      const spent = this.monthSpend(key);
      if (compareUsd(addUsd(spent, amount), keyLimitUsd) > 0) {
        throw codedError(
          402,
          'key_limit_reached',
          `This key's monthly limit of ${formatUsd(keyLimitUsd)} is reached (${formatUsd(spent)} spent with it this month; this call costs ${formatUsd(amount)}).`,
          {
            cost_usd: normalizeUsd(amount),
            limit_usd: normalizeUsd(keyLimitUsd),
            month_spend_usd: spent,
          },
        );
      }
    }
  }

  /**
   * Charges `amount` to the account for `operation`, after {@link check}.
   * @throws ServiceError 402 when the balance or a limit does not allow it.
   */
  charge(key: string, operation: string, amount: Usd, subject?: string): Charge {
    this.check(key, amount);
    const account = this.#state.account;
    account.balanceUsd = subUsd(account.balanceUsd, amount);
    const entry: Charge = {
      type: 'charge',
      id: `ch_${++this.#state.counters.charge}`,
      operation,
      amountUsd: normalizeUsd(amount),
      key,
      at: this.#clock.now(),
      balanceAfterUsd: account.balanceUsd,
      ...(subject ? { subject } : {}),
    };
    this.#state.ledger.push(entry);
    this.#changed();
    return entry;
  }

  /** Links a charge to what it paid for, once that has an id. */
  setSubject(chargeId: string, subject: string): void {
    const index = this.#state.ledger.findIndex((e) => e.type === 'charge' && e.id === chargeId);
    const entry = this.#state.ledger[index];
    if (entry?.type === 'charge') this.#state.ledger[index] = { ...entry, subject };
  }

  /** Refunds a charge in full. Idempotent: a charge is refunded at most once. */
  refund(chargeId: string, reason: string): Refund | undefined {
    if (this.#state.refunded[chargeId]) return undefined;
    const charge = this.#state.ledger.find(
      (e): e is Charge => e.type === 'charge' && e.id === chargeId,
    );
    if (!charge) return undefined;
    const account = this.#state.account;
    account.balanceUsd = addUsd(account.balanceUsd, charge.amountUsd);
    const entry: Refund = {
      type: 'refund',
      id: `rf_${++this.#state.counters.refund}`,
      chargeId,
      amountUsd: charge.amountUsd,
      key: charge.key,
      at: this.#clock.now(),
      balanceAfterUsd: account.balanceUsd,
      reason,
    };
    this.#state.ledger.push(entry);
    this.#state.refunded[chargeId] = entry.id;
    this.#changed();
    return entry;
  }

  /** The `billing` object of a paid answer. */
  info(charge: Charge): BillingInfo {
    return {
      cost_usd: charge.amountUsd,
      balance_usd: charge.balanceAfterUsd,
      charge_ids: [charge.id],
    };
  }
}

/** The `X-Service-*` headers that go with a `billing` object. */
export function billingHeaders(billing: BillingInfo): Record<string, string> {
  return { 'X-Service-Cost-USD': billing.cost_usd, 'X-Service-Balance-USD': billing.balance_usd };
}
