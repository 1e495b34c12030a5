/**
 * A kept-alive socket the server has closed: Node's fetch sends the next request on it and gets a
 * reset back (`fetch failed`, its cause `SocketError: other side closed` or `read ECONNRESET`).
 * The client sends an idempotent GET once more at once, on a fresh connection, and counts that
 * second send; a paid POST is never sent again; a second reset is the usual network error.
 *
 * The server here is made to reset a reused socket every time (the race a short keep-alive
 * timeout plays now and then), so each test is deterministic: the server reports how many
 * requests it reset, and each test checks the reset did happen.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock, type Connection } from '../ports';
import { RequestScheduler, type SchedulerEvent } from '../schedule/request-scheduler';
import { ApiClient } from './client';
import { generationCall } from './query';
import { ConnectionError } from './errors';

/** A text generation's start, as a job journals it. */
const textCall = generationCall({ kind: 'text', conceptId: 'c1', tier: 'fast' });

const KEY = 'sk-keep-alive-test';

/** How the test server ends a request that arrives on a socket it answered before. */
type Drop = 'close' | 'reset';

interface DroppingServer {
  readonly url: string;
  /** Requests it dropped by closing or resetting their (reused) socket. */
  readonly dropped: string[];
  /** Requests it answered. */
  readonly answered: string[];
  /** Drops every request from now on, on new sockets too. */
  dropAll(): void;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * A server that answers the first request of each connection with keep-alive, and drops any
 * later request on that connection unread: a FIN (`close`) or an RST (`reset`).
 */
async function droppingServer(drop: Drop): Promise<DroppingServer> {
  const served = new WeakMap<Socket, number>();
  const dropped: string[] = [];
  const answered: string[] = [];
  let all = false;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const count = (served.get(socket) ?? 0) + 1;
    served.set(socket, count);
    const what = `${req.method} ${req.url}`;
    if (all || count > 1) {
      dropped.push(what);
      if (drop === 'reset') socket.resetAndDestroy();
      else socket.destroy();
      return;
    }
    answered.push(what);
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          req.url?.startsWith('/generate/')
            ? { task_id: 't1', status: 'queued' }
            : { status: 'processing', progress: 40 },
        ),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dropped,
    answered,
    dropAll: () => void (all = true),
  };
}

/**
 * The client on Node's own fetch. maxRetries 0: the only second send these tests may see is the
 * one after a reset socket.
 */
function clientOf(url: string) {
  const events: SchedulerEvent[] = [];
  const scheduler = new RequestScheduler({
    clock: systemClock,
    maxRetries: 0,
    onEvent: (e) => events.push(e),
  });
  const connection: Connection = { mode: 'live', baseUrl: url, fetch, apiKey: async () => KEY };
  const api = new ApiClient({ connection, clock: systemClock, scheduler });
  const sends = () => events.filter((e) => e.type === 'sent').length;
  return { api, scheduler, sends };
}

/**
 * Undici hands a socket back to its pool one full turn of the event loop after its answer was
 * read ("to make sure that non-spec compliant servers are not closing the connection"): the
 * next request then goes out on it, as requests do in a running app.
 */
function socketBackInPool(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe.each<Drop>(['close', 'reset'])('a kept-alive socket the server %ss', (drop) => {
  it('fails a plain fetch on the reused socket: the error Kiln must handle', async () => {
    const server = await droppingServer(drop);
    await (await fetch(`${server.url}/task/t1/status`)).text();
    await socketBackInPool();
    const error = (await fetch(`${server.url}/task/t1/status`).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect((error.cause as { code?: string }).code).toBe(
      drop === 'close' ? 'UND_ERR_SOCKET' : 'ECONNRESET',
    );
    expect(server.dropped).toEqual(['GET /task/t1/status']);
  });

  it('sends a GET again at once on a fresh connection, and counts both sends', async () => {
    const server = await droppingServer(drop);
    const { api, scheduler, sends } = clientOf(server.url);
    await api.taskStatus('t1');
    await socketBackInPool();
    await expect(api.taskStatus('t1')).resolves.toMatchObject({ status: 'processing' });
    expect(server.dropped).toEqual(['GET /task/t1/status']);
    expect(server.answered).toEqual(['GET /task/t1/status', 'GET /task/t1/status']);
    // The service may have counted the dropped request: the budget counts it too.
    expect(sends()).toBe(3);
    expect(scheduler.sentInWindow()).toBe(3);
  });

  it('never sends a paid POST again: it fails as a dropped connection whose outcome is open', async () => {
    const server = await droppingServer(drop);
    const { api, sends } = clientOf(server.url);
    await api.taskStatus('t1');
    await socketBackInPool();
    const error = await api.generate(textCall).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'connection_failed', sent: true, reset: true });
    expect(server.dropped).toEqual(['POST /generate/text']);
    expect(sends()).toBe(2);
  });

  it('takes a second reset as the usual network error', async () => {
    const server = await droppingServer(drop);
    const { api, sends } = clientOf(server.url);
    await api.taskStatus('t1');
    await socketBackInPool();
    server.dropAll();
    const error = await api.taskStatus('t1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({
      code: 'connection_failed',
      message: 'The connection to the service dropped. Kiln keeps your work.',
    });
    expect(server.dropped).toHaveLength(2);
    expect(sends()).toBe(3);
  });
});
