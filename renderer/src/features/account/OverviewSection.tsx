/** The account at a glance: balance, this month against the limits, jobs, and where to top up. */
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
  const rows: Array<[string, string, string]> = [
    ['Balance', usd(account?.balanceUsd), 'overview-balance'],
    ['Spent this month', usd(account?.monthSpendUsd), 'overview-month'],
    ['Monthly limit of the account', usd(account?.monthlyLimitUsd, 'none'), 'overview-limit'],
    ...(keyState?.present
      ? ([
          [
            'Spent this month with this key',
            usd(account?.keyMonthSpendUsd, '$0.00'),
            'overview-key-month',
          ],
          [
            "This key's monthly limit",
            usd(account?.keyMonthlyLimitUsd, 'none'),
            'overview-key-limit',
          ],
        ] as Array<[string, string, string]>)
      : []),
    [
      'Jobs running (account)',
      account?.jobsRunning !== undefined
        ? `${account.jobsRunning} of ${account.jobsLimit ?? '?'}`
        : '—',
      'overview-jobs',
    ],
    [
      "Kiln's queue",
      account
        ? `${account.queue.running} running, ${account.queue.waiting} waiting (at most ${account.queue.capacity} at once)`
        : '—',
      'overview-queue',
    ],
    ['Charged by Kiln (this mode)', usd(account?.totals.chargedUsd), 'overview-charged'],
    ['Refunded', usd(account?.totals.refundedUsd), 'overview-refunded'],
  ];
  return (
    <div className="account-section" data-testid="account-overview">
      <p className="muted">
        {account?.mode === 'live'
          ? 'Live service: paid calls spend your prepaid balance.'
          : 'Sandbox: a built-in copy of the service. Nothing here costs real money.'}
        {account?.updatedAt
          ? ` Last read ${new Date(account.updatedAt).toLocaleTimeString()}.`
          : ''}
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
          Refresh now
        </button>
        <PlatformLink label="Top up on the platform" testId="overview-top-up" />
      </div>
    </div>
  );
}
