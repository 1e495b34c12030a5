/**
 * Demo mode: the cloud sandbox called in-process as `fetch` (no port is opened). Used by the
 * browser host and by Electron's main process when no API key is stored.
 */
import path from 'node:path';
import { createSandbox, type SandboxInternals } from './sandbox';
import type { Sandbox, SandboxOptions } from './types';

/**
 * The sandbox's origin in demo mode. `.invalid` is reserved (RFC 2606): the name can never
 * resolve, so nothing addressed to it can leave the machine.
 */
export const EMBEDDED_SANDBOX_URL = 'https://sandbox.kiln.invalid';
/** The demo account's key. It is not a secret: it only opens the local sandbox. */
export const EMBEDDED_SANDBOX_KEY = 'sk-sandbox-demo';

/**
 * The demo mode of Kiln itself (the desktop app and `npm run web`), as opposed to the tests'
 * embedded sandboxes: a new account gets the first-run sample models.
 */
export const APP_SANDBOX_OPTIONS: Readonly<SandboxOptions> = { sampleModels: true };

/**
 * How the core reaches the embedded sandbox: the shape of the core's `Connection` port, written
 * out here because the sandbox is a service of its own and imports nothing of the core (the
 * compiler checks the fit where main and the host hand it to `createServices`).
 */
export interface EmbeddedConnection {
  readonly mode: 'sandbox';
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  apiKey(): Promise<string>;
}

/** A running embedded sandbox and the connection that reaches it. */
export interface EmbeddedSandbox {
  readonly sandbox: Sandbox;
  readonly connection: EmbeddedConnection;
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
  const connection: EmbeddedConnection = {
    mode: 'sandbox',
    baseUrl: EMBEDDED_SANDBOX_URL,
    fetch: (input, init) => sandbox.fetch(new Request(input, init)),
    apiKey: async () => EMBEDDED_SANDBOX_KEY,
  };
  return { sandbox, connection };
}
