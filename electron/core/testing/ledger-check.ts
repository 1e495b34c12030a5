/**
 * The money invariants of a seeded run (the core's chaos test and the fault suite): Kiln's ledger
 * against the service's (the sandbox's), and no job paid twice. Each problem comes back as a
 * sentence; an empty list means the ledgers agree.
 */
import type { JobView } from '../../../shared/ipc/contract';
import type { LedgerView } from '../../../shared/ipc/views';
import { addUsd, subUsd, type Usd } from '../../../shared/money';

/** A row of the service's ledger, as the sandbox reports it (the fields compared here). */
export type ServiceLedgerEntry =
  | Readonly<{ type: 'charge'; id: string; operation: string; amountUsd: Usd; subject?: string }>
  | Readonly<{ type: 'refund'; chargeId: string; amountUsd: Usd }>;

type Local = LedgerView['entries'][number];
type Charge = Extract<ServiceLedgerEntry, { type: 'charge' }>;
type Refund = Extract<ServiceLedgerEntry, { type: 'refund' }>;

/** What the comparison found. */
export interface LedgerFindings {
  readonly problems: string[];
  readonly remoteCharges: number;
  readonly remoteRefunds: number;
  readonly seenById: number;
  readonly unconfirmed: number;
}

/**
 * Compares the ledgers:
 * - every charge Kiln recorded by id is the service's, same amount, recorded once;
 * - every charge Kiln saw only in headers matches one it did not see by id;
 * - every other service charge belongs to a paid call Kiln shows as of unknown outcome (so a paid
 *   call re-sent after an ambiguous failure, which the service would charge again, has nothing to
 *   match and is reported);
 * - refunds agree both ways, and the known net is equal to the cent;
 * - no job is charged twice net of refunds, and no task carries two unrefunded charges.
 */
export function compareLedgers(
  remote: readonly ServiceLedgerEntry[],
  local: readonly Local[],
  jobs: readonly JobView[],
): LedgerFindings {
  const problems: string[] = [];
  const remoteCharges = remote.filter((e): e is Charge => e.type === 'charge');
  const remoteRefunds = remote.filter((e): e is Refund => e.type === 'refund');
  const chargeById = new Map(remoteCharges.map((c) => [c.id, c]));

  const seen = new Set<string>();
  for (const entry of local.filter((e) => e.type === 'charge' && e.chargeIds.length > 0)) {
    const amounts: string[] = [];
    for (const id of entry.chargeIds) {
      if (seen.has(id)) problems.push(`charge ${id} recorded twice`);
      seen.add(id);
      const charge = chargeById.get(id);
      if (!charge) problems.push(`charge ${id} unknown to the service`);
      else amounts.push(charge.amountUsd);
    }
    if (amounts.length && addUsd(...amounts) !== entry.amountUsd) {
      problems.push(
        `charge ${entry.chargeIds.join(',')}: Kiln ${entry.amountUsd}, service ${addUsd(...amounts)}`,
      );
    }
  }
  let unseen = remoteCharges.filter((c) => !seen.has(c.id));
  const take = (match: (c: Charge) => boolean): boolean => {
    const i = unseen.findIndex(match);
    if (i < 0) return false;
    unseen = unseen.filter((_, j) => j !== i);
    return true;
  };
  for (const entry of local.filter((e) => e.type === 'charge' && e.chargeIds.length === 0)) {
    if (!take((c) => c.amountUsd === entry.amountUsd && c.operation === entry.operation)) {
      problems.push(
        `header-only charge ${entry.operation} ${entry.amountUsd} matches no service charge`,
      );
    }
  }
  const unconfirmed = local.filter((e) => e.type === 'unconfirmed');
  for (const entry of unconfirmed) take((c) => c.operation === entry.operation);
  for (const c of unseen) {
    problems.push(
      `service charge ${c.id} (${c.operation} ${c.amountUsd}) neither seen by Kiln nor shown as unknown`,
    );
  }

  const localRefunded = new Set(
    local.filter((e) => e.type === 'refund').flatMap((e) => e.chargeIds),
  );
  for (const refund of remoteRefunds.filter((r) => seen.has(r.chargeId))) {
    if (!localRefunded.has(refund.chargeId))
      problems.push(`refund of ${refund.chargeId} missing in Kiln`);
  }
  for (const id of localRefunded) {
    if (!remoteRefunds.some((r) => r.chargeId === id))
      problems.push(`refund of ${id} invented by Kiln`);
  }
  const net = (list: readonly ServiceLedgerEntry[]) =>
    list.reduce(
      (sum, e) => (e.type === 'charge' ? addUsd(sum, e.amountUsd) : subUsd(sum, e.amountUsd)),
      '0.00',
    );
  const knownRemote = remote.filter((e) => seen.has(e.type === 'charge' ? e.id : e.chargeId));
  const knownLocal = local
    .filter((e) => e.chargeIds.length > 0 && e.type !== 'unconfirmed')
    .reduce(
      (sum, e) => (e.type === 'charge' ? addUsd(sum, e.amountUsd!) : subUsd(sum, e.amountUsd!)),
      '0.00',
    );
  if (knownLocal !== net(knownRemote)) {
    problems.push(`known net differs: Kiln ${knownLocal}, service ${net(knownRemote)}`);
  }

  for (const job of jobs) {
    const mine = local.filter((e) => e.jobId === job.id);
    const charges = mine.filter((e) => e.type === 'charge').length;
    const refunds = mine.filter((e) => e.type === 'refund').length;
    if (charges - refunds > 1) problems.push(`job ${job.id} charged ${charges - refunds} times`);
    if (job.taskId) {
      const open = remoteCharges.filter(
        (c) => c.subject === job.taskId && !remoteRefunds.some((r) => r.chargeId === c.id),
      );
      if (open.length > 1) problems.push(`task of job ${job.id} charged ${open.length} times`);
    }
  }
  return {
    problems,
    remoteCharges: remoteCharges.length,
    remoteRefunds: remoteRefunds.length,
    seenById: seen.size,
    unconfirmed: unconfirmed.length,
  };
}
