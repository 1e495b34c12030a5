/**
 * What the security specs play: another server on 127.0.0.1 that records every request it gets
 * (a local page of another port, or a fake service a redirected address points at), raw WebSocket
 * clients of the host's bridge with any Origin and credentials, and a host whose log lines are kept.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { startHost, type Host, type HostOptions } from '../../electron/host/host';
import { BRIDGE_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../shared/ipc/host-auth';

const root = path.resolve(import.meta.dirname, '..', '..');

/** One request a {@link RecordingServer} received. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A server on 127.0.0.1 that records what reaches it. */
export interface RecordingServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a recording server. It answers every request with a blank page, or — for paths of the
 * service — a 401 in the service's coded shape, as a service that does not know the key would.
 */
export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('latin1'),
      });
      if (req.url === '/' || req.url?.startsWith('/page')) {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><title>Local tool</title>');
        return;
      }
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ detail: { error: 'invalid_api_key', message: 'Unknown key.' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The start token of a host (from the fragment of the address it prints). */
export function hostToken(host: Host): string {
  return new URLSearchParams(new URL(host.url).hash.slice(1)).get('token')!;
}

/** How a raw client opens the bridge. */
export type RawBridgeOptions = Readonly<{
  /** The Origin header (none when undefined). */
  origin?: string;
  /** Sub-protocols offered; default the page's: the bridge's and the token. */
  protocols?: string[];
  headers?: Record<string, string>;
}>;

/** The sub-protocols the page offers: the bridge's, and the token. */
export function pageProtocols(host: Host): string[] {
  return [BRIDGE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${hostToken(host)}`];
}

/**
 * Opens the bridge as a raw client. Resolves with the socket once open, or rejects with the
 * refusal (the upgrade's status).
 */
export function rawBridge(host: Host, o: RawBridgeOptions = {}): Promise<WebSocket> {
  const ws = new WebSocket(
    `ws://127.0.0.1:${host.port}/bridge`,
    o.protocols ?? pageProtocols(host),
    {
      ...(o.origin ? { origin: o.origin } : {}),
      ...(o.headers ? { headers: o.headers } : {}),
    },
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** A bridge call's answer. */
export type BridgeAnswer = {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string };
};

/** Sends one call on an open socket and waits for its answer. */
export function bridgeCall(
  ws: WebSocket,
  id: number,
  channel: string,
  input?: unknown,
): Promise<BridgeAnswer> {
  return new Promise((resolve) => {
    const onMessage = (data: unknown) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: BridgeAnswer };
      if (message.id !== id) return;
      ws.off('message', onMessage);
      resolve(message.result!);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, channel, input }));
  });
}

/** Waits for the socket to close; answers its code and reason. */
export function closed(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    if (ws.readyState === ws.CLOSED) resolve({ code: 1006, reason: '' });
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
}

/** A host whose every log line is kept, on a fresh data folder with an in-memory key store. */
export interface LoggedHost {
  readonly host: Host;
  readonly logs: string[];
  close(): Promise<void>;
}

/** Starts a {@link LoggedHost}. */
export async function startLoggedHost(options: Partial<HostOptions> = {}): Promise<LoggedHost> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-security-'));
  const logs: string[] = [];
  const log = (level: string) => (message: string, data?: Record<string, unknown>) =>
    void logs.push(`${level} ${message} ${JSON.stringify(data ?? {})}`);
  const host = await startHost({
    rendererDir: path.join(root, 'dist', 'renderer'),
    dataDir,
    secrets: new MemorySecretStore(),
    welcomeSeen: true,
    sandbox: { taskSeconds: 1 },
    services: { pollTiming: { first: 300, factor: 1.5, cap: 1000, errorCap: 5000 } },
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
    ...options,
  });
  return {
    host,
    logs,
    close: async () => {
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
