/**
 * `npm run web`: runs Kiln in a browser where Electron cannot run.
 *
 *   tsx electron/host/cli.ts [--port N] [--data-dir DIR] [--open] [--base-url URL]
 *                            [--memory-secrets] [--task-seconds N] [model.glb …]
 *
 * Model files named on the command line open in the page, as files opened with the desktop app do.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { KeyringSecretStore } from '../core/secrets/keyring-store';
import { MemorySecretStore, type SecretStore } from '../core/secrets/secret-store';
import { startHost } from './host';

const root = path.resolve(import.meta.dirname, '..', '..');

async function main(): Promise<void> {
  let args;
  let positionals: string[];
  try {
    ({ values: args, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        port: { type: 'string', default: '5317' },
        'data-dir': { type: 'string' },
        open: { type: 'boolean', default: false },
        'base-url': { type: 'string' },
        'memory-secrets': { type: 'boolean', default: false },
        'task-seconds': { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(
      `${(error as Error).message}\nUsage: npm run web -- [--port N] [--data-dir DIR] [--open]`,
    );
    process.exit(2);
  }
  const port = Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number (0 = any free port), not "${args.port}".`);
    process.exit(2);
  }
  // The safety net: a fault nobody handled is logged and the host keeps serving its page (its
  // jobs and key live here); ending the process would lose more than the one failed request.
  process.on('uncaughtException', (error) =>
    console.error('[kiln] error: an unexpected fault was caught; Kiln keeps running', error),
  );
  process.on('unhandledRejection', (reason) =>
    console.error('[kiln] error: an unexpected fault was caught; Kiln keeps running', reason),
  );
  let secrets: SecretStore = new MemorySecretStore();
  let insecureSecretsReason: string | undefined;
  if (!args['memory-secrets']) {
    if (await KeyringSecretStore.available()) secrets = new KeyringSecretStore();
    else {
      insecureSecretsReason =
        'No OS keychain is available to the host, so a key added now is kept for this session only.';
      console.error(insecureSecretsReason);
    }
  }
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const host = await startHost({
    rendererDir: path.join(root, 'dist', 'renderer'),
    dataDir: args['data-dir'] ?? path.join(os.homedir(), '.kiln-web'),
    secrets,
    ...(insecureSecretsReason ? { insecureSecretsReason } : {}),
    port,
    appVersion: pkg.version,
    ...(args['base-url'] ? { liveBaseUrl: args['base-url'] } : {}),
    ...(args['task-seconds'] ? { sandbox: { taskSeconds: Number(args['task-seconds']) } } : {}),
  });
  console.log(`Kiln is running. Open this address in your browser (it is yours alone: do not share it):
  ${host.url}
A page reload keeps working in the same tab; for a new tab or window, open this address again.`);
  // Files given on the command line wait in the host until the page takes them (a file Kiln
  // cannot open waits as its reason, so the page says why).
  // `npm run` starts in the project folder; INIT_CWD is where the user typed the command.
  const cwd = process.env['INIT_CWD'] ?? process.cwd();
  await host.openFiles(positionals.map((file) => path.resolve(cwd, file)));
  if (args.open) openBrowser(host.url);
  const stop = () => void host.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function openBrowser(url: string): void {
  const command =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => console.log('Open the address above in your browser.'));
  child.unref();
}

main().catch((error: unknown) => {
  console.error(`Kiln could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
