/**
 * Chooses how Kiln reaches the service: with a key, the live service; without one, the built-in
 * cloud sandbox (demo mode, nothing is charged).
 */
import type { Connection } from './ports';
import type { SecretStore } from './secrets/secret-store';

/** Options of {@link chooseConnection}. */
export type ChooseConnectionOptions = Readonly<{
  secrets: SecretStore;
  /** Base URL of the live service. */
  liveBaseUrl: string;
  /** The platform's fetch for the live service. */
  liveFetch: typeof fetch;
  /** Builds the embedded sandbox connection (only called when no key is stored). */
  sandbox: () => Connection;
}>;

/** The live connection when a key is stored, else the sandbox. */
export async function chooseConnection(o: ChooseConnectionOptions): Promise<Connection> {
  const key = await o.secrets.get().catch(() => undefined);
  if (!key) return o.sandbox();
  return {
    mode: 'live',
    baseUrl: o.liveBaseUrl,
    fetch: o.liveFetch,
    apiKey: () => o.secrets.get(),
  };
}
