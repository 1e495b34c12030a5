/**
 * The spend ledger: every charge, refund and paid call of unknown outcome Kiln saw in this mode,
 * filtered by type, operation and month, with the sums of what is shown, month totals, and an
 * export of the shown rows as CSV into the export folder.
 */
import { useEffect, useState } from 'react';
import type { LedgerFilter } from '../../../../shared/ipc/contract';
import { formatUsd } from '../../../../shared/money';
import { useKiln } from '../../store/StoreProvider';

const TYPE_WORDS = { charge: 'Charge', refund: 'Refund', unconfirmed: 'Unconfirmed' } as const;

/** One ledger filter: "All" (undefined) or one of `options` (`[value, label]`). */
function FilterSelect(props: {
  label: string;
  testId: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <label>
      {props.label}
      <select
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value || undefined)}
        data-testid={props.testId}
      >
        <option value="">All</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The rows shown, newest first, or why there are none. */
function LedgerRows() {
  const ledger = useKiln((s) => s.ledger);
  const filter = useKiln((s) => s.ledgerFilter);
  if (!ledger) return null;
  return (
    <>
      {ledger.entries.length ? (
        <table className="account-table" data-testid="ledger-table">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Type</th>
              <th scope="col">Operation</th>
              <th scope="col">Job</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Charge ids</th>
            </tr>
          </thead>
          <tbody>
            {[...ledger.entries].reverse().map((e) => (
              <tr
                key={e.id}
                data-testid="ledger-row"
                data-type={e.type}
                data-amount={e.amountUsd ?? ''}
              >
                <td>{new Date(e.at).toLocaleString()}</td>
                <td>{TYPE_WORDS[e.type]}</td>
                <td>
                  <code>{e.operation}</code>
                </td>
                <td className="mono">{e.jobId ? e.jobId.slice(0, 8) : '—'}</td>
                <td className="num">
                  {e.amountUsd ? `${e.type === 'refund' ? '−' : ''}${formatUsd(e.amountUsd)}` : '?'}
                </td>
                <td className="mono">
                  {[...e.chargeIds, ...(e.refundId ? [e.refundId] : [])].join(' ') || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted" data-testid="ledger-empty">
          No rows{filter.type || filter.operation || filter.month ? ' match this filter' : ' yet'}.
        </p>
      )}
    </>
  );
}

/** The month totals of the shown rows. */
function MonthTotals() {
  const ledger = useKiln((s) => s.ledger);
  if (!ledger) return null;
  return (
    <>
      {ledger.months.length ? (
        <section>
          <h3>Month totals</h3>
          <table className="account-table" data-testid="ledger-months">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" className="num">
                  Charged
                </th>
                <th scope="col" className="num">
                  Refunded
                </th>
                <th scope="col" className="num">
                  Net
                </th>
                <th scope="col" className="num">
                  Rows
                </th>
              </tr>
            </thead>
            <tbody>
              {ledger.months.map((m) => (
                <tr
                  key={m.month}
                  data-testid="ledger-month-row"
                  data-month={m.month}
                  data-net={m.netUsd}
                >
                  <td>{m.month}</td>
                  <td className="num">{formatUsd(m.chargedUsd)}</td>
                  <td className="num">{formatUsd(m.refundedUsd)}</td>
                  <td className="num">{formatUsd(m.netUsd)}</td>
                  <td className="num">{m.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}

/** The spend tab. */
export function LedgerSection() {
  const ledger = useKiln((s) => s.ledger);
  const filter = useKiln((s) => s.ledgerFilter);
  const loadLedger = useKiln((s) => s.loadLedger);
  const exportLedger = useKiln((s) => s.exportLedger);
  const mode = useKiln((s) => s.keyState?.mode);
  const [status, setStatus] = useState<{ text: string; error: boolean } | undefined>();

  useEffect(() => {
    void loadLedger();
  }, [loadLedger]);

  const change = (patch: NonNullable<LedgerFilter>) => {
    const next = { ...filter, ...patch };
    for (const k of Object.keys(next) as Array<keyof typeof next>) if (!next[k]) delete next[k];
    setStatus(undefined);
    void loadLedger(next);
  };
  const onExport = () =>
    void exportLedger().then(
      (r) =>
        setStatus({
          text: `Saved ${r.rows} row${r.rows === 1 ? '' : 's'} to ${r.path}`,
          error: false,
        }),
      (e: unknown) => setStatus({ text: (e as Error).message, error: true }),
    );

  if (!ledger) return <p className="muted account-section">Reading the ledger…</p>;
  const t = ledger.selection;
  return (
    <div className="account-section" data-testid="account-ledger">
      <p className="muted">
        What Kiln saw in {mode === 'live' ? 'live' : 'sandbox'} mode. Refunds follow failed jobs;
        unconfirmed rows are paid calls whose answer never arrived (they may have been charged).
      </p>
      <div className="ledger-filters" role="group" aria-label="Filter the ledger">
        <FilterSelect
          label="Type"
          testId="ledger-type"
          value={filter.type}
          options={Object.entries(TYPE_WORDS).map(([v, label]) => [v, `${label}s`])}
          onChange={(v) => change({ type: v as NonNullable<LedgerFilter>['type'] })}
        />
        <FilterSelect
          label="Operation"
          testId="ledger-operation"
          value={filter.operation}
          options={ledger.operations.map((op) => [op, op])}
          onChange={(operation) => change({ operation })}
        />
        <FilterSelect
          label="Month"
          testId="ledger-month"
          value={filter.month}
          options={ledger.months.map((m) => [m.month, m.month])}
          onChange={(month) => change({ month })}
        />
        <button
          type="button"
          onClick={onExport}
          data-testid="ledger-export"
          disabled={!ledger.entries.length}
        >
          Export CSV
        </button>
      </div>
      {status ? (
        <p
          className={status.error ? 'field-error' : 'ok-text'}
          role="status"
          data-testid="ledger-export-status"
        >
          {status.text}
        </p>
      ) : null}
      <p
        className="ledger-sums"
        data-testid="ledger-selection"
        data-charged={t.chargedUsd}
        data-refunded={t.refundedUsd}
        data-net={t.netUsd}
      >
        Shown: charged {formatUsd(t.chargedUsd)}, refunded {formatUsd(t.refundedUsd)}, net{' '}
        <strong>{formatUsd(t.netUsd)}</strong>
        {t.unconfirmedCount
          ? `; ${t.unconfirmedCount} unconfirmed (up to ${formatUsd(t.unconfirmedUsd)})`
          : ''}
      </p>
      <LedgerRows />
      <MonthTotals />
    </div>
  );
}
