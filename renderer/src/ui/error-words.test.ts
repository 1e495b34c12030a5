import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { KilnError } from '../../../shared/ipc/errors';
import { localizeError } from './error-words';

afterEach(() => i18n.activate('en'));

describe('localizeError', () => {
  const refusal = new KilnError(
    'insufficient_balance',
    'Your balance is $0.20; this build costs $0.40. Top up, then try again.',
    { retryAfter: 3 },
  );

  it("keeps the core's own English sentence in English", () => {
    expect(localizeError(refusal)).toBe(refusal);
  });

  it('puts a known code into the active language and keeps the English as the detail', () => {
    i18n.loadAndActivate({ locale: 'fr', messages: {} });
    const localized = localizeError(refusal);
    expect(localized.code).toBe('insufficient_balance');
    expect(localized.detail).toBe(refusal.message);
    expect(localized.retryAfter).toBe(3);
    // No French catalog loaded here: the source words stand in, followed by the exact detail.
    expect(localized.message).toBe(
      `Your balance is too low for this. Top up on the platform, then try again. — ${refusal.message}`,
    );
  });

  it('leaves a code it has no words for as it is', () => {
    i18n.loadAndActivate({ locale: 'de', messages: {} });
    const odd = new KilnError('some_new_code', 'Something new happened.');
    expect(localizeError(odd)).toBe(odd);
  });
});
