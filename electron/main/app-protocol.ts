/**
 * The `kiln:` protocol: `kiln://app/…` serves the built renderer, `kiln://models/<sha256>.glb`
 * serves files of the model cache. Both go through the core's one confined file server
 * (`core/files/served-file.ts`, shared with the browser host); everything carries the app's CSP.
 */
import { protocol } from 'electron';
import {
  openAppFile,
  openCacheFile,
  servedResponse,
  type ServedFile,
} from '../core/files/served-file';
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

/** The folders `kiln:` serves from. */
export type KilnFolders = Readonly<{ renderer: string; cache: string }>;

/**
 * Opens the file a `kiln:` URL names, or answers undefined when it names nothing Kiln serves.
 * Exported for the wiring test's confinement checks.
 */
export async function openKilnUrl(
  url: string,
  folders: KilnFolders,
): Promise<ServedFile | undefined> {
  const { host, pathname } = new URL(url);
  if (host === 'app') return openAppFile(folders.renderer, pathname);
  if (host === 'models') {
    let name: string;
    try {
      name = decodeURIComponent(pathname.slice(1));
    } catch {
      return undefined;
    }
    return openCacheFile(folders.cache, name);
  }
  return undefined;
}

/** Serves the `kiln:` protocol. Call after `app.whenReady()`. */
export function handleKilnProtocol(folders: KilnFolders): void {
  protocol.handle(SCHEME, async (request) => {
    const file = await openKilnUrl(request.url, folders);
    if (!file) return new Response('Not found', { status: 404 });
    return servedResponse(file, { 'content-security-policy': contentSecurityPolicy() });
  });
}
