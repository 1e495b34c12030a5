/**
 * The sentences of a job's error: what happened and what to do, never a status code (the page
 * words them by code in the artist's language, with these as the service's detail). A job's
 * notes are words of a catalog: `shared/job-notes.ts`.
 */
import { formatUsd, type Usd } from '../../../shared/money';
import { KilnError } from '../../../shared/ipc/errors';
import { ApiError, PaymentError, AuthError } from '../api/errors';

/** A generation start whose answer was lost. */
export function outcomeUnknownMessage(chargedUsd?: Usd): string {
  return chargedUsd
    ? `Kiln lost the service's answer while starting this job. The service did charge ${formatUsd(chargedUsd)}, but Kiln cannot tell which task it started. Look for the model in your library before trying again; trying again may charge a second time.`
    : 'Kiln lost contact with the service while starting this job, so it cannot tell whether the job started or was charged. Check your library and balance before trying again; trying again may charge a second time.';
}

/** A paid build whose first call's answer was lost. */
export function buildOutcomeUnknownMessage(chargedUsd?: Usd): string {
  return `Kiln lost contact with the service while starting this ${chargedUsd ? `build (charged ${formatUsd(chargedUsd)})` : 'build'}, so it cannot tell whether it started. “Retry” asks again with the identical request: the service charges a build once, so if the first request arrived you are not charged again.`;
}

/** A task that failed on the service. */
export function generationFailedMessage(serverText: string | undefined, refunded: boolean): string {
  return `The service could not build a model from this${serverText ? ` (${serverText.replace(/\.$/, '')})` : ''}.${refunded ? ' The charge is refunded automatically.' : ''}`;
}

/** A post-processing build that failed on the service. */
export function buildFailedMessage(
  serverText: string | undefined,
  refundedUsd: Usd | undefined,
): string {
  return `${serverText ? serverText.replace(/\.?$/, '.') : 'The service could not finish this.'}${refundedUsd ? ` The ${formatUsd(refundedUsd)} charge is refunded automatically.` : ''}`;
}

/** True when the user can fix the refusal and then retry safely (nothing was charged). */
export function isFixable(error: unknown): boolean {
  return (
    error instanceof PaymentError ||
    error instanceof AuthError ||
    (error instanceof ApiError && ['folder_unavailable', 'unreachable'].includes(error.code))
  );
}

/** The error's code, or `internal`. */
export function codeOf(error: unknown): string {
  return error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'internal';
}

/** The error's user-facing sentence (Kiln's own errors only; others get a generic one). */
export function messageOf(error: unknown): string {
  // Only Kiln's own errors carry sentences meant for the user; others may hold paths or internals.
  return error instanceof KilnError ? error.message : 'Kiln hit an internal error. Try again.';
}

/** A job's error as the renderer sees it: code, sentence and, for a 422, the field it names. */
export function jobError(error: unknown): { code: string; message: string; field?: string } {
  const field = error instanceof KilnError ? error.field : undefined;
  return { code: codeOf(error), message: messageOf(error), ...(field ? { field } : {}) };
}
