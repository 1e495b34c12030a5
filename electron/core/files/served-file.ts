/**
 * Files Kiln serves to its own page — the built app and the model cache — written once for both
 * transports: Electron's `kiln:` protocol and the browser host.
 *
 * - **Confined by real path.** A URL path is resolved inside its folder (no `..`, no encoded
 *   separators: {@link confinedPath}), and the file it names must still lie inside the folder once
 *   every symlink is resolved: a link in the cache pointing at `~/.ssh` serves nothing.
 * - **Open, then check.** The file is opened first and every check runs on the open handle
 *   (`fstat`, and the handle must be the very file found at the confined real path), so a file
 *   swapped for a link between the check and the read cannot be served.
 * - **Read errors end one answer, never the process.** The bytes come from the handle already
 *   open: a file renamed or deleted while it is served is still read whole (POSIX), and any read
 *   error reaches the stream's consumer instead of an unhandled `error` event.
 */
import { MODEL_FORMATS } from '../../../shared/model-formats';
import { constants } from 'node:fs';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CACHE_FILE_PATTERN, confinedPath } from '../util/confined-path';

/** Content types of what Kiln serves (the built app, models, pictures). */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.hdr': 'application/octet-stream',
  ...Object.fromEntries(MODEL_FORMATS.map((f) => [`.${f.ext}`, f.mime])),
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The content type Kiln serves a file name with. */
export function contentTypeOf(name: string): string {
  return TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * A file opened for serving. Read it once with {@link ServedFile.stream}, or give it back with
 * {@link ServedFile.close}; either way the handle is closed.
 */
export interface ServedFile {
  /** Its size when it was opened: the answer's `content-length`. */
  readonly size: number;
  /** Its content type. */
  readonly type: string;
  /** The bytes, read from the open handle (at most `size` of them); closes it at the end. */
  stream(): Readable;
  /** All the bytes at once (small files: a glTF's buffers and textures); closes the handle. */
  bytes(): Promise<Uint8Array<ArrayBuffer>>;
  /** The first `length` bytes (fewer if the file is shorter), read without using the file up. */
  head(length: number): Promise<Uint8Array>;
  /** Closes the handle without reading. */
  close(): Promise<void>;
}

// A FIFO or device in a served folder would block `open` until a writer appears: never wait.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** True when `file` is `root` itself or below it (both real paths). */
function isInside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/**
 * Opens `file`, which must be a regular file inside `root` once every symlink is resolved.
 * Answers undefined for anything else (missing, a folder, a link out, swapped while opening).
 */
export async function openConfinedFile(
  root: string,
  file: string,
): Promise<ServedFile | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const [opened, realRoot, realFile] = await Promise.all([
      handle.stat(),
      realpath(root),
      realpath(file),
    ]);
    // The handle must be the file now found at the confined real path: a link swapped in after
    // the open (or a path that never resolved inside) is refused.
    const named = await stat(realFile);
    if (
      !opened.isFile() ||
      !isInside(realRoot, realFile) ||
      named.dev !== opened.dev ||
      named.ino !== opened.ino
    ) {
      await handle.close();
      return undefined;
    }
    return servedFile(handle, opened.size, contentTypeOf(file));
  } catch {
    await handle.close().catch(() => undefined);
    return undefined;
  }
}

/**
 * Opens the file a URL path names inside `root` (the built app: `/assets/index.js`), confined as
 * {@link openConfinedFile} says; undefined when it names nothing Kiln serves.
 */
export async function openServedFile(
  root: string,
  urlPath: string,
): Promise<ServedFile | undefined> {
  const file = confinedPath(root, urlPath);
  return file ? openConfinedFile(root, file) : undefined;
}

/**
 * Opens a file of the built app by its URL path (`/` is `index.html`); undefined when the path
 * names nothing inside `rendererDir`.
 */
export function openAppFile(rendererDir: string, urlPath: string): Promise<ServedFile | undefined> {
  return openServedFile(rendererDir, urlPath === '/' ? '/index.html' : urlPath);
}

/**
 * Opens a file of the model cache by its name: only content-addressed names Kiln gave
 * (`<sha256>.glb`, pictures), never another file of the data folder.
 */
export async function openCacheFile(
  cacheDir: string,
  name: string,
): Promise<ServedFile | undefined> {
  if (!CACHE_FILE_PATTERN.test(name)) return undefined;
  return openConfinedFile(cacheDir, path.join(cacheDir, name));
}

/**
 * Opens a file the user chose (anywhere on disk) and checks it on the open handle: a regular file,
 * whatever the path named when it was checked. Undefined when it cannot be opened or is not one.
 */
export async function openUserFile(file: string): Promise<ServedFile | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  const info = await handle.stat().catch(() => undefined);
  if (!info?.isFile()) {
    await handle.close().catch(() => undefined);
    return undefined;
  }
  return servedFile(handle, info.size, contentTypeOf(file));
}

function servedFile(handle: FileHandle, size: number, type: string): ServedFile {
  let used = false;
  return {
    size,
    type,
    stream() {
      if (used) throw new Error('a served file is read once');
      used = true;
      if (size === 0) {
        void handle.close().catch(() => undefined);
        return Readable.from([]);
      }
      // Exactly the bytes announced: a file that grew meanwhile does not overrun content-length.
      return handle.createReadStream({ start: 0, end: size - 1, autoClose: true });
    },
    async head(length) {
      const buffer = new Uint8Array(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    },
    async bytes() {
      const chunks: Buffer[] = [];
      for await (const chunk of this.stream()) chunks.push(chunk as Buffer);
      return new Uint8Array(Buffer.concat(chunks));
    },
    async close() {
      if (used) return;
      used = true;
      await handle.close().catch(() => undefined);
    },
  };
}

/** The headers every served file carries (type, length, no sniffing), plus `extra`. */
export function servedHeaders(
  file: ServedFile,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  return {
    'content-type': file.type,
    'content-length': String(file.size),
    'x-content-type-options': 'nosniff',
    ...extra,
  };
}

/** A web `Response` streaming the file (Electron's protocol handler answers with one). */
export function servedResponse(
  file: ServedFile,
  extra: Readonly<Record<string, string>> = {},
): Response {
  const body = Readable.toWeb(file.stream()) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers: servedHeaders(file, extra) });
}
