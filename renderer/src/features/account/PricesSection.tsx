/** The live price list, grouped by what it buys; the same list prices every paid button. */
import { formatUsd } from '../../../../shared/money';
import { useKiln } from '../../store/StoreProvider';
import { groupPrices } from './price-groups';

const UNIT_WORDS: Record<string, string> = {
  call: 'per call',
  build: 'per build',
  free: 'free',
};

/** The prices tab. */
export function PricesSection() {
  const prices = useKiln((s) => s.prices);
  const refreshPrices = useKiln((s) => s.refreshPrices);
  if (!prices) {
    return (
      <div className="account-section">
        <p className="muted">The price list has not been read yet.</p>
        <button type="button" onClick={() => void refreshPrices()}>
          Read it now
        </button>
      </div>
    );
  }
  return (
    <div className="account-section" data-testid="account-prices">
      <p className="muted">
        Live prices in {prices.currency}, read {new Date(prices.fetchedAt).toLocaleTimeString()}.
        Failed jobs are refunded automatically.{' '}
        <button type="button" onClick={() => void refreshPrices()} data-testid="refresh-prices">
          Read again
        </button>
      </p>
      {groupPrices(prices.items).map((group) => (
        <section key={group.id} className="price-group" data-testid={`price-group-${group.id}`}>
          <h3>{group.label}</h3>
          <table className="account-table">
            <thead>
              <tr>
                <th scope="col">Call</th>
                <th scope="col">What it does</th>
                <th scope="col" className="num">
                  Price
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
                    <span className="muted">
                      {item.unit ? (UNIT_WORDS[item.unit] ?? item.unit) : ''}
                    </span>
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
