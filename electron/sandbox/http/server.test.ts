/**
 * The sandbox's connections as a real service's front end keeps them: idle kept-alive sockets
 * live 65 s, not Node's 5 s, so a client's next request after a pause (a build of a few seconds
 * on a busy machine) does not land on a socket the server is closing.
 */
import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../testing/test-support';
import { CONNECTION_TIMEOUTS } from './server';

let service: TestService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

/** GETs `path` over `agent`; answers the response's headers and the local port it went from. */
function get(
  url: string,
  agent: Agent,
): Promise<{ headers: Record<string, unknown>; port: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      const port = res.socket.localPort!;
      res.resume();
      res.on('end', () => resolve({ headers: res.headers, port }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serveSandbox connections', () => {
  it('tells clients it keeps an idle connection 65 s, and keeps its timeouts in order', async () => {
    service = await startService();
    const agent = new Agent({ keepAlive: true });
    try {
      const first = await get(`${service.url}/api/platform/prices`, agent);
      expect(first.headers['connection']).toBe('keep-alive');
      // What undici reads to size its pool: Node writes it from the server's keepAliveTimeout.
      expect(first.headers['keep-alive']).toBe('timeout=65');
      const second = await get(`${service.url}/api/platform/prices`, agent);
      expect(second.port, 'the second request reused the kept-alive socket').toBe(first.port);
    } finally {
      agent.destroy();
    }
    const { keepAliveTimeout, headersTimeout, requestTimeout } = CONNECTION_TIMEOUTS;
    expect(headersTimeout).toBeGreaterThan(keepAliveTimeout);
    expect(requestTimeout).toBeGreaterThanOrEqual(headersTimeout);
  });
});
