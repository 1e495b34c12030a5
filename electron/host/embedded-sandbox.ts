/**
 * Demo mode: the cloud sandbox called in-process as `fetch` (no port is opened). Used by the
 * browser host and by Electron's main process when no API key is stored.
 */
import path from 'node:path';
import { createSandbox, type Sandbox, type SandboxOptions } from '../sandbox';
import type { SandboxInternals } from '../sandbox/sandbox';
import type { Connection } from '../core/ports';

/**
 * The sandbox's origin in demo mode. `.invalid` is reserved (RFC 2606): the name can never
 * resolve, so nothing addressed to it can leave the machine.
 */
export const EMBEDDED_SANDBOX_URL = 'https://sandbox.kiln.invalid';
/** The demo account's key. It is not a secret: it only opens the local sandbox. */
export const EMBEDDED_SANDBOX_KEY = 'sk-sandbox-demo';

/** A running embedded sandbox and the connection that reaches it. */
export interface EmbeddedSandbox {
  readonly sandbox: Sandbox;
  readonly connection: Connection;
}

/**
 * Starts the embedded sandbox, persisting its account and library under `dataDir/sandbox`.
 * @param overrides sandbox options (tests use a shorter task time)
 * @param internals test hooks of the sandbox (e2e tests make a build fail)
 */
export function startEmbeddedSandbox(
  dataDir: string,
  overrides: SandboxOptions = {},
  internals: SandboxInternals = {},
): EmbeddedSandbox {
  const sandbox = createSandbox(
    {
      keys: [EMBEDDED_SANDBOX_KEY],
      dataDir: path.join(dataDir, 'sandbox'),
      baseUrl: EMBEDDED_SANDBOX_URL,
      ...overrides,
    },
    internals,
  );
  const connection: Connection = {
    mode: 'sandbox',
    baseUrl: EMBEDDED_SANDBOX_URL,
    fetch: (input, init) => sandbox.fetch(new Request(input, init)),
    apiKey: async () => EMBEDDED_SANDBOX_KEY,
  };
  return { sandbox, connection };
}
