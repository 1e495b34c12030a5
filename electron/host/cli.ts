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
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startWebHost } from './web-host';

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
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const { host, log, paths } = await startWebHost({
    rendererDir: path.join(root, 'dist', 'renderer'),
    ...(args['data-dir'] ? { dataDir: args['data-dir'] } : {}),
    memorySecrets: args['memory-secrets'],
    port,
    appVersion: pkg.version,
    ...(args['base-url'] ? { liveBaseUrl: args['base-url'] } : {}),
    ...(args['task-seconds'] ? { sandbox: { taskSeconds: Number(args['task-seconds']) } } : {}),
  });
  // The safety net: a fault nobody handled is logged and the host keeps serving its page (its
  // jobs and key live here); ending the process would lose more than the one failed request.
  const caught = (fault: unknown) =>
    log.logger.error('an unexpected fault was caught; Kiln keeps running', {
      error: fault instanceof Error ? (fault.stack ?? fault.message) : String(fault),
    });
  process.on('uncaughtException', caught);
  process.on('unhandledRejection', caught);
  console.log(`Kiln is running. Open this address in your browser (it is yours alone: do not share it):
  ${host.url}
A page reload keeps working in the same tab; for a new tab or window, open this address again.`);
  console.log(`Logs: ${paths.logs}`);
  console.log(
    'Updates: Kiln in the browser updates with `git pull` and `npm install` in its folder.',
  );
  // Files given on the command line wait in the host until the page takes them (a file Kiln
  // cannot open waits as its reason, so the page says why).
  // `npm run` starts in the project folder; INIT_CWD is where the user typed the command.
  const cwd = process.env['INIT_CWD'] ?? process.cwd();
  await host.openFiles(positionals.map((file) => path.resolve(cwd, file)));
  if (args.open) openBrowser(host.url);
  const stop = () =>
    void host.close().then(() => {
      log.logger.info('browser host stopped');
      log.logger.close();
      process.exit(0);
    });
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
