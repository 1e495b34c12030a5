/** The billing bar of the header: balance and jobs running (issue 10 completes it). */
import { formatUsd } from '../../../../shared/money';
import { useKiln } from '../../store/StoreProvider';

/** Balance at a glance; a click opens the account page. */
export function BillingBar() {
  const account = useKiln((s) => s.account);
  const openAccount = useKiln((s) => s.openAccount);
  return (
    <button
      type="button"
      className="billing-bar"
      data-testid="billing-bar"
      onClick={() => openAccount('billing')}
    >
      Balance {account?.balanceUsd ? formatUsd(account.balanceUsd) : '—'}
    </button>
  );
}
