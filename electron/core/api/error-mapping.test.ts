import { describe, expect, it } from 'vitest';
import { mapErrorAnswer } from './error-mapping';
import {
  AuthError,
  ConcurrencyLimitError,
  ForbiddenError,
  NotFoundError,
  PaymentError,
  RateLimitError,
  ServerError,
  ValidationError,
} from './errors';

const coded = (error: string, extra: Record<string, unknown> = {}) => ({
  detail: { error, message: 'x', ...extra },
});

describe('mapErrorAnswer', () => {
  it('maps every documented code to its typed error with a sentence, never a status code', () => {
    const cases = [
      [401, coded('invalid_api_key'), AuthError, /revoked/],
      [402, coded('insufficient_balance'), PaymentError, /balance is too low/],
      [402, coded('monthly_limit_reached'), PaymentError, /monthly spending limit/],
      [402, coded('key_limit_reached'), PaymentError, /key's monthly/],
      [403, coded('subscription_required'), ForbiddenError, /made on the website/],
      [403, coded('session_required'), ForbiddenError, /website session/],
      [404, coded('feature_off'), NotFoundError, /not available/],
      [429, coded('too_many_jobs'), ConcurrencyLimitError, /slot frees/],
      [500, undefined, ServerError, /problem answering/],
    ] as const;
    for (const [status, body, type, text] of cases) {
      const error = mapErrorAnswer(status, body);
      expect(error, `${status}`).toBeInstanceOf(type);
      expect(error.message).toMatch(text);
      expect(error.message).not.toMatch(/\b[45]\d\d\b/);
    }
    expect(mapErrorAnswer(402, coded('key_limit_reached')).code).toBe('key_limit_reached');
  });

  it('reads retry_after from the body, else from the Retry-After header', () => {
    const fromBody = mapErrorAnswer(429, coded('rate_limited', { retry_after: 17 }));
    expect(fromBody).toBeInstanceOf(RateLimitError);
    expect(fromBody.retryAfter).toBe(17);
    expect(mapErrorAnswer(429, { detail: 'slow down' }, '9').retryAfter).toBe(9);
  });

  it('reads the plain shape', () => {
    const error = mapErrorAnswer(404, { detail: 'Task not found' });
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toContain('Task not found');
  });

  it('names the field of a 422', () => {
    const error = mapErrorAnswer(422, {
      detail: [
        {
          loc: ['query', 'poly_count'],
          msg: 'Input should be less than or equal to 1000000',
          type: 'less_than_equal',
        },
      ],
    });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.field).toBe('poly_count');
    expect(error.message).toContain('poly_count');
    expect((error as ValidationError).items).toHaveLength(1);
  });

  it('survives an unreadable body', () => {
    expect(mapErrorAnswer(503, '<html>')).toBeInstanceOf(ServerError);
    expect(mapErrorAnswer(402, null)).toBeInstanceOf(PaymentError);
  });
});
