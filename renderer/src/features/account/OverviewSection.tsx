/** The account at a glance: balance, this month against the limits, jobs, and where to top up. */
import { useLingui } from '@lingui/react/macro';
import { formatTime } from '../../../../shared/format';
import { formatUsd } from '../../../../shared/money';
import { useKiln } from '../../store/StoreProvider';
import { PlatformLink } from './PlatformLink';

const usd = (v: string | undefined, none = '—') => (v ? formatUsd(v) : none);

/** The overview tab. */
export function OverviewSection() {
  const account = useKiln((s) => s.account);
  const keyState = useKiln((s) => s.keyState);
  const refreshBalance = useKiln((s) => s.refreshBalance);
  const error = useKiln((s) => s.accountError);
  const { t } = useLingui();
  const none = t`none`;
  const jobsRunning = account?.jobsRunning;
  const jobsLimit = account?.jobsLimit ?? '?';
  const queue = account?.queue;
  const [inQueue, waiting, capacity] = [queue?.running, queue?.waiting, queue?.capacity];
  const rows: Array<[string, string, string]> = [
    [t`Balance`, usd(account?.balanceUsd), 'overview-balance'],
    [t`Spent this month`, usd(account?.monthSpendUsd), 'overview-month'],
    [t`Monthly limit of the account`, usd(account?.monthlyLimitUsd, none), 'overview-limit'],
    ...(keyState?.present
      ? ([
          [
            t`Spent this month with this key`,
            usd(account?.keyMonthSpendUsd, formatUsd('0.00')),
            'overview-key-month',
          ],
          [
            t`This key's monthly limit`,
            usd(account?.keyMonthlyLimitUsd, none),
            'overview-key-limit',
          ],
        ] as Array<[string, string, string]>)
      : []),
    [
      t`Jobs running (account)`,
      jobsRunning !== undefined ? t`${jobsRunning} of ${jobsLimit}` : '—',
      'overview-jobs',
    ],
    [
      t`Kiln's queue`,
      queue ? t`${inQueue} running, ${waiting} waiting (at most ${capacity} at once)` : '—',
      'overview-queue',
    ],
    [t`Charged by Kiln (this mode)`, usd(account?.totals.chargedUsd), 'overview-charged'],
    [t`Refunded`, usd(account?.totals.refundedUsd), 'overview-refunded'],
  ];
  const readAt = account?.updatedAt ? formatTime(account.updatedAt) : undefined;
  return (
    <div className="account-section" data-testid="account-overview">
      <p className="muted">
        {account?.mode === 'live'
          ? t`Live service: paid calls spend your prepaid balance.`
          : t`Sandbox: a built-in copy of the service. Nothing here costs real money.`}
        {readAt ? ` ${t`Last read ${readAt}.`}` : ''}
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <dl className="account-facts">
        {rows.map(([label, value, id]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd data-testid={id}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="account-actions">
        <button type="button" onClick={() => void refreshBalance()} data-testid="refresh-balance">
          {t`Refresh now`}
        </button>
        <PlatformLink label={t`Top up on the platform`} testId="overview-top-up" />
      </div>
    </div>
  );
}
