/**
 * Who may talk to the browser host. Trusted: the page the host served, on the host's own origin,
 * holding the start token the host printed. Not trusted: every other page of the browser — other
 * ports of 127.0.0.1 included, since cookies do not separate ports — and every other program.
 *
 * - The Host header must name the loopback address and port the host listens on (DNS rebinding).
 * - The Origin header must be exactly the host's own origin on the socket upgrade and on every
 *   state-changing request (a page of another port, or a program that does not say it is the
 *   page, is refused even with the token).
 * - The start token is proved inside the WebSocket handshake (a `Sec-WebSocket-Protocol` value)
 *   and in a header of uploads: never a cookie, which every port of 127.0.0.1 receives.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TOKEN_HEADER, TOKEN_PROTOCOL_PREFIX } from '../../shared/ipc/host-auth';

/** True when the Host header names this host's own loopback address and port. */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/**
 * True when the request comes from a page of the host's own origin: the Origin header is exactly
 * `http://<the Host header>`, and that Host is the host's own. A request without Origin is refused.
 */
export function originAllowed(req: IncomingMessage, port: number): boolean {
  return hostAllowed(req, port) && req.headers.origin === `http://${req.headers.host}`;
}

/** The start token offered in the WebSocket handshake (`Sec-WebSocket-Protocol`). */
export function socketToken(req: IncomingMessage): string | undefined {
  const offered = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  const value = offered.find((p) => p.startsWith(TOKEN_PROTOCOL_PREFIX));
  return value?.slice(TOKEN_PROTOCOL_PREFIX.length);
}

/** The start token a request carries in its header. */
export function headerToken(req: IncomingMessage): string | undefined {
  const value = req.headers[TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/** Constant-time comparison of a secret the request carries with the expected one. */
export function secretMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
