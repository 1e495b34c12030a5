/**
 * The cloud sandbox: a faithful local implementation of the service (service-api.md), as a
 * web-standard handler, an HTTP server, a CLI (cli.ts) and the embedded demo mode (embedded.ts).
 * See README.md beside this file.
 */
export { createSandbox, DEFAULT_SANDBOX_KEY, type SandboxInternals } from './sandbox';
export { serveSandbox, type ServedSandbox } from './http/server';
export {
  APP_SANDBOX_OPTIONS,
  EMBEDDED_SANDBOX_KEY,
  EMBEDDED_SANDBOX_URL,
  startEmbeddedSandbox,
  type EmbeddedSandbox,
} from './embedded';
export type { ChaosOptions, Clock, LedgerEntry, Sandbox, SandboxOptions } from './types';
