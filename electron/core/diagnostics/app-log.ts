/**
 * The log set-up both hosts share: one redactor, the rotating log file in the logs folder, and
 * the two places a secret enters Kiln (the key store and the live service's fetch) wrapped so
 * that the redactor learns every secret before anything could log it.
 */
import { systemClock } from '../ports';
import type { SecretStore } from '../secrets/secret-store';
import { openLogFile, type LogFile } from './log-file';
import { Redactor, redactingFetch, redactingSecretStore } from './redact';

/** The host's log and its secret guards. */
export interface AppLog {
  readonly logger: LogFile;
  readonly redactor: Redactor;
  /** The key store, its values remembered as secrets. */
  secrets(store: SecretStore): SecretStore;
  /** The live service's fetch, its bearer keys remembered as secrets. */
  fetch(fetchImpl: typeof fetch): typeof fetch;
}

/** Opens Kiln's log in `dir`; `echo` also prints each (redacted) line, e.g. to the terminal. */
export function openAppLog(
  o: Readonly<{ dir: string; echo?: (line: string) => void; maxBytes?: number }>,
): AppLog {
  const redactor = new Redactor();
  const logger = openLogFile({
    dir: o.dir,
    redactor,
    clock: systemClock,
    ...(o.echo ? { echo: o.echo } : {}),
    ...(o.maxBytes ? { maxBytes: o.maxBytes } : {}),
  });
  return {
    logger,
    redactor,
    secrets: (store) => redactingSecretStore(store, redactor),
    fetch: (fetchImpl) => redactingFetch(fetchImpl, redactor),
  };
}
