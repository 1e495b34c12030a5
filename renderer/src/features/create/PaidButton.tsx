/**
 * A paid button of the Create area: its price and the balance after it under it, disabled with
 * the reason when the balance cannot cover it, and the confirmation above the user's threshold.
 * Nothing is sent while a start is being sent (the store's busy flag), so nothing is sent twice.
 */
import { useLingui } from '@lingui/react/macro';
import { CostLine, usePaidAction } from '../billing/use-paid-action';
import type { CostItem } from '../billing/cost';
import { useKiln } from '../../store/StoreProvider';

/** Props of {@link PaidButton}. */
export interface PaidButtonProps {
  items: readonly CostItem[];
  label: string;
  /** What the confirmation says is being bought. */
  what: string;
  testId: string;
  /**
   * Checks the form and returns true when it may be sent (false: the reasons are at the fields
   * and nothing is sent). Runs before any confirmation.
   */
  validate(): boolean;
  run(): Promise<unknown>;
  /** A reason the button cannot be used yet (no photo…), shown as its description. */
  blockedBy?: string | undefined;
  primary?: boolean;
}

/** A Create button that spends. */
export function PaidButton({
  items,
  label,
  what,
  testId,
  validate,
  run,
  blockedBy,
  primary = true,
}: PaidButtonProps) {
  const paid = usePaidAction(items);
  const busy = useKiln((s) => s.createBusy);
  const { t } = useLingui();
  const reason = paid.quote.insufficient ? t`not enough balance` : blockedBy;
  return (
    <div className="paid-action">
      <button
        type="button"
        className={primary ? 'primary' : undefined}
        data-testid={testId}
        disabled={busy || paid.quote.insufficient || blockedBy !== undefined}
        title={reason}
        onClick={() => {
          if (validate()) void paid.guard(run, what);
        }}
      >
        {busy ? t`Sending…` : label}
      </button>
      <CostLine action={paid} />
      {blockedBy && !paid.quote.insufficient ? (
        <p className="muted hint" data-testid={`${testId}-blocked`}>
          {blockedBy}
        </p>
      ) : null}
      {paid.dialog}
    </div>
  );
}
