/**
 * Resolves a URL path inside a folder, refusing anything that would escape it (`..`, encoded
 * separators, NUL). Used by every place that serves files to the renderer.
 */
import { MODEL_EXTENSIONS } from '../../../shared/model-formats';
import path from 'node:path';

/**
 * The file `urlPath` names inside `root`, or undefined when it would leave `root`. `p` is the
 * platform's path rules (tests pass `path.win32` and `path.posix`).
 */
export function confinedPath(
  root: string,
  urlPath: string,
  p: path.PlatformPath = path,
): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const full = p.resolve(root, '.' + path.posix.normalize('/' + decoded));
  const rel = p.relative(root, full);
  return rel === '' || rel.startsWith('..') || p.isAbsolute(rel) ? undefined : full;
}

/**
 * File names of the cache: the SHA-256 of the content and its type (models in every format Kiln
 * opens but .gltf, which is packed into a .glb; the concept pictures and thumbnails fetched
 * behind the key).
 */
export const CACHE_FILE_PATTERN = new RegExp(
  `^[a-f0-9]{64}\\.(${[...MODEL_EXTENSIONS.filter((e) => e !== 'gltf'), 'png', 'webp', 'jpg'].join('|')})$`,
);
