/**
 * What the scheduler does with a send that failed: give up, stop as cancelled, go again at once
 * (a reset socket), go again after the 429 pause, or go again after a backoff.
 *
 * - Idempotent requests (`retry: true`) are retried after a connection failure, a timeout or a
 *   5xx, with exponential backoff and full jitter, at most `maxRetries` times. Paid calls
 *   (`retry: false`) never are: such a failure leaves open whether the service charged.
 * - A 429 `rate_limited` is a definite refusal: any request goes again after the pause.
 * - The first reset socket of an idempotent request goes again at once, outside `maxRetries`.
 */
import { ConnectionError, RateLimitError, ServerError, TimeoutError } from '../api/errors';
import { backoffDelay, type BackoffTiming } from './backoff';

/** The next step after a failed send. */
export type RetryStep =
  | { readonly kind: 'give-up' }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'resend-now' }
  | { readonly kind: 'after-pause' }
  | { readonly kind: 'after-backoff'; readonly delayMs: number };

/** What the policy needs to know of the request that failed. */
export type FailedSend = Readonly<{
  /** Whether it is idempotent. */
  retry: boolean;
  /** Sends so far, the failed one included. */
  attempts: number;
  /** Whether it was already sent again after a reset socket. */
  resent: boolean;
  /** Whether its caller cancelled it while it was in flight. */
  aborted: boolean;
}>;

/** The scheduler's retry settings. */
export type RetryPolicy = Readonly<{
  maxRetries: number;
  backoff: BackoffTiming;
  random: () => number;
  /** True once the scheduler is closed: nothing goes again. */
  closed: boolean;
}>;

/** Decides what follows the failure `error` of `send`. */
export function nextStep(send: FailedSend, error: unknown, policy: RetryPolicy): RetryStep {
  const retryable = error instanceof RateLimitError || (send.retry && isTransient(error));
  // Cancelled while in flight, and it would have gone again: it stops here, as cancelled.
  if (retryable && send.aborted) return { kind: 'cancelled' };
  if (send.retry && !send.resent && !policy.closed && isReset(error)) return { kind: 'resend-now' };
  const retries = send.attempts - (send.resent ? 1 : 0);
  if (!retryable || policy.closed || retries > policy.maxRetries) return { kind: 'give-up' };
  if (error instanceof RateLimitError) return { kind: 'after-pause' };
  return {
    kind: 'after-backoff',
    delayMs: backoffDelay(retries - 1, policy.backoff, policy.random),
  };
}

/** Failures after which an idempotent request may simply be sent again. */
function isTransient(error: unknown): boolean {
  return (
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof ServerError
  );
}

/** A connection reset before any answer (a kept-alive socket the server had closed). */
function isReset(error: unknown): boolean {
  return error instanceof ConnectionError && error.reset;
}
