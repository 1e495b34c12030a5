/**
 * Error answers of the service (service-api.md §7) as a throwable, so route code can bail out
 * from any depth and the app turns it into the right status, body and headers.
 */
import type { ErrorCode, ValidationItem } from '../../../shared/api/errors';

/** An error answer: status, JSON body and extra headers. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`HTTP ${status}`);
    this.name = 'ServiceError';
  }
}

/** A coded error: `{"detail": {"error", "message", ...extra}}`. */
export function codedError(
  status: number,
  error: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): ServiceError {
  return new ServiceError(status, { detail: { error, message, ...extra } }, headers);
}

/** A plain error: `{"detail": "text"}` (FastAPI's own shape, used for unknown ids). */
export function plainError(status: number, text: string): ServiceError {
  return new ServiceError(status, { detail: text });
}

/** A validation failure: 422 with FastAPI's list of items. */
export function validationError(items: ValidationItem[]): ServiceError {
  return new ServiceError(422, { detail: items });
}

/** 429 `rate_limited` with `retry_after` in the body and the `Retry-After` header. */
export function rateLimitedError(retryAfter: number, message: string): ServiceError {
  const seconds = Math.max(1, Math.ceil(retryAfter));
  return codedError(
    429,
    'rate_limited',
    message,
    { retry_after: seconds },
    { 'Retry-After': String(seconds) },
  );
}
