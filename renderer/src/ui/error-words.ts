/**
 * The service's and the core's error codes in the artist's language. The core writes its
 * sentences in English (it runs without Lingui); each code Kiln knows becomes a translated
 * sentence here, and the English one stays as the error's `detail`, shown after it: exact, never
 * replaced by a guess. In English the core's own sentence stays, being the more specific.
 */
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { KilnError } from '../../../shared/ipc/errors';
import { SOURCE_LOCALE } from '../../../shared/locale';

/** A sentence per code: what happened and what to do. */
const ERROR_WORDS: Readonly<Record<string, MessageDescriptor>> = {
  insufficient_balance: msg`Your balance is too low for this. Top up on the platform, then try again.`,
  monthly_limit_reached: msg`The account has reached its monthly spending limit. Raise it on the platform, or wait for next month.`,
  key_limit_reached: msg`This key has reached its monthly spending limit. Raise it on the platform or use another key.`,
  subscription_required: msg`This feature needs a subscription. Subscribe on the platform, then try again.`,
  feature_off: msg`This feature is turned off for the account. Turn it on on the platform.`,
  invalid_api_key: msg`The API key was refused. Check it in Account → API keys.`,
  session_required: msg`Sign in on the platform, then try again.`,
  rate_limited: msg`The service asks Kiln to slow down. Kiln tries again by itself shortly.`,
  too_many_jobs: msg`Too many jobs are running at once. Wait for one to finish, then try again.`,
  file_not_ready: msg`The file is not ready yet. Try again in a moment.`,
  not_found: msg`The service no longer has this. It may have been deleted.`,
  connection_failed: msg`Kiln could not reach the service. Check the connection, then try again.`,
  unreachable: msg`Kiln could not reach the service. Check the connection, then try again.`,
  timeout: msg`The service took too long to answer. Try again.`,
  server_error: msg`The service had a problem. Try again in a moment.`,
  download_failed: msg`The download did not finish. Try again.`,
  invalid_file: msg`Kiln cannot open this file.`,
  file_gone: msg`The file is no longer where Kiln left it.`,
  too_large: msg`This file is too large.`,
  invalid_input: msg`Kiln could not use what was entered.`,
  validation_failed: msg`The service did not accept these settings.`,
  internal: msg`Kiln hit an internal error. Copy the diagnostics from Help and tell us.`,
  host_unreachable: msg`Kiln lost contact with its host process. Reload the page; your jobs continue there.`,
  host_address_needed: msg`Open Kiln with the address npm run web printed in your terminal.`,
};

/**
 * An error's sentence in the active language, the core's English after it as the exact detail;
 * the English alone in English or for a code Kiln has no words for. For every error the page
 * shows: a refused call (`localizeError`), a job's failure, a refused start.
 */
export function errorWords(error: Readonly<{ code: string; message: string }>): string {
  const words = ERROR_WORDS[error.code];
  if (!words || !i18n.locale || i18n.locale === SOURCE_LOCALE) return error.message;
  return `${i18n._(words)} — ${error.message}`;
}

/** `error` put into the active language by {@link errorWords}, the English kept as its `detail`. */
export function localizeError(error: KilnError): KilnError {
  const message = errorWords(error);
  if (message === error.message) return error;
  return new KilnError(error.code, message, {
    ...(error.field !== undefined ? { field: error.field } : {}),
    ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
    detail: error.message,
    cause: error,
  });
}
