/**
 * The spend ledger: every charge, refund and paid call of unknown outcome Kiln saw in this mode,
 * filtered by type, operation and month, with the sums of what is shown, month totals, and an
 * export of the shown rows as CSV into the export folder.
 */
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { formatDateTime, formatNumber } from '../../../../shared/format';
import type { LedgerFilter } from '../../../../shared/ipc/contract';
import { formatUsd } from '../../../../shared/money';
import { useKiln } from '../../store/StoreProvider';

type LedgerType = 'charge' | 'refund' | 'unconfirmed';

/** A row's type, in the table. */
const TYPE_WORDS: Record<LedgerType, MessageDescriptor> = {
  charge: msg`Charge`,
  refund: msg`Refund`,
  unconfirmed: msg`Unconfirmed`,
};

/** The types, in the type filter. */
const TYPE_FILTER_WORDS: Record<LedgerType, MessageDescriptor> = {
  charge: msg`Charges`,
  refund: msg`Refunds`,
  unconfirmed: msg`Unconfirmeds`,
};

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
        <option value="">
          <Trans>All</Trans>
        </option>
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
  const { i18n } = useLingui();
  if (!ledger) return null;
  return (
    <>
      {ledger.entries.length ? (
        <table className="account-table" data-testid="ledger-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Time</Trans>
              </th>
              <th scope="col">
                <Trans>Type</Trans>
              </th>
              <th scope="col">
                <Trans>Operation</Trans>
              </th>
              <th scope="col">
                <Trans>Job</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Amount</Trans>
              </th>
              <th scope="col">
                <Trans>Charge ids</Trans>
              </th>
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
                <td>{formatDateTime(e.at)}</td>
                <td>{i18n._(TYPE_WORDS[e.type])}</td>
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
          {filter.type || filter.operation || filter.month ? (
            <Trans>No rows match this filter.</Trans>
          ) : (
            <Trans>No rows yet.</Trans>
          )}
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
          <h3>
            <Trans>Month totals</Trans>
          </h3>
          <table className="account-table" data-testid="ledger-months">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Month</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Charged</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Refunded</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Net</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Rows</Trans>
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
                  <td className="num">{formatNumber(m.count)}</td>
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
  const { t, i18n } = useLingui();

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
      ({ rows, path }) =>
        setStatus({
          text: t`Saved ${plural(rows, { one: '# row', other: '# rows' })} to ${path}`,
          error: false,
        }),
      (e: unknown) => setStatus({ text: (e as Error).message, error: true }),
    );

  if (!ledger) {
    return (
      <p className="muted account-section">
        <Trans>Reading the ledger…</Trans>
      </p>
    );
  }
  const shown = ledger.selection;
  const [charged, refunded, net] = [
    formatUsd(shown.chargedUsd),
    formatUsd(shown.refundedUsd),
    formatUsd(shown.netUsd),
  ];
  const unconfirmed = shown.unconfirmedCount;
  const unconfirmedUpTo = formatUsd(shown.unconfirmedUsd);
  return (
    <div className="account-section" data-testid="account-ledger">
      <p className="muted">
        {mode === 'live' ? (
          <Trans>What Kiln saw in live mode.</Trans>
        ) : (
          <Trans>What Kiln saw in sandbox mode.</Trans>
        )}{' '}
        <Trans>
          Refunds follow failed jobs; unconfirmed rows are paid calls whose answer never arrived
          (they may have been charged).
        </Trans>
      </p>
      <div className="ledger-filters" role="group" aria-label={t`Filter the ledger`}>
        <FilterSelect
          label={t`Type`}
          testId="ledger-type"
          value={filter.type}
          options={Object.entries(TYPE_FILTER_WORDS).map(([v, label]) => [v, i18n._(label)])}
          onChange={(v) => change({ type: v as NonNullable<LedgerFilter>['type'] })}
        />
        <FilterSelect
          label={t`Operation`}
          testId="ledger-operation"
          value={filter.operation}
          options={ledger.operations.map((op) => [op, op])}
          onChange={(operation) => change({ operation })}
        />
        <FilterSelect
          label={t`Month`}
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
          <Trans>Export CSV</Trans>
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
        data-charged={shown.chargedUsd}
        data-refunded={shown.refundedUsd}
        data-net={shown.netUsd}
      >
        {unconfirmed ? (
          <Trans>
            Shown: charged {charged}, refunded {refunded}, net <strong>{net}</strong>; {unconfirmed}{' '}
            unconfirmed (up to {unconfirmedUpTo})
          </Trans>
        ) : (
          <Trans>
            Shown: charged {charged}, refunded {refunded}, net <strong>{net}</strong>
          </Trans>
        )}
      </p>
      <LedgerRows />
      <MonthTotals />
    </div>
  );
}
