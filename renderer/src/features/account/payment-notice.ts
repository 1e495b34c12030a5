/**
 * The 402 refusals (service-api.md §7) as notices: which job met one last, and what the user can
 * do about each code.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { JobView } from '../../../../shared/ipc/contract';
import { isPaymentCode, type PaymentCode } from '../../../../shared/jobs';
import { acceptedByService } from '../activity/job-labels';

/** What to offer for each refusal (messages: shown with `i18n._`). */
export const PAYMENT_REMEDIES: Record<
  PaymentCode,
  Readonly<{ title: MessageDescriptor; platform: MessageDescriptor; keys: boolean }>
> = {
  insufficient_balance: { title: msg`Balance too low.`, platform: msg`Top up`, keys: false },
  monthly_limit_reached: {
    title: msg`Monthly limit reached.`,
    platform: msg`Raise the limit`,
    keys: false,
  },
  key_limit_reached: {
    title: msg`This key's limit reached.`,
    platform: msg`Raise the key's limit`,
    keys: true,
  },
};

/** A job the service refused for money, with its code. */
export type PaymentNotice = Readonly<{ job: JobView; code: PaymentCode }>;

const when = (job: JobView) => job.finishedAt ?? job.createdAt;

/**
 * The payment notice to show for `jobs` (those of the connection now: a refusal belongs to its
 * mode, service and key): the newest 402 refusal, unless the user closed it (closing it closes
 * the older ones too: they never come back) or its cause is gone: a job started after it was
 * accepted by the service (topped up, limit raised, or another key that works).
 */
export function latestPaymentNotice(
  jobs: readonly JobView[],
  dismissed: readonly string[],
): PaymentNotice | undefined {
  let best: PaymentNotice | undefined;
  for (const job of jobs) {
    const code = job.error?.code;
    if (!isPaymentCode(code)) continue;
    if (!best || when(job) > when(best.job)) best = { job, code };
  }
  if (!best || dismissed.includes(best.job.id)) return undefined;
  const refusedAt = when(best.job);
  if (jobs.some((job) => job.createdAt > refusedAt && acceptedByService(job))) return undefined;
  return best;
}
