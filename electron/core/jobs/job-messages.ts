/**
 * The sentences jobs show the user: what happened and what to do, never a status code.
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

/** A running job Kiln cannot check on: the service refuses the key (revoked or replaced). */
export const KEY_REFUSED_WHILE_RUNNING =
  'Kiln cannot check on this job: the service refused the API key. Replace the key in Account → Keys; the job keeps running on the service and Kiln picks it up again.';

/** Waiting for one of the account's job slots. */
export function slotMessage(capacity: number): string {
  return `Waiting for a free slot: your account runs at most ${capacity} generations at once. This one starts by itself when one finishes.`;
}

/** The service said the account's slots are full (jobs of another app or device, or unknown ones). */
export const ACCOUNT_FULL_MESSAGE =
  'Waiting: the service says your account already runs as many generations as it may. This one starts by itself when a slot frees.';

/** A paid call the service refused for the rate limit: it waits out the pause, then goes. */
export const RATE_LIMITED_NOTE =
  'The service asked Kiln to slow down (too many requests this minute), so nothing was sent or charged. Kiln sends it as soon as the service allows.';

/** The service cannot be reached; nothing was sent. */
export function unreachableMessage(seconds: number): string {
  return `Kiln cannot reach the service, so nothing was sent or charged. It tries again in ${Math.max(1, Math.round(seconds))} s.`;
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

/** What a compatible-GLB conversion made, in a sentence (textures, size, and a missed budget). */
export function convertedNote(
  report: Readonly<{
    bytes: number;
    textures: ReadonlyArray<{ from: string; to: string }>;
    extensionsRequired: readonly string[];
    withinBudget: boolean;
  }>,
): string {
  const kinds = (mime: string) => mime.replace('image/', '').toUpperCase();
  const changed = report.textures.filter((t) => t.from !== t.to);
  const textures =
    changed.length > 0
      ? `${changed.length} texture${changed.length > 1 ? 's' : ''} re-encoded (${[...new Set(changed.map((t) => `${kinds(t.from)} → ${kinds(t.to)}`))].join(', ')})`
      : 'textures already PNG/JPEG';
  const mb = (report.bytes / (1024 * 1024)).toFixed(1);
  const required =
    report.extensionsRequired.length > 0
      ? ` Needs ${report.extensionsRequired.join(' and ')} (the compression you chose).`
      : ' Opens in every glTF 2.0 importer.';
  const budget = report.withinBudget
    ? ''
    : ' The size budget could not be met even with the smallest textures: this is the smallest file Kiln could make.';
  return `Compatible GLB, ${mb} MB: ${textures}.${required}${budget}`;
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
