/**
 * `npm run web`'s set-up, apart from its command line: Kiln's folders, its rotating, redacted log
 * (the same set-up as the desktop app's), the key store and the browser host. The host's start
 * token is a secret like the key: the log never holds it.
 */
import os from 'node:os';
import path from 'node:path';
import { TOKEN_FRAGMENT } from '../../shared/ipc/host-auth';
import { appPaths, type AppPaths } from '../core/app-paths';
import { openAppLog, type AppLog } from '../core/diagnostics/app-log';
import { KeyringSecretStore } from '../core/secrets/keyring-store';
import { MemorySecretStore, type SecretStore } from '../core/secrets/secret-store';
import { APP_SANDBOX_OPTIONS } from '../sandbox';
import { startHost, type Host, type HostOptions } from './host';

/** Options of {@link startWebHost}. */
export type WebHostOptions = Readonly<{
  rendererDir: string;
  /** Default `~/.kiln-web`. */
  dataDir?: string;
  port: number;
  appVersion: string;
  /** Keep keys for this session only, even where a keychain exists. */
  memorySecrets?: boolean;
  liveBaseUrl?: string;
  sandbox?: HostOptions['sandbox'];
  /** The live service's fetch (tests); default the global one. */
  liveFetch?: typeof fetch;
  /** Prints each log line (default: the terminal's stderr). */
  echo?: (line: string) => void;
}>;

/** A running browser host with its log. */
export type WebHost = Readonly<{ host: Host; log: AppLog; paths: AppPaths }>;

/** Starts the browser host as `npm run web` does. */
export async function startWebHost(o: WebHostOptions): Promise<WebHost> {
  const paths = appPaths(o.dataDir ?? path.join(os.homedir(), '.kiln-web'));
  const log = openAppLog({ dir: paths.logs, echo: o.echo ?? ((line) => console.error(line)) });
  let secrets: SecretStore = new MemorySecretStore();
  let insecureSecretsReason: string | undefined;
  if (!o.memorySecrets) {
    if (await KeyringSecretStore.available()) secrets = new KeyringSecretStore();
    else {
      insecureSecretsReason =
        'No OS keychain is available to the host, so a key added now is kept for this session only.';
      log.logger.warn(insecureSecretsReason);
    }
  }
  const host = await startHost({
    rendererDir: o.rendererDir,
    dataDir: paths.data,
    secrets: log.secrets(secrets),
    ...(insecureSecretsReason ? { insecureSecretsReason } : {}),
    port: o.port,
    appVersion: o.appVersion,
    liveFetch: log.fetch(o.liveFetch ?? fetch),
    logger: log.logger,
    ...(o.liveBaseUrl ? { liveBaseUrl: o.liveBaseUrl } : {}),
    // Kiln's own demo mode (the first-run samples), as the desktop app's.
    sandbox: { ...APP_SANDBOX_OPTIONS, ...o.sandbox },
  });
  // The start token rides in the address's fragment (#token=…): a secret like the key.
  log.redactor.add(new URLSearchParams(new URL(host.url).hash.slice(1)).get(TOKEN_FRAGMENT));
  log.logger.info('browser host started', {
    version: o.appVersion,
    url: host.url,
    data: paths.data,
    platform: `${process.platform} ${os.release()} (${process.arch})`,
  });
  return { host, log, paths };
}
