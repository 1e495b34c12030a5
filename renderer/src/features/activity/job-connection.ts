/**
 * Which jobs belong to the connection Kiln uses now: Activity, its badge and the payment notices
 * show those only, as the library and the ledger do. A sandbox job is not listed while Kiln is
 * live, a live one not in the sandbox, and a live one only with its own service address and key.
 */
import type { JobView, KeyStateView } from '../../../../shared/ipc/contract';

/** The part of the key state that names the connection now. */
export type CurrentConnection = Pick<KeyStateView, 'mode' | 'origin' | 'activeId'>;

/**
 * True when `job` (or a batch) was started on the connection `now`. One of a version that did
 * not record its connection, or any before the key state is known, counts as everyone's.
 */
export function ofConnection(
  job: Pick<JobView, 'connection'>,
  now: CurrentConnection | undefined,
): boolean {
  const c = job.connection;
  if (!c || !now) return true;
  if (c.mode !== now.mode) return false;
  if (c.mode === 'sandbox') return true;
  return c.origin === now.origin && (c.keyId === undefined || c.keyId === now.activeId);
}

/** The jobs of the connection now, in their order. */
export function connectionJobs(
  jobs: readonly JobView[],
  now: CurrentConnection | undefined,
): JobView[] {
  return jobs.filter((job) => ofConnection(job, now));
}
