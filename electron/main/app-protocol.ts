/**
 * The `kiln:` protocol: `kiln://app/…` serves the built renderer, `kiln://models/<sha256>.glb`
 * serves files of the model cache. Each host is confined to its folder; everything carries the
 * app's CSP.
 */
import { net, protocol } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CACHE_FILE_PATTERN, confinedPath } from '../core/util/confined-path';
import { contentSecurityPolicy } from '../core/util/csp';

/** The app's scheme. */
export const SCHEME = 'kiln';
/** Origin of the renderer. */
export const APP_ORIGIN = `${SCHEME}://app`;

/** Must run before `app.whenReady()`: makes `kiln:` a secure, fetchable standard scheme. */
export function registerSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true },
    },
  ]);
}

/** URL of a model cache file. */
export function cacheFileUrl(file: string): string {
  return `${SCHEME}://models/${encodeURIComponent(file)}`;
}

/**
 * Resolves a `kiln:` URL to a file on disk, or undefined when it names nothing Kiln serves.
 * Exported for the wiring test's confinement checks.
 */
export function resolveKilnUrl(
  url: string,
  folders: Readonly<{ renderer: string; cache: string }>,
): string | undefined {
  const { host, pathname } = new URL(url);
  if (host === 'app')
    return confinedPath(folders.renderer, pathname === '/' ? '/index.html' : pathname);
  if (host === 'models') {
    const name = decodeURIComponent(pathname.slice(1));
    return CACHE_FILE_PATTERN.test(name) ? path.join(folders.cache, name) : undefined;
  }
  return undefined;
}

/** Serves the `kiln:` protocol. Call after `app.whenReady()`. */
export function handleKilnProtocol(folders: Readonly<{ renderer: string; cache: string }>): void {
  protocol.handle(SCHEME, async (request) => {
    const file = resolveKilnUrl(request.url, folders);
    if (!file) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('content-security-policy', contentSecurityPolicy());
    headers.set('x-content-type-options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
