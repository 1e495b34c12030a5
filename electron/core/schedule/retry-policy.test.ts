/** What follows a failed send. */
import { describe, expect, it } from 'vitest';
import {
  AuthError,
  ConnectionError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from '../api/errors';
import { nextStep, type FailedSend, type RetryPolicy } from './retry-policy';

const policy: RetryPolicy = {
  maxRetries: 2,
  backoff: { baseMs: 500, capMs: 30_000 },
  random: () => 0.5,
  closed: false,
};
const poll = (over: Partial<FailedSend> = {}): FailedSend => ({
  retry: true,
  attempts: 1,
  resent: false,
  aborted: false,
  ...over,
});
const paid = (over: Partial<FailedSend> = {}) => poll({ retry: false, ...over });
const rateLimited = new RateLimitError('rate_limited', 'Too many.', { status: 429 });
const reset = new ConnectionError('connection_failed', 'reset', { reset: true });
const timeout = new TimeoutError('timeout', 'slow');

describe('nextStep', () => {
  it('backs off an idempotent request after a transient failure, the bound doubling each time', () => {
    expect(nextStep(poll(), timeout, policy)).toEqual({ kind: 'after-backoff', delayMs: 250 });
    expect(nextStep(poll({ attempts: 2 }), new ServerError('server_error', '5xx'), policy)).toEqual(
      { kind: 'after-backoff', delayMs: 500 },
    );
  });

  it('gives up after maxRetries, when closed, or at an error that is not transient', () => {
    expect(nextStep(poll({ attempts: 3 }), timeout, policy)).toEqual({ kind: 'give-up' });
    expect(nextStep(poll(), timeout, { ...policy, closed: true })).toEqual({ kind: 'give-up' });
    expect(nextStep(poll(), new AuthError('unauthorized', 'no'), policy)).toEqual({
      kind: 'give-up',
    });
  });

  it('never repeats a paid call after an ambiguous failure, but does after a 429', () => {
    expect(nextStep(paid(), timeout, policy)).toEqual({ kind: 'give-up' });
    expect(nextStep(paid(), reset, policy)).toEqual({ kind: 'give-up' });
    expect(nextStep(paid(), rateLimited, policy)).toEqual({ kind: 'after-pause' });
  });

  it('sends an idempotent request again at once after its first reset socket, outside the retries', () => {
    expect(nextStep(poll({ attempts: 3 }), reset, policy)).toEqual({ kind: 'resend-now' });
    // A second reset is an ordinary connection failure; the resend does not count as a retry.
    expect(nextStep(poll({ attempts: 3, resent: true }), reset, policy)).toEqual({
      kind: 'after-backoff',
      delayMs: 500,
    });
  });

  it('stops as cancelled a request cancelled in flight that would have gone again', () => {
    expect(nextStep(poll({ aborted: true }), timeout, policy)).toEqual({ kind: 'cancelled' });
    expect(nextStep(paid({ aborted: true }), timeout, policy)).toEqual({ kind: 'give-up' });
  });
});
