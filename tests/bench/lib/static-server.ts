/**
 * A static file server on 127.0.0.1 for the baseline pages and the fixtures, with the same
 * `cache-control: no-store` the browser host sends, so neither side gets a warm HTTP cache.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.hdr': 'application/octet-stream',
};

/** A running static server. */
export interface StaticServer {
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves `mounts` (URL prefix → folder), first match wins. */
export async function serveStatic(mounts: Record<string, string>): Promise<StaticServer> {
  const entries = Object.entries(mounts).sort((a, b) => b[0].length - a[0].length);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const pathname = decodeURIComponent(url.pathname);
      for (const [prefix, dir] of entries) {
        if (!pathname.startsWith(prefix)) continue;
        const rel = pathname.slice(prefix.length) || 'index.html';
        const file = path.resolve(dir, rel);
        if (!file.startsWith(path.resolve(dir) + path.sep)) break;
        const info = await stat(file).catch(() => undefined);
        if (!info?.isFile()) break;
        res.writeHead(200, {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'content-length': String(info.size),
          'cache-control': 'no-store',
        });
        createReadStream(file).pipe(res);
        return;
      }
      res.writeHead(404).end();
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
