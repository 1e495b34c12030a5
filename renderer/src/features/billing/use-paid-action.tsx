/**
 * The one way a paid button runs: it prices the action from the live price list, words the cost
 * and the balance after it, and asks for confirmation above the user's threshold before anything
 * is sent. Create, the post-processing panels and batches all use it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AccountView } from '../../../../shared/ipc/contract';
import { formatUsd } from '../../../../shared/money';
import { useKiln } from '../../store/StoreProvider';
import { describeQuote, needsConfirmation, quote, type CostItem, type Quote } from './cost';

/** What a paid button needs. */
export interface PaidAction {
  readonly quote: Quote;
  /** "$0.40 · balance $12.30 → $11.90". */
  readonly costText: string;
  /**
   * Runs `action` after the user confirmed (when the threshold asks for it); resolves false when
   * the user declined, so nothing was sent.
   */
  guard(action: () => Promise<unknown>, what: string): Promise<boolean>;
  /** The confirmation dialog: render it once beside the button. */
  readonly dialog: ReactNode;
}

/**
 * Prices `items` and guards the action that spends them. With `notCharged` (why the service will
 * not charge it: a repeat of a build it made), the action is free and that reason is its cost.
 */
export function usePaidAction(
  items: readonly CostItem[],
  notCharged?: string | undefined,
): PaidAction {
  const prices = useKiln((s) => s.prices);
  const account = useKiln((s) => s.account);
  // The cost is worded in the active language: a language change re-renders the button.
  const { t } = useLingui();
  const confirmAbove = useKiln((s) => s.settings?.confirmAboveUsd);
  const key = items.map((i) => `${i.operation}×${i.count ?? 1}`).join(',');
  const q = useMemo(
    () => (notCharged ? notChargedQuote(account) : quote(items, prices, account)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `items`' contents
    [key, prices, account, notCharged],
  );
  const threshold = confirmAbove ? formatUsd(confirmAbove) : '';
  const [asking, setAsking] = useState<{ what: string; quote: Quote } | undefined>();
  const answer = useRef<(ok: boolean) => void>(undefined);

  const guard = useCallback(
    async (action: () => Promise<unknown>, what: string) => {
      if (needsConfirmation(q, confirmAbove)) {
        const ok = await new Promise<boolean>((resolve) => {
          answer.current = resolve;
          setAsking({ what, quote: q });
        });
        setAsking(undefined);
        if (!ok) return false;
      }
      await action();
      return true;
    },
    [q, confirmAbove],
  );

  const askingWhat = asking?.what;
  const askingCost = asking ? describeQuote(asking.quote) : '';
  const dialog = asking ? (
    <div className="confirm-backdrop">
      <div
        className="confirm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-spend-title"
        data-testid="confirm-spend"
      >
        <h3 id="confirm-spend-title">
          <SpendTitle totalUsd={asking.quote.totalUsd} />
        </h3>
        <p>{t`${askingWhat}: ${askingCost}.`}</p>
        <p className="muted">
          <Trans>You asked Kiln to confirm paid actions above {threshold} (Settings).</Trans>
        </p>
        <div className="confirm-actions">
          <button type="button" onClick={() => answer.current?.(false)} data-testid="confirm-no">
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="primary"
            autoFocus
            onClick={() => answer.current?.(true)}
            data-testid="confirm-yes"
          >
            <Trans>Spend and start</Trans>
          </button>
        </div>
      </div>
    </div>
  ) : null;

  return { quote: q, costText: notCharged ?? describeQuote(q), guard, dialog };
}

/** The confirmation's question: "Spend $0.40?". */
function SpendTitle({ totalUsd }: { totalUsd: string | undefined }) {
  if (!totalUsd) return <Trans>Spend an unknown amount?</Trans>;
  const amount = formatUsd(totalUsd);
  return <Trans>Spend {amount}?</Trans>;
}

/** The quote of an action the service will not charge. */
function notChargedQuote(account: AccountView | undefined): Quote {
  const balanceUsd = account?.balanceUsd;
  return {
    totalUsd: '0.00',
    unknown: [],
    balanceUsd,
    balanceAfterUsd: balanceUsd,
    insufficient: false,
    free: true,
  };
}

/** The cost line under a paid button. */
export function CostLine({ action }: { action: PaidAction }) {
  const { t } = useLingui();
  const cost = action.costText;
  return (
    <p
      className={`cost-line${action.quote.insufficient ? ' cost-line-short' : ''}`}
      data-testid="cost-line"
    >
      {action.quote.insufficient ? t`${cost} — not enough balance: top up first` : cost}
    </p>
  );
}
