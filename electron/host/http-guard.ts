/**
 * Who may talk to the browser host: only pages it served itself, on loopback. A random token is
 * handed out once in the start URL and then carried by an HttpOnly, SameSite=Strict cookie;
 * the Host header must name the loopback address the host listens on (DNS-rebinding defence).
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Cookie that carries the session token. */
export const TOKEN_COOKIE = 'kiln_token';

/** True when the Host header names this host's own loopback address and port. */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** The token the request carries, from the `token` query or the cookie. */
export function tokenOf(req: IncomingMessage, url: URL): string | undefined {
  const fromQuery = url.searchParams.get('token');
  if (fromQuery) return fromQuery;
  const cookie = req.headers.cookie ?? '';
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return rest.join('=');
  }
  return undefined;
}

/** Constant-time token comparison. */
export function tokenMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
