/**
 * Typed errors of the API client. Each carries a stable `code` and a sentence for the user that
 * says what happened and what to do; none ever includes the key or a raw status line.
 */
import { KilnError } from '../../../shared/ipc/errors';
import type { ValidationItem } from '../../../shared/api/errors';

/** Base of every error the API client raises. */
export class ApiError extends KilnError {
  /** HTTP status, when an answer was received. */
  readonly status: number | undefined;
  constructor(
    code: string,
    message: string,
    extra: Readonly<{ status?: number; field?: string; retryAfter?: number; cause?: unknown }> = {},
  ) {
    super(code, message, extra);
    this.name = new.target.name;
    this.status = extra.status;
  }
}

/** 401 `invalid_api_key`: the key is missing, wrong or revoked. */
export class AuthError extends ApiError {}
/** 402: `insufficient_balance`, `monthly_limit_reached` or `key_limit_reached`. */
export class PaymentError extends ApiError {}
/** 403: `subscription_required` or `session_required`. */
export class ForbiddenError extends ApiError {}
/** 429 `rate_limited`; `retryAfter` is in seconds. */
export class RateLimitError extends ApiError {}
/** 429 `too_many_jobs`: the account already runs its 5 generations. */
export class ConcurrencyLimitError extends ApiError {}
/** 422: the service refused a parameter; `items` name the fields. */
export class ValidationError extends ApiError {
  readonly items: readonly ValidationItem[];
  constructor(message: string, items: readonly ValidationItem[], field?: string) {
    super('validation_failed', message, { status: 422, ...(field ? { field } : {}) });
    this.items = items;
  }
}
/** 404 (or `feature_off`). */
export class NotFoundError extends ApiError {}
/** 409 `file_not_ready` and other conflicts. */
export class ConflictError extends ApiError {}
/** 5xx. */
export class ServerError extends ApiError {}
/** The answer could not be read (not JSON, or not the expected shape). */
export class MalformedAnswerError extends ApiError {}
/** No answer: the connection failed or was reset. */
export class ConnectionError extends ApiError {}
/** No answer in time. */
export class TimeoutError extends ApiError {}
/** The request was cancelled by Kiln or the user. */
export class CancelledError extends ApiError {}
/**
 * A paid call failed in a way that leaves it unknown whether the service acted on it (timeout,
 * reset after sending, 5xx, unreadable 2xx). Never retried automatically: the user decides.
 */
export class OutcomeUnknownError extends ApiError {}

/**
 * True when a failure of a request leaves open whether the service acted on it. Such failures
 * must not be retried for paid calls.
 */
export function isAmbiguous(error: unknown): boolean {
  return (
    error instanceof TimeoutError ||
    error instanceof ConnectionError ||
    error instanceof ServerError ||
    error instanceof MalformedAnswerError
  );
}
