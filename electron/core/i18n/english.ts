/**
 * Words in English, where the core keeps English: a job's `source` (logs, diagnostics, the batch
 * CSV) beside the words the page shows in the artist's language. The message is the English
 * source text, compiled here at run time (no catalog needed: this runs in the Electron bundle and
 * in the browser host under tsx alike).
 */
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Words } from '../../../shared/words';

const english = setupI18n({ locale: 'en', messages: { en: {} } });
english.setMessagesCompiler(compileMessage);

/** `words` written in English, with their values. */
export function inEnglish(words: Words): string {
  return english._(words);
}
