/**
 * The billing bar of the header, always visible: the balance, this month's spend against the
 * account's monthly limit (and the key's, when it has one), and the models Kiln is making in the
 * artist's words ("1 model generating"; the account's and queue's figures one click away). It warns below the user's low-balance threshold with a way to top up, says why the
 * balance could not be read (a refused key: with a way to replace it), and shows the last 402
 * refusal of the connection now as a sentence with what to do, until its cause is gone.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { compareUsd, formatUsd } from '../../../../shared/money';
import { useKiln } from '../../store/StoreProvider';
import { useConnectionJobs } from '../activity/use-connection-jobs';
import { generatingWords } from '../presence/presence-words';
import { PlatformLink } from './PlatformLink';
import { latestPaymentNotice, PAYMENT_REMEDIES } from './payment-notice';
import { errorWords } from '../../ui/error-words';
import './account.css';

/** "$1.20 of $50.00", or "$1.20 (no limit)". */
function SpendText({ spent, limit }: { spent: string | undefined; limit: string | undefined }) {
  const amount = spent ? formatUsd(spent) : '—';
  if (!limit) return <Trans>{amount} (no limit)</Trans>;
  const ceiling = formatUsd(limit);
  return (
    <Trans>
      {amount} of {ceiling}
    </Trans>
  );
}

/** The header's billing bar. */
export function BillingBar() {
  const account = useKiln((s) => s.account);
  const error = useKiln((s) => s.accountError);
  const errorCode = useKiln((s) => s.accountErrorCode);
  const lowBalance = useKiln((s) => s.settings?.lowBalanceUsd);
  const openAccount = useKiln((s) => s.openAccount);
  const jobs = useConnectionJobs();
  const dismissed = useKiln((s) => s.dismissedNotices);
  const dismissNotice = useKiln((s) => s.dismissNotice);
  const notice = useMemo(() => latestPaymentNotice(jobs, dismissed), [jobs, dismissed]);

  const balance = account?.balanceUsd;
  const low = Boolean(balance && lowBalance && compareUsd(balance, lowBalance) < 0);
  const queue = account?.queue;
  const nearLimit = (spent?: string, limit?: string) =>
    Boolean(spent && limit && compareUsd(spent, limit) >= 0);
  const remedy = notice ? PAYMENT_REMEDIES[notice.code] : undefined;
  const { t, i18n } = useLingui();
  const accountRunning = account?.jobsRunning ?? '—';
  const accountLimit = account?.jobsLimit ?? '—';
  const [kilnRunning, kilnWaiting] = [queue?.running, queue?.waiting];
  const jobsTitle = queue
    ? t`Account: ${accountRunning} of ${accountLimit} generations running (all clients); Kiln ${kilnRunning} running, ${kilnWaiting} waiting. Open the account page for details.`
    : t`Account: ${accountRunning} of ${accountLimit} generations running (all clients). Open the account page for details.`;
  const threshold = lowBalance ? formatUsd(lowBalance) : '';

  return (
    <div className="billing-bar" role="group" aria-label={t`Billing`} data-testid="billing-bar">
      <button
        type="button"
        className={`billing-item billing-balance${low ? ' is-low' : ''}`}
        data-testid="billing-balance"
        data-balance={balance ?? ''}
        onClick={() => openAccount('billing')}
        title={t`Open the account page`}
      >
        <span className="billing-label">
          <Trans>Balance</Trans>
        </span>{' '}
        {balance ? formatUsd(balance) : '—'}
      </button>
      <span
        className={`billing-item${nearLimit(account?.monthSpendUsd, account?.monthlyLimitUsd) ? ' is-low' : ''}`}
        data-testid="billing-month"
        title={t`Spent this calendar month (UTC) against the account's monthly limit`}
      >
        <span className="billing-label">
          <Trans>Month</Trans>
        </span>{' '}
        <SpendText spent={account?.monthSpendUsd} limit={account?.monthlyLimitUsd} />
      </span>
      {account?.keyMonthlyLimitUsd ? (
        <span
          className={`billing-item${nearLimit(account.keyMonthSpendUsd, account.keyMonthlyLimitUsd) ? ' is-low' : ''}`}
          data-testid="billing-key-month"
          title={t`Spent this month with this key against the key's own limit`}
        >
          <span className="billing-label">
            <Trans>Key</Trans>
          </span>{' '}
          <SpendText
            spent={account.keyMonthSpendUsd ?? '0.00'}
            limit={account.keyMonthlyLimitUsd}
          />
        </span>
      ) : null}
      <button
        type="button"
        className="billing-item"
        data-testid="billing-jobs"
        onClick={() => openAccount('billing')}
        title={jobsTitle}
      >
        {generatingWords(jobs)}
      </button>
      {low && balance && lowBalance ? (
        <span className="billing-warning" role="status" data-testid="low-balance">
          <Trans>Balance below {threshold}.</Trans>{' '}
          <PlatformLink label={t`Top up`} testId="top-up" />
        </span>
      ) : null}
      {error ? (
        <span className="billing-warning" role="alert" data-testid="account-error">
          {error}{' '}
          {errorCode === 'invalid_api_key' ? (
            <button type="button" onClick={() => openAccount('keys')} data-testid="replace-key">
              <Trans>Replace the key</Trans>
            </button>
          ) : null}
        </span>
      ) : null}
      {notice && remedy ? (
        <div
          className="billing-notice"
          role="alert"
          data-testid="payment-notice"
          data-code={notice.code}
        >
          <strong>{i18n._(remedy.title)}</strong>{' '}
          {notice.job.error ? errorWords(notice.job.error) : null}{' '}
          <PlatformLink label={i18n._(remedy.platform)} testId="payment-platform" />
          {remedy.keys ? (
            <button type="button" onClick={() => openAccount('keys')} data-testid="payment-keys">
              <Trans>Use another key</Trans>
            </button>
          ) : null}
          <button
            type="button"
            aria-label={t`Close this notice`}
            onClick={() => dismissNotice(notice.job.id)}
            data-testid="payment-dismiss"
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
