/**
 * `serveSandbox`: the sandbox on node:http (127.0.0.1 by default, port 0 allowed), with the chaos
 * modes that need the socket: connections destroyed before or after the handler ran.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Chaos, burstResponse, corrupt, errorResponse, sleep, type ChaosPlan } from './chaos';
import type { Sandbox } from '../types';

/**
 * The connection timeouts of a real service's front end, not Node's defaults. Node closes a
 * kept-alive connection after 5 s idle; a client that sends its next request on it as it closes
 * gets a reset for a request the server never read (the sandbox's own tests saw `fetch failed /
 * ECONNRESET` between requests around a 6-s build). Load balancers keep idle connections 60 s
 * (AWS ALB's and nginx's defaults are 60 s and 75 s), and a backend keeps them longer than the
 * balancer in front of it (65 s) so that the side that closes is never the one a request is
 * still arriving at. Node sends it as `Keep-Alive: timeout=65`, from which undici sizes its own
 * pool (it gives a socket up a second before the server would).
 */
export const CONNECTION_TIMEOUTS = Object.freeze({
  keepAliveTimeout: 65_000,
  /**
   * The whole head of a request within this; above the keep-alive timeout, as Node's guides ask
   * (on older Node an idle kept-alive socket ran out of header time first and was dropped).
   */
  headersTimeout: 66_000,
  /** A whole request (a 20-MB upload on a slow line) within this; Node's own default. */
  requestTimeout: 300_000,
});

/** A served sandbox. */
export interface ServedSandbox {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Stops listening and drops open connections (the sandbox itself stays usable). */
  close(): Promise<void>;
}

/** Serves a sandbox over HTTP. */
export async function serveSandbox(
  sandbox: Sandbox,
  opts: { port: number; host?: string },
): Promise<ServedSandbox> {
  const host = opts.host ?? '127.0.0.1';
  const chaos = sandbox.chaos ? new Chaos(sandbox.chaos) : undefined;
  const plans = new WeakMap<IncomingMessage, ChaosPlan>();

  const listener = getRequestListener(async (request, env) => {
    const incoming = (env as { incoming: IncomingMessage }).incoming;
    const plan = plans.get(incoming);
    if (!plan) return sandbox.handle(request);
    if (plan.burst429) return burstResponse(plan);
    await sleep(plan.latencyMs);
    if (plan.errorStatus) return errorResponse(plan.errorStatus);
    const response = await sandbox.handle(request);
    if (plan.resetAfter) {
      // The call took effect (a charge may have been made); the client never hears of it.
      await response.arrayBuffer();
      incoming.socket.destroy();
      return new Response(null, { status: 204 });
    }
    return corrupt(response, plan);
  });

  const server = createServer((req, res) => {
    const plan = chaos?.active
      ? chaos.plan(req.method ?? 'GET', new URL(req.url ?? '/', 'http://sandbox').pathname)
      : undefined;
    if (plan?.resetBefore) {
      req.socket.destroy();
      return;
    }
    if (plan) plans.set(req, plan);
    void listener(req, res);
  });
  server.keepAliveTimeout = CONNECTION_TIMEOUTS.keepAliveTimeout;
  server.headersTimeout = CONNECTION_TIMEOUTS.headersTimeout;
  server.requestTimeout = CONNECTION_TIMEOUTS.requestTimeout;
  // A destroyed socket can still emit errors; they are the point of chaos, not a crash.
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  sandbox.setServedUrl(url);
  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
