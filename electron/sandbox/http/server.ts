/**
 * `serveSandbox`: the sandbox on node:http (127.0.0.1 by default, port 0 allowed), with the chaos
 * modes that need the socket: connections destroyed before or after the handler ran.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Chaos, burstResponse, corrupt, errorResponse, sleep, type ChaosPlan } from './chaos';
import type { Sandbox } from '../types';

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
