/**
 * The account as Kiln knows it: the balance record (§4.17), the balance every paid answer reports,
 * the live price list, the client's ledger, and Kiln's own generation queue. Every change is
 * pushed to the renderer as `account.updated`: after each paid answer (its billing or
 * `X-Service-*-USD` headers), after a refund, on a change of connection (the new one's balance is
 * read at once), and on a slow refresh of the balance record (the only way to learn of spending
 * by other clients of the account).
 *
 * The account's jobs running stay live between reads: the record's count is taken as the other
 * clients' jobs plus Kiln's own tasks at that moment, and Kiln's own are counted as they start
 * and end; a `too_many_jobs` refusal says the account is full.
 */
import type { BalanceAnswer } from '../../../shared/api/schemas';
import type {
  AccountView,
  LedgerExportView,
  LedgerFilter,
  LedgerPageView,
  PricesView,
  SettingsView,
} from '../../../shared/ipc/contract';
import { LIMITS } from '../../../shared/api/rules';
import { addUsd, compareUsd, type Usd } from '../../../shared/money';
import type { ApiClient } from '../api/client';
import type { BillingCapture } from '../api/billing';
import type { Clock, Emit, Logger } from '../ports';
import type { SessionListener } from '../session';
import { saveResult } from '../files/save-result';
import type { ChargeContext, Ledger } from './ledger';
import { filterLedger, ledgerCsv, monthOf, monthTotals, sumLedger } from './ledger-query';
import { PriceBook } from './price-book';

/** Operations the document calls free for API models; unknown prices of others count as paid. */
const FREE_BY_DOCUMENT = new Set(['export', 'print']);

/** How long a fetched price list is used before it is fetched again. */
const PRICES_MAX_AGE_MS = 10 * 60_000;
/** A refund changes the balance without a billing answer: read it again this much later. */
const BALANCE_REFRESH_DELAY_MS = 5000;

/** Options of {@link AccountService}. */
export type AccountServiceOptions = Readonly<{
  api: ApiClient;
  ledger: Ledger;
  clock: Clock;
  emit: Emit;
  logger: Logger;
  mode: () => 'sandbox' | 'live';
}>;

type Known = Omit<AccountView, 'mode' | 'queue' | 'totals' | 'jobsRunning'>;
type Queue = AccountView['queue'];

/** Balance, prices, ledger and queue, for the renderer; follows the session. */
export class AccountService implements SessionListener {
  readonly #o: AccountServiceOptions;
  #queue: () => Queue = () => ({ running: 0, waiting: 0, capacity: 0 });
  /** Kiln's own tasks the service is running now (accepted, not ended). */
  #ownTasks: () => number = () => 0;
  /** The account's jobs as last learned, and Kiln's own tasks at that moment. */
  #jobs: { running: number; own: number } | undefined;
  #known: Known = {};
  #prices: { book: PriceBook; at: number } | undefined;
  #loadingPrices: Promise<PriceBook> | undefined;
  #refreshTimer: unknown;
  #slowTimer: unknown;
  #slowSeconds = 0;
  #closed = false;
  /** The background pricing of unconfirmed rows (one at a time; a second one queued at most). */
  #pricing: Promise<void> = Promise.resolve();
  #pricingQueued = false;

  constructor(options: AccountServiceOptions) {
    this.#o = options;
    // Rows an earlier run could not price yet (it stopped first, or the list was out of reach).
    this.#priceLater();
  }

  /** The account view now. */
  view(): AccountView {
    const running = this.#jobsRunning();
    return {
      mode: this.#o.mode(),
      ...this.#known,
      ...(running !== undefined ? { jobsRunning: running } : {}),
      queue: this.#queue(),
      totals: this.#o.ledger.totals(),
    };
  }

  /**
   * Shows Kiln's own generation queue (the jobs') in the view from now on, and counts its tasks
   * the service runs (`tasks`) in the account's jobs running.
   */
  showQueue(source: () => Queue, tasks?: () => number): void {
    this.#queue = source;
    if (tasks) this.#ownTasks = tasks;
  }

  /**
   * The service refused a start with `too_many_jobs`: the account's slots are all taken (by Kiln
   * and other clients) until one of them ends.
   */
  noteAccountFull(): void {
    const full = this.#known.jobsLimit ?? LIMITS.concurrentJobs;
    this.#jobs = { running: full, own: this.#ownTasks() };
    this.changed();
  }

  /** The client's ledger of the current mode: the rows `filter` selects, with their sums. */
  ledger(filter: NonNullable<LedgerFilter> = {}): LedgerPageView {
    const all = this.#o.ledger.entries();
    const entries = filterLedger(all, filter);
    return {
      entries,
      totals: sumLedger(all),
      selection: sumLedger(entries),
      months: monthTotals(all),
      operations: [...new Set(all.map((e) => e.operation))].sort(),
    };
  }

  /**
   * Writes the rows `filter` selects as CSV into `folder`, under a name that never replaces a
   * file there, and answers where.
   */
  async exportLedger(filter: NonNullable<LedgerFilter>, folder: string): Promise<LedgerExportView> {
    const { entries } = this.ledger(filter);
    const stem = [
      'kiln-spend',
      this.#o.mode(),
      filter.month ?? 'all',
      filter.type,
      filter.operation?.replace(/[^a-z0-9._-]/gi, '_'),
    ]
      .filter(Boolean)
      .join('-');
    const saved = await saveResult({
      response: new Response(ledgerCsv(entries)),
      folder,
      fileName: `${stem}.csv`,
      clock: this.#o.clock,
    });
    return { path: saved.path, rows: entries.length };
  }

  /**
   * Reads the balance record every `seconds` from now on (the settings' slow refresh); a new
   * interval replaces the old one.
   */
  refreshEvery(seconds: number): void {
    this.#slowSeconds = seconds;
    this.#o.clock.clearTimeout(this.#slowTimer);
    const tick = () => {
      if (this.#closed) return;
      this.#slowTimer = this.#o.clock.setTimeout(() => {
        this.refresh()
          .catch((error: unknown) =>
            this.#o.logger.warn('balance refresh failed', {
              code: (error as { code?: string }).code,
            }),
          )
          .finally(tick);
      }, this.#slowSeconds * 1000);
    };
    tick();
  }

  /** Reports the current view to the renderer. */
  changed(): void {
    if (!this.#closed) this.#o.emit('account.updated', this.view());
  }

  /** Records the charge a paid answer reported and the balance after it. */
  async noteBilling(billing: BillingCapture, context: ChargeContext): Promise<void> {
    const added = await this.#o.ledger.charge(context, billing);
    const known = this.#known;
    // A new charge of this month adds to the month's spend at once; the slow refresh confirms.
    const bump = (spent: Usd | undefined) =>
      added && spent !== undefined && this.#sameMonth(known.updatedAt)
        ? addUsd(spent, billing.costUsd)
        : spent;
    const month = bump(known.monthSpendUsd);
    const keyMonth = bump(known.keyMonthSpendUsd);
    this.#known = {
      ...known,
      balanceUsd: billing.balanceUsd,
      ...(month !== undefined ? { monthSpendUsd: month } : {}),
      ...(keyMonth !== undefined ? { keyMonthSpendUsd: keyMonth } : {}),
      updatedAt: this.#o.clock.now(),
    };
    this.changed();
  }

  /** Records a refund the service made after a failure, and reads the balance again soon. */
  async noteRefund(
    context: ChargeContext &
      Readonly<{ source: 'task' | 'build'; refundId?: string; amountUsd?: Usd }>,
  ): Promise<boolean> {
    const added = await this.#o.ledger.refund(context);
    if (added) this.#refreshSoon();
    this.changed();
    return added;
  }

  /**
   * Records a paid call of unknown outcome at once, at its listed price when the price list is at
   * hand; else the price is filled in the background (reading the list may wait on the network,
   * a 429 pause included, and nothing may wait for it: a restart, a key change).
   */
  async noteUnconfirmed(context: ChargeContext): Promise<void> {
    const amountUsd = this.#prices?.book.price(context.operation);
    await this.#o.ledger.unconfirmed({ ...context, amountUsd });
    this.changed();
    if (amountUsd === undefined) this.#priceLater();
  }

  /**
   * Records the charge of a paid call whose answer Kiln never read, once the service showed it
   * was made (the build it started is there): at the operation's listed price, which it answers
   * (undefined when the price list cannot be read; the call is then recorded as unconfirmed).
   */
  async noteListedCharge(context: ChargeContext): Promise<Usd | undefined> {
    const amountUsd = await this.prices()
      .then((p) => p.byOperation[context.operation])
      .catch(() => undefined);
    if (amountUsd === undefined) {
      await this.noteUnconfirmed(context);
      return undefined;
    }
    if (await this.#o.ledger.listedCharge({ ...context, amountUsd })) this.#refreshSoon();
    this.changed();
    return amountUsd;
  }

  /** Reads the balance record from the service. */
  async refresh(): Promise<AccountView> {
    const answer = await this.#o.api.balance();
    this.#known = fromBalance(answer, this.#o.clock.now());
    this.#jobs =
      answer.jobs_running !== undefined
        ? { running: answer.jobs_running, own: this.#ownTasks() }
        : undefined;
    this.changed();
    return this.view();
  }

  /** The live price list (fetched at most every ten minutes unless `force`). */
  async prices(force = false): Promise<PricesView> {
    return (await this.#book(force)).view();
  }

  /**
   * Whether one call of `operation` may be charged: by the live price list when Kiln can read it,
   * else by the document (export and print are free for API models; every other call is paid).
   */
  async isPaid(operation: string): Promise<boolean> {
    const price = await this.#book(false)
      .then((book) => book.price(operation))
      .catch(() => undefined);
    if (price !== undefined) return compareUsd(price, '0') > 0;
    return !FREE_BY_DOCUMENT.has(operation);
  }

  /** Forgets what was learned from another connection (the key or base URL changed). */
  reset(): void {
    this.#known = {};
    this.#jobs = undefined;
    this.#prices = undefined;
    this.changed();
  }

  /**
   * A new connection: what was learned from the old one is forgotten, and the new one's balance
   * is read at once, in the background (a key change never waits on the network), so the bar
   * does not say "Balance —" until the next slow refresh.
   */
  connectionChanged(): void {
    this.reset();
    this.refresh().catch((error: unknown) =>
      this.#o.logger.warn('balance read after a connection change failed', {
        code: (error as { code?: string }).code,
      }),
    );
    // Rows of the new connection's mode may wait for its prices.
    this.#priceLater();
  }

  /** A new refresh interval applies at once. */
  settingsChanged(next: SettingsView, previous: SettingsView): void {
    if (next.balanceRefreshSeconds !== previous.balanceRefreshSeconds) {
      this.refreshEvery(next.balanceRefreshSeconds ?? 60);
    }
  }

  /** Stops timers and events. */
  close(): void {
    this.#closed = true;
    this.#o.clock.clearTimeout(this.#refreshTimer);
    this.#o.clock.clearTimeout(this.#slowTimer);
  }

  /**
   * The account's jobs running now: the others' as last learned, plus Kiln's own now (never
   * fewer than Kiln's own); Kiln's own alone before the record was read.
   */
  #jobsRunning(): number | undefined {
    const own = this.#ownTasks();
    if (!this.#jobs) return own > 0 ? own : undefined;
    return Math.max(own, this.#jobs.running - this.#jobs.own + own);
  }

  #sameMonth(at: number | undefined): boolean {
    return at !== undefined && monthOf(at) === monthOf(this.#o.clock.now());
  }

  #book(force: boolean): Promise<PriceBook> {
    const now = this.#o.clock.now();
    if (!force && this.#prices && now - this.#prices.at < PRICES_MAX_AGE_MS) {
      return Promise.resolve(this.#prices.book);
    }
    this.#loadingPrices ??= this.#o.api
      .prices()
      .then((list) => {
        const book = new PriceBook(list, this.#o.clock.now());
        this.#prices = { book, at: this.#o.clock.now() };
        return book;
      })
      .finally(() => {
        this.#loadingPrices = undefined;
      });
    return this.#loadingPrices;
  }

  /**
   * Fills in, in the background, the listed price of unconfirmed rows that have none. A list out
   * of reach leaves them for the next time (the next unknown call, connection or start).
   */
  #priceLater(): void {
    if (this.#closed || this.#pricingQueued || !this.#o.ledger.hasUnpriced()) return;
    this.#pricingQueued = true;
    this.#pricing = this.#pricing
      .then(async () => {
        this.#pricingQueued = false;
        if (this.#closed) return;
        const book = await this.#book(false).catch(() => undefined);
        if (book && (await this.#o.ledger.priceUnconfirmed((op) => book.price(op)))) {
          this.changed();
        }
      })
      .catch((error: unknown) =>
        this.#o.logger.warn('pricing unconfirmed calls failed', { error: String(error) }),
      );
  }

  #refreshSoon(): void {
    if (this.#closed || this.#refreshTimer !== undefined) return;
    this.#refreshTimer = this.#o.clock.setTimeout(() => {
      this.#refreshTimer = undefined;
      if (this.#closed) return;
      this.refresh().catch((error: unknown) =>
        this.#o.logger.warn('balance refresh failed', { code: (error as { code?: string }).code }),
      );
    }, BALANCE_REFRESH_DELAY_MS);
  }
}

function fromBalance(b: BalanceAnswer, now: number): Known {
  return {
    ...(b.balance_usd ? { balanceUsd: b.balance_usd } : {}),
    ...(b.month_spend_usd ? { monthSpendUsd: b.month_spend_usd } : {}),
    ...(b.monthly_limit_usd ? { monthlyLimitUsd: b.monthly_limit_usd } : {}),
    ...(b.key_month_spend_usd ? { keyMonthSpendUsd: b.key_month_spend_usd } : {}),
    ...(b.key_monthly_limit_usd ? { keyMonthlyLimitUsd: b.key_monthly_limit_usd } : {}),
    ...(b.jobs_limit !== undefined ? { jobsLimit: b.jobs_limit } : {}),
    updatedAt: now,
  };
}
