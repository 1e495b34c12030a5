/**
 * The cloud sandbox: a faithful local implementation of the service (service-api.md), as a
 * web-standard handler, an HTTP server and a CLI (cli.ts). See README.md beside this file.
 */
export { createSandbox, DEFAULT_SANDBOX_KEY, type SandboxInternals } from './sandbox';
export { serveSandbox, type ServedSandbox } from './http/server';
export type { ChaosOptions, Clock, LedgerEntry, Sandbox, SandboxOptions } from './types';
