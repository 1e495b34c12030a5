/**
 * The browser host: runs the core in plain Node and serves the built renderer plus a WebSocket
 * bridge on 127.0.0.1, so Kiln runs in a browser where Electron cannot (and e2e tests drive it).
 * The API key stays in this process, as it stays in Electron's main process.
 *
 * It is a trust boundary, like a password manager's browser bridge (`http-guard.ts` says who is
 * trusted). What it serves:
 *
 * - the built app, to anyone on its own Host (it holds no secret; without the start token a page
 *   can do nothing with it);
 * - the bridge at `/bridge`, to a page of its own origin that proves the start token in the
 *   handshake;
 * - uploads at `POST /upload`, from its own origin with the start token in a header;
 * - model cache files at `/files/<file key>/<name>`: the file key is a capability the page learns
 *   only through its authenticated bridge (in the URLs of models), never in a cookie;
 * - drag-out downloads at `/download/<ticket>`: one file, once, for a few minutes.
 */
import { atomicWritesSettled } from '../core/util/fs-atomic';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventName } from '../../shared/ipc/channels';
import { appPaths } from '../core/app-paths';
import { BRIDGE_PROTOCOL, TOKEN_FRAGMENT } from '../../shared/ipc/host-auth';
import {
  openAppFile,
  openCacheFile,
  openConfinedFile,
  servedHeaders,
  type ServedFile,
} from '../core/files/served-file';
import { sweepUploads } from '../core/files/upload-folder';
import { JobJournal } from '../core/jobs/job-journal';
import type { Logger, Ports } from '../core/ports';
import { systemClock } from '../core/ports';
import type { SecretStore } from '../core/secrets/secret-store';
import { createServices, type ServiceOptions, type Services } from '../core/services';
import { JsonFileSettingsStore } from '../core/settings/settings-store';
import { contentSecurityPolicy } from '../core/util/csp';
import {
  startEmbeddedSandbox,
  type EmbeddedSandbox,
  type SandboxInternals,
  type SandboxOptions,
} from '../sandbox';
import { MAX_MESSAGE_BYTES, serveBridgeSocket } from './bridge-socket';
import { DownloadTickets } from './download-tickets';
import { headerToken, hostAllowed, originAllowed, secretMatches, socketToken } from './http-guard';
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
  /**
   * Default of the `prepareInBackground` setting (the artist's own choice wins): the e2e suite
   * starts with it off, a few seconds of CPU saved at each of its hundred-odd starts.
   */
  prepareInBackground?: boolean;
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
  /** The address to open: the host's origin with the start token in its fragment. */
  readonly url: string;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly port: number;
  /** Where it keeps its data (the `dataDir` it was started with). */
  readonly dataDir: string;
  readonly services: Services;
  /** The embedded sandbox, in demo mode. */
  readonly sandbox: EmbeddedSandbox['sandbox'] | undefined;
  /** The URL path under which the page loads a model cache file (what the core hands it). */
  cacheFileUrl(file: string): string;
  /**
   * Opens model files from this machine (`npm run web -- model.glb`), as Electron does for files
   * opened with Kiln: imported into the model cache and shown by the page. Resolves once queued.
   */
  openFiles(files: readonly string[]): Promise<void>;
  /**
   * Stops serving and closes the core: resolves once every download the core had in flight has
   * stopped and removed its partial file, so the data folder can be removed at once.
   */
  close(): Promise<void>;
}

/** A logger that writes one line per message to stderr. */
export const consoleLogger: Logger = {
  info: (m, d) => console.error(`[kiln] ${m}`, d ?? ''),
  warn: (m, d) => console.error(`[kiln] warn: ${m}`, d ?? ''),
  error: (m, d) => console.error(`[kiln] error: ${m}`, d ?? ''),
};

/** Stream errors that only mean the page stopped listening (a navigation, a closed tab). */
const GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

/** Starts the browser host. */
export async function startHost(o: HostOptions): Promise<Host> {
  const logger = o.logger ?? consoleLogger;
  // The start token: printed once, proved by the page in its socket handshake and uploads.
  const token = randomBytes(24).toString('base64url');
  // The capability in model file URLs: learnt only through the authenticated bridge.
  const fileKey = randomBytes(24).toString('base64url');
  const tickets = new DownloadTickets(systemClock);
  const clients = new Set<WebSocket>();
  let embedded: EmbeddedSandbox | undefined;
  const paths = appPaths(o.dataDir);
  const uploads = path.join(paths.temp, 'uploads');
  const liveBaseUrl = o.liveBaseUrl ?? 'https://api.invalid';
  const cacheFileUrl = (file: string) => `/files/${fileKey}/${encodeURIComponent(file)}`;
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
      baseUrl: liveBaseUrl,
      exportDir: path.join(o.dataDir, 'exports'),
      ...(o.platformUrl ? { platformUrl: o.platformUrl } : {}),
      ...(o.welcomeSeen ? { welcomeSeen: true } : {}),
      ...(o.prepareInBackground === false ? { prepareInBackground: false } : {}),
    },
    // A browser page cannot ask for the system browser: the renderer shows a link instead.
    openExternal: async () => false,
    paths,
    clock: systemClock,
    logger,
    appVersion: o.appVersion ?? '0.0.0',
    cacheFileUrl,
    downloadUrl: (file) => `/download/${tickets.mint(file)}`,
    emit: <E extends EventName>(event: E, payload: unknown) => {
      const message = JSON.stringify({ event, payload });
      for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(message);
    },
  };
  // Photos a page uploaded that no job can send any more (a crash may have left some).
  const sweep = async () =>
    sweepUploads(uploads, await new JobJournal(o.dataDir, logger).load(liveBaseUrl));
  await sweep();
  const services = await createServices(ports, o.services);

  let port = 0;
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      logger.error('host request failed', { error: String(error) });
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  // A malformed request or a reset connection ends that connection, nothing else.
  server.on('clientError', (_error, socket) => socket.destroy());

  /** Headers of every answer: nothing remote, no framing, no Referer, nothing cached. */
  function security(req: IncomingMessage): Record<string, string> {
    return {
      'content-security-policy': contentSecurityPolicy(`ws://${req.headers.host}`),
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      'cross-origin-resource-policy': 'same-origin',
      'cross-origin-opener-policy': 'same-origin',
      'x-frame-options': 'DENY',
    };
  }

  function refuse(req: IncomingMessage, res: ServerResponse, status: number, text: string): void {
    // Whatever the refused request still sends is read and dropped, so the answer arrives.
    req.resume();
    res.writeHead(status, { ...security(req), 'content-type': 'text/plain; charset=utf-8' });
    res.end(text);
  }

  /** Streams an opened file; a read error ends this answer only. */
  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    file: ServedFile,
    extra: Record<string, string> = {},
  ): Promise<void> {
    res.writeHead(200, servedHeaders(file, { ...security(req), ...extra }));
    if (req.method === 'HEAD') {
      await file.close();
      res.end();
      return;
    }
    try {
      await pipeline(file.stream(), res);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !GONE.has(code)) {
        logger.warn('a served file could not be read whole', { error: String(error) });
      }
      res.destroy();
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAllowed(req, port)) return refuse(req, res, 421, 'Misdirected request');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname === '/upload') {
      if (req.method !== 'POST') return refuse(req, res, 405, 'Method not allowed');
      if (!originAllowed(req, port) || !secretMatches(headerToken(req), token)) {
        return refuse(req, res, 403, 'Only the page Kiln served may upload.');
      }
      const result = await receiveUpload(req, uploads, services.files);
      res.writeHead(200, { ...security(req), 'content-type': 'application/json' });
      res.end(JSON.stringify(result));
      return;
    }
    // Nothing else changes state: every other method is refused, whoever asks.
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return refuse(req, res, 405, 'Method not allowed');
    }
    const [, route, secret, rest, ...more] = url.pathname.split('/');
    if (route === 'files') {
      let name: string;
      try {
        name = decodeURIComponent(rest ?? '');
      } catch {
        name = '';
      }
      const file =
        secretMatches(secret, fileKey) && more.length === 0
          ? await openCacheFile(paths.cache, name)
          : undefined;
      if (!file) return refuse(req, res, 404, 'Not found');
      return send(req, res, file);
    }
    if (route === 'download') {
      const ticket = rest === undefined && secret ? tickets.redeem(secret) : undefined;
      const file = ticket
        ? await openConfinedFile(path.dirname(ticket.path), ticket.path)
        : undefined;
      if (!ticket || !file) return refuse(req, res, 404, 'This download has expired: drag again.');
      return send(req, res, file, {
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(ticket.name)}`,
      });
    }
    // The built app (it holds no secret); unknown paths get the app (client-side routes).
    const file =
      (await openAppFile(o.rendererDir, url.pathname)) ??
      (await openAppFile(o.rendererDir, '/index.html'));
    if (!file) {
      return refuse(req, res, 500, 'The renderer is not built: run `npm run build -- --mode web`.');
    }
    return send(req, res, file);
  }

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: () => BRIDGE_PROTOCOL,
  });
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const offered = String(req.headers['sec-websocket-protocol'] ?? '');
    if (
      url.pathname !== '/bridge' ||
      !originAllowed(req, port) ||
      !secretMatches(socketToken(req), token) ||
      !offered.split(',').some((p) => p.trim() === BRIDGE_PROTOCOL)
    ) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      ws.on('close', () => clients.delete(ws));
      serveBridgeSocket(ws, { handlers: services.handlers, logger });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/#${TOKEN_FRAGMENT}=${token}`,
    origin,
    port,
    dataDir: o.dataDir,
    services,
    sandbox: embedded?.sandbox,
    cacheFileUrl,
    async openFiles(files) {
      for (const file of files) await services.desktop.open(path.resolve(file));
    },
    async close() {
      // The core stops at once (every download in flight aborted); awaited below, before the
      // embedded sandbox those downloads read from closes, so no file lands after `close`.
      const servicesClosed = services.close();
      // Stop accepting first: an open page reconnects its bridge the moment its socket drops,
      // and a socket that arrived after the clients were terminated kept `close` waiting forever
      // (an e2e teardown hung 3 minutes). Then drop every connection, upgraded or keep-alive.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const ws of clients) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await closed;
      await servicesClosed;
      await embedded?.sandbox.close();
      // A message that reached the core while its sockets were dropped may have started a save.
      await atomicWritesSettled();
      await sweep().catch(() => undefined);
    },
  };
}
