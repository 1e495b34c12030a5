/**
 * Typed errors of the API client. Each carries a stable `code` and a sentence for the user that
 * says what happened and what to do; none ever includes the key or a raw status line.
 */
import { KilnError } from '../../../shared/ipc/errors';
import type { ValidationItem } from '../../../shared/api/errors';
import type { BillingCapture } from './billing';

/** What an {@link ApiError} may carry besides its code and message. */
export type ApiErrorExtra = Readonly<{
  status?: number;
  field?: string;
  retryAfter?: number;
  cause?: unknown;
  /** Billing read from the headers of an answer whose body was unreadable. */
  billing?: BillingCapture;
  /** False when the request certainly never left (connection refused, unknown host). */
  sent?: boolean;
}>;

/** Base of every error the API client raises. */
export class ApiError extends KilnError {
  /** HTTP status, when an answer was received. */
  readonly status: number | undefined;
  /** Billing the headers reported although the body could not be read. */
  readonly billing: BillingCapture | undefined;
  /** False when the request certainly never reached the service; true or unknown otherwise. */
  readonly sent: boolean;
  constructor(code: string, message: string, extra: ApiErrorExtra = {}) {
    super(code, message, extra);
    this.name = new.target.name;
    this.status = extra.status;
    this.billing = extra.billing;
    this.sent = extra.sent ?? true;
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
/** 410 on a download link: it expired; the job URL hands out a fresh one, free (§3.2). */
export class LinkExpiredError extends ApiError {}
/** 5xx. */
export class ServerError extends ApiError {}
/** The answer could not be read (not JSON, or not the expected shape). */
export class MalformedAnswerError extends ApiError {}
/** No answer: the connection failed or was reset (`sent` false: it was never made). */
export class ConnectionError extends ApiError {
  /**
   * True when the connection was reset before any answer came (`ECONNRESET`, `EPIPE`, undici's
   * `UND_ERR_SOCKET` "other side closed"): what a client meets when it sends a request on a
   * kept-alive socket the server closed a moment before. Node's fetch does not say whether the
   * socket was a reused one (an `ECONNRESET` carries no socket details), so every reset before an
   * answer counts; the scheduler sends an idempotent request once more at once after one.
   */
  readonly reset: boolean;
  constructor(code: string, message: string, extra: ApiErrorExtra & { reset?: boolean } = {}) {
    super(code, message, extra);
    this.reset = extra.reset ?? false;
  }
}
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
  if (error instanceof ConnectionError) return error.sent;
  return (
    error instanceof TimeoutError ||
    error instanceof ServerError ||
    error instanceof MalformedAnswerError
  );
}

/** True when the request certainly never reached the service (safe to send again, even paid). */
export function neverSent(error: unknown): error is ApiError {
  return error instanceof ApiError && !error.sent;
}

/**
 * True when the service certainly did not act on the request: it never reached the service, or
 * the service refused it (any 4xx answer: 429, 402, 401, 403, 404, 409, 422, …).
 */
export function notActedOn(error: unknown): error is ApiError {
  const status = error instanceof ApiError ? error.status : undefined;
  return neverSent(error) || (status !== undefined && status >= 400 && status < 500);
}
