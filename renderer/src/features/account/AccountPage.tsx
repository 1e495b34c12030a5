/** The account page: billing, prices, ledger, keys and settings (issue 10 builds it). */
import { useKiln } from '../../store/StoreProvider';

/** Shown over the workspace while open. */
export function AccountPage() {
  const section = useKiln((s) => s.accountSection);
  const openAccount = useKiln((s) => s.openAccount);
  if (!section) return null;
  return (
    <section className="account-page" aria-label="Account" data-testid="account-page">
      <button type="button" onClick={() => openAccount(undefined)}>
        Close
      </button>
    </section>
  );
}
