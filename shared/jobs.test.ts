import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './api/errors';
import {
  FINAL_STATES,
  isFinal,
  isMoving,
  isPaymentCode,
  JOB_STATES,
  MOVING_STATES,
  PAYMENT_CODES,
} from './jobs';

describe('job states', () => {
  it('every state is either moving or final, never both', () => {
    expect([...MOVING_STATES, ...FINAL_STATES].sort()).toEqual([...JOB_STATES].sort());
    for (const state of JOB_STATES) expect(isMoving(state)).toBe(!isFinal(state));
  });

  it('a job waiting in Kiln or at the service moves; an unknown outcome waits for the user', () => {
    expect(isMoving('waiting')).toBe(true);
    expect(isMoving('downloading')).toBe(true);
    expect(isFinal('outcome_unknown')).toBe(true);
    expect(isFinal('cancelled')).toBe(true);
  });
});

describe('payment refusals', () => {
  it('are the three 402 codes, each one the service documents', () => {
    for (const code of PAYMENT_CODES) expect(ERROR_CODES).toContain(code);
    expect(isPaymentCode('monthly_limit_reached')).toBe(true);
    expect(isPaymentCode('rate_limited')).toBe(false);
    expect(isPaymentCode(undefined)).toBe(false);
  });
});
