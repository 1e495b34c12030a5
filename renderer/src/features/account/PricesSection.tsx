/** The live price list, grouped by what it buys; the same list prices every paid button. */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatTime } from '../../../../shared/format';
import { formatUsd } from '../../../../shared/money';
import { useKiln } from '../../store/StoreProvider';
import { groupPrices } from './price-groups';

const UNIT_WORDS: Record<string, MessageDescriptor> = {
  call: msg`per call`,
  build: msg`per build`,
  free: msg`free`,
};

/** A price's unit in words ("per call"); a unit Kiln does not know, as the service names it. */
function unitWords(unit: string, i18n: I18n): string {
  const words = UNIT_WORDS[unit];
  return words ? i18n._(words) : unit;
}

/** The prices tab. */
export function PricesSection() {
  const prices = useKiln((s) => s.prices);
  const refreshPrices = useKiln((s) => s.refreshPrices);
  const { i18n } = useLingui();
  if (!prices) {
    return (
      <div className="account-section">
        <p className="muted">
          <Trans>The price list has not been read yet.</Trans>
        </p>
        <button type="button" onClick={() => void refreshPrices()}>
          <Trans>Read it now</Trans>
        </button>
      </div>
    );
  }
  const currency = prices.currency;
  const readAt = formatTime(prices.fetchedAt);
  return (
    <div className="account-section" data-testid="account-prices">
      <p className="muted">
        <Trans>
          Live prices in {currency}, read {readAt}. Failed jobs are refunded automatically.
        </Trans>{' '}
        <button type="button" onClick={() => void refreshPrices()} data-testid="refresh-prices">
          <Trans>Read again</Trans>
        </button>
      </p>
      {groupPrices(prices.items).map((group) => (
        <section key={group.id} className="price-group" data-testid={`price-group-${group.id}`}>
          <h3>{i18n._(group.label)}</h3>
          <table className="account-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Call</Trans>
                </th>
                <th scope="col">
                  <Trans>What it does</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Price</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {group.items.map((item) => (
                <tr
                  key={`${item.operation} ${item.path ?? ''}`}
                  data-testid="price-row"
                  data-operation={item.operation}
                >
                  <td>
                    <code>{item.operation}</code>
                  </td>
                  <td>{item.description ?? ''}</td>
                  <td className="num">
                    {formatUsd(item.priceUsd)}{' '}
                    <span className="muted">{item.unit ? unitWords(item.unit, i18n) : ''}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
