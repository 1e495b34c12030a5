/**
 * The account page, over the workspace: an overview of the balance and limits, the live prices,
 * the spend ledger, the keys and the settings, one tab each. A chunk of its own (see
 * `AccountPage`).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Tabs } from '../../ui/Tabs';
import { useBottomEdge } from '../../ui/use-bottom-edge';
import type { AccountSection } from './account-slice';
import { useKiln } from '../../store/StoreProvider';
import { KeysSection } from './KeysSection';
import { LedgerSection } from './LedgerSection';
import { OverviewSection } from './OverviewSection';
import { PricesSection } from './PricesSection';
import { SettingsSection } from './SettingsSection';
import './account.css';

const SECTIONS: ReadonlyArray<{ id: AccountSection; label: MessageDescriptor }> = [
  { id: 'billing', label: msg`Overview` },
  { id: 'prices', label: msg`Prices` },
  { id: 'ledger', label: msg`Spend` },
  { id: 'keys', label: msg`Keys` },
  { id: 'settings', label: msg`Settings` },
];

/** The page, open at `section` (Escape closes it). */
export default function AccountPageView({ section }: { readonly section: AccountSection }) {
  const openAccount = useKiln((s) => s.openAccount);
  const page = useRef<HTMLElement>(null);
  // The page opens below the header, which grows when the billing bar shows a notice: that
  // notice must stay readable and clickable.
  useBottomEdge(() => {
    const header = document.querySelector('.app-header');
    return header && page.current ? { source: header, target: page.current, fixed: true } : null;
  }, '--_header-bottom');
  const { t, i18n } = useLingui();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && openAccount(undefined);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openAccount]);
  return (
    <section className="account-page" aria-label={t`Account`} data-testid="account-page" ref={page}>
      <header className="account-head">
        <h2>
          <Trans>Account</Trans>
        </h2>
        <Tabs
          label={t`Account sections`}
          idPrefix="account"
          value={section}
          onChange={openAccount}
          tabs={SECTIONS.map(({ id, label }) => ({ id, label: i18n._(label) }))}
        />
        <button
          type="button"
          className="account-close"
          data-testid="account-close"
          onClick={() => openAccount(undefined)}
        >
          <Trans>Close</Trans>
        </button>
      </header>
      <div
        className="account-body"
        id="account-panel"
        role="tabpanel"
        aria-labelledby={`account-tab-${section}`}
      >
        {section === 'billing' ? <OverviewSection /> : null}
        {section === 'prices' ? <PricesSection /> : null}
        {section === 'ledger' ? <LedgerSection /> : null}
        {section === 'keys' ? <KeysSection /> : null}
        {section === 'settings' ? <SettingsSection /> : null}
      </div>
    </section>
  );
}
