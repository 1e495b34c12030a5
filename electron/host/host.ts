/**
 * The browser host: runs the core in plain Node and serves the built renderer plus a WebSocket
 * bridge on 127.0.0.1, so Kiln runs in a browser where Electron cannot (and e2e tests drive it).
 * The API key stays in this process, as it stays in Electron's main process.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { dispatch } from '../../shared/ipc/dispatch';
import type { EventName } from '../../shared/ipc/channels';
import { appPaths } from '../core/app-paths';
import type { Logger, Ports } from '../core/ports';
import { systemClock } from '../core/ports';
import type { SecretStore } from '../core/secrets/secret-store';
import { createServices, type ServiceOptions, type Services } from '../core/services';
import { JsonFileSettingsStore } from '../core/settings/settings-store';
import type { SandboxOptions } from '../sandbox';
import type { SandboxInternals } from '../sandbox/sandbox';
import { CACHE_FILE_PATTERN, confinedPath } from '../core/util/confined-path';
import { contentSecurityPolicy } from '../core/util/csp';
import { startEmbeddedSandbox, type EmbeddedSandbox } from './embedded-sandbox';
import { TOKEN_COOKIE, hostAllowed, tokenMatches, tokenOf } from './http-guard';
import { sendFile } from './static-files';
import { receiveUpload } from './upload';

/** Options of {@link startHost}. */
export type HostOptions = Readonly<{
  /** The built renderer (`dist/renderer`). */
  rendererDir: string;
  /** Where Kiln keeps its data (journal, cache, sandbox library). */
  dataDir: string;
  secrets: SecretStore;
  /** Why `secrets` is not a secure store (it keeps the key for this session only). */
  insecureSecretsReason?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Default base URL of the live service (the settings may change it). */
  liveBaseUrl?: string;
  /** Default address of the service's web platform (keys, top-ups). */
  platformUrl?: string;
  /** Start as if the first-run welcome had been closed (tests that are not about it). */
  welcomeSeen?: boolean;
  /** The fetch used for the live service; default the global one. */
  liveFetch?: typeof fetch;
  /** Options of the embedded sandbox (demo mode). */
  sandbox?: SandboxOptions;
  /** Test hooks of the embedded sandbox (e2e tests make a build fail). */
  sandboxInternals?: SandboxInternals;
  services?: ServiceOptions;
  logger?: Logger;
  appVersion?: string;
}>;

/** A running host. */
export interface Host {
  /** The URL to open, token included. */
  readonly url: string;
  readonly port: number;
  readonly services: Services;
  /** The embedded sandbox, in demo mode. */
  readonly sandbox: EmbeddedSandbox['sandbox'] | undefined;
  /**
   * Opens model files from this machine (`npm run web -- model.glb`), as Electron does for files
   * opened with Kiln: imported into the model cache and shown by the page. Resolves once queued.
   */
  openFiles(files: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** A logger that writes one line per message to stderr. */
export const consoleLogger: Logger = {
  info: (m, d) => console.error(`[kiln] ${m}`, d ?? ''),
  warn: (m, d) => console.error(`[kiln] warn: ${m}`, d ?? ''),
  error: (m, d) => console.error(`[kiln] error: ${m}`, d ?? ''),
};

/** Starts the browser host. */
export async function startHost(o: HostOptions): Promise<Host> {
  const logger = o.logger ?? consoleLogger;
  const token = randomBytes(24).toString('base64url');
  const clients = new Set<WebSocket>();
  let embedded: EmbeddedSandbox | undefined;
  const paths = appPaths(o.dataDir);
  const ports: Ports = {
    secrets: o.secrets,
    ...(o.insecureSecretsReason ? { insecureSecretsReason: o.insecureSecretsReason } : {}),
    settings: new JsonFileSettingsStore(path.join(o.dataDir, 'settings.json')),
    liveFetch: o.liveFetch ?? fetch,
    sandbox: () => {
      embedded = startEmbeddedSandbox(o.dataDir, o.sandbox, o.sandboxInternals);
      return embedded.connection;
    },
    defaults: {
      baseUrl: o.liveBaseUrl ?? 'https://api.invalid',
      exportDir: path.join(o.dataDir, 'exports'),
      ...(o.platformUrl ? { platformUrl: o.platformUrl } : {}),
      ...(o.welcomeSeen ? { welcomeSeen: true } : {}),
    },
    // A browser page cannot ask for the system browser: the renderer shows a link instead.
    openExternal: async () => false,
    paths,
    clock: systemClock,
    logger,
    appVersion: o.appVersion ?? '0.0.0',
    cacheFileUrl: (file) => `/files/models/${encodeURIComponent(file)}`,
    jobFileUrl: (jobId) => `/files/jobs/${encodeURIComponent(jobId)}`,
    emit: <E extends EventName>(event: E, payload: unknown) => {
      const message = JSON.stringify({ event, payload });
      for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(message);
    },
  };
  const services = await createServices(ports, o.services);

  let port = 0;
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      logger.error('host request failed', { error: String(error) });
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAllowed(req, port)) return void res.writeHead(421).end('Misdirected request');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const given = tokenOf(req, url);
    if (!tokenMatches(given, token)) {
      return void res
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('Open Kiln with the address the host printed.');
    }
    const security = {
      'content-security-policy': contentSecurityPolicy(`ws://${req.headers.host}`),
      'set-cookie': `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`,
      'cache-control': 'no-store',
    };
    if (req.method === 'POST' && url.pathname === '/upload') {
      const result = await receiveUpload(req, path.join(paths.temp, 'uploads'), services.files);
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(result));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();
    if (url.pathname.startsWith('/files/models/')) {
      const name = decodeURIComponent(url.pathname.slice('/files/models/'.length));
      // Only content-addressed cache files: no path, no other file of the data folder.
      if (!CACHE_FILE_PATTERN.test(name)) return void res.writeHead(404).end();
      if (await sendFile(res, path.join(paths.cache, name), security)) return;
      return void res.writeHead(404).end();
    }
    if (url.pathname.startsWith('/files/jobs/')) {
      // A finished job's saved file (drag out of the browser): found by job id, never by path.
      const jobId = decodeURIComponent(url.pathname.slice('/files/jobs/'.length));
      const found = await services.desktop.resolve({ jobId }).catch(() => undefined);
      const disposition = `attachment; filename*=UTF-8''${encodeURIComponent(found?.name ?? '')}`;
      if (
        found &&
        (await sendFile(res, found.path, { ...security, 'content-disposition': disposition }))
      )
        return;
      return void res.writeHead(404).end();
    }
    const file = confinedPath(o.rendererDir, url.pathname === '/' ? '/index.html' : url.pathname);
    if (file && (await sendFile(res, file, security))) return;
    // Unknown paths get the app (client-side routes).
    if (!(await sendFile(res, path.join(o.rendererDir, 'index.html'), security))) {
      res
        .writeHead(500, { 'content-type': 'text/plain' })
        .end('The renderer is not built: run `npm run build -- --mode web`.');
    }
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (
      url.pathname !== '/bridge' ||
      !hostAllowed(req, port) ||
      !tokenMatches(tokenOf(req, url), token)
    ) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      ws.on('close', () => clients.delete(ws));
      ws.on('message', (data) => {
        let message: { id?: unknown; channel?: unknown; input?: unknown };
        try {
          message = JSON.parse(String(data)) as typeof message;
        } catch {
          return;
        }
        void dispatch(services.handlers, message.channel, message.input, (m, e) =>
          logger.error(m, { error: String(e) }),
        ).then((result) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id: message.id, result }));
        });
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    services,
    sandbox: embedded?.sandbox,
    async openFiles(files) {
      for (const file of files) await services.desktop.open(path.resolve(file));
    },
    async close() {
      services.close();
      // Stop accepting first: an open page reconnects its bridge the moment its socket drops,
      // and a socket that arrived after the clients were terminated kept `close` waiting forever
      // (an e2e teardown hung 3 minutes). Then drop every connection, upgraded or keep-alive.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const ws of clients) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await closed;
      await embedded?.sandbox.close();
    },
  };
}
