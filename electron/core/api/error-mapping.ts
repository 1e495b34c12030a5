/**
 * Turns a non-2xx answer of the service into a typed {@link ApiError} with a sentence a user can
 * act on. Both error shapes of service-api.md §7 (coded and plain) and the 422 list are read;
 * an unreadable body still yields an error that names the HTTP outcome in words.
 */
import { ErrorBodySchema, type ValidationItem } from '../../../shared/api/errors';
import { formatUsd, isUsd } from '../../../shared/money';
import {
  ApiError,
  AuthError,
  ConcurrencyLimitError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PaymentError,
  RateLimitError,
  ServerError,
  ValidationError,
} from './errors';

/** The field name a 422 item is about ("poly_count"), from its `loc`. */
export function fieldOf(item: ValidationItem): string | undefined {
  const parts = item.loc.filter((p) => !['query', 'body', 'path', 'header'].includes(String(p)));
  return parts.length ? parts.join('.') : undefined;
}

const PAYMENT_MESSAGES: Record<string, string> = {
  insufficient_balance:
    'Your balance is too low for this. Top up your balance on the platform and try again.',
  monthly_limit_reached:
    "Your account's monthly spending limit is reached. Raise the limit on the platform or wait for next month.",
  key_limit_reached:
    "This key's monthly spending limit is reached. Raise the key's limit on the platform or use another key.",
};

/**
 * Maps an error answer to a typed error.
 * @param status HTTP status
 * @param body the parsed JSON body, or undefined when it was not JSON
 * @param retryAfterHeader the `Retry-After` header, if any
 */
export function mapErrorAnswer(
  status: number,
  body: unknown,
  retryAfterHeader?: string | null,
): ApiError {
  const parsed = ErrorBodySchema.safeParse(body);
  const detail = parsed.success ? parsed.data.detail : undefined;
  const serverText =
    typeof detail === 'string'
      ? detail
      : detail && !Array.isArray(detail)
        ? detail.message
        : undefined;
  const code =
    detail && typeof detail === 'object' && !Array.isArray(detail) ? detail.error : undefined;

  if (status === 422 && Array.isArray(detail)) {
    const first = detail[0];
    const field = first ? fieldOf(first) : undefined;
    const message = first
      ? `The service refused ${field ? `“${field}”` : 'a setting'}: ${first.msg}.`
      : 'The service refused the request’s settings.';
    return new ValidationError(message, detail, field);
  }
  const extra = { status };
  switch (status) {
    case 401:
      return new AuthError(
        code ?? 'invalid_api_key',
        'The API key was refused: it is missing, wrong or has been revoked. Replace it in Account → Keys.',
        extra,
      );
    case 402:
      return new PaymentError(
        code ?? 'insufficient_balance',
        paymentMessage(code, detail) ??
          PAYMENT_MESSAGES[code ?? ''] ??
          serverText ??
          'This call needs more balance. Top up and try again.',
        extra,
      );
    case 403:
      return new ForbiddenError(
        code ?? 'forbidden',
        code === 'subscription_required'
          ? 'This model was made on the website: exporting or downloading it needs a plan or a one-off unlock on the platform.'
          : code === 'session_required'
            ? 'This needs a signed-in website session; it cannot be done with an API key.'
            : (serverText ?? 'The service does not allow this.'),
        extra,
      );
    case 404:
      return new NotFoundError(
        code ?? 'not_found',
        code === 'feature_off'
          ? 'This feature is not available to your account yet.'
          : `Not found on the service${serverText ? `: ${serverText}` : ''}.`,
        extra,
      );
    case 409:
      return new ConflictError(
        code ?? 'conflict',
        code === 'file_not_ready'
          ? 'The model file is not ready yet. Kiln will try again shortly.'
          : (serverText ?? 'The service reported a conflict.'),
        extra,
      );
    case 429: {
      const retryAfter = retryAfterOf(detail, retryAfterHeader);
      if (code === 'too_many_jobs') {
        return new ConcurrencyLimitError(
          code,
          'Your account already runs as many generations as it may (5). Kiln will start this one when a slot frees.',
          extra,
        );
      }
      return new RateLimitError(
        code ?? 'rate_limited',
        `Too many requests: the service asks Kiln to wait${retryAfter ? ` ${retryAfter} s` : ''}.`,
        { ...extra, ...(retryAfter !== undefined ? { retryAfter } : {}) },
      );
    }
  }
  if (status >= 500) {
    return new ServerError(
      'server_error',
      'The service had a problem answering. Try again in a moment.',
      extra,
    );
  }
  return new ApiError(
    code ?? 'http_error',
    serverText ?? 'The service refused the request.',
    extra,
  );
}

/**
 * A 402 sentence with the amounts, when the body carries them (the sandbox adds `cost_usd`,
 * `balance_usd`, `limit_usd` and `month_spend_usd`; the document does not show them).
 */
function paymentMessage(code: string | undefined, detail: unknown): string | undefined {
  if (!detail || typeof detail !== 'object' || Array.isArray(detail)) return undefined;
  const usd = (name: string): string | undefined => {
    const v = (detail as Record<string, unknown>)[name];
    return typeof v === 'string' && isUsd(v) ? formatUsd(v) : undefined;
  };
  const cost = usd('cost_usd');
  if (!cost) return undefined;
  if (code === 'insufficient_balance' || code === undefined) {
    const balance = usd('balance_usd');
    return balance
      ? `Balance too low: ${cost} needed, ${balance} left. Top up your balance on the platform and try again.`
      : undefined;
  }
  const limit = usd('limit_usd');
  const spent = usd('month_spend_usd');
  if (!limit || !spent) return undefined;
  return code === 'key_limit_reached'
    ? `This key's monthly limit of ${limit} is reached (${spent} spent this month; this call costs ${cost}). Raise the key's limit on the platform or use another key.`
    : `Your account's monthly limit of ${limit} is reached (${spent} spent this month; this call costs ${cost}). Raise the limit on the platform or wait for next month.`;
}

function retryAfterOf(detail: unknown, header?: string | null): number | undefined {
  if (detail && typeof detail === 'object' && 'retry_after' in detail) {
    const v = (detail as { retry_after?: unknown }).retry_after;
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
  }
  const h = header ? Number(header) : NaN;
  return Number.isFinite(h) && h >= 0 ? h : undefined;
}
