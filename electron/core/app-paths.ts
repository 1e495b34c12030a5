/**
 * Where Kiln keeps its files, computed once for both hosts (Electron's main process and the
 * browser host): the data folder holds the journal, ledger and settings; the cache and scratch
 * folders sit inside it on the same volume (moves between them are renames); logs go where the
 * platform keeps them (Electron's `logs` path) or beside the data.
 */
import path from 'node:path';
import type { Paths } from './ports';

/** Kiln's folders. */
export type AppPaths = Paths &
  Readonly<{
    /** The rotating log files (Help → Open logs folder). */
    logs: string;
  }>;

/**
 * The folders under `dataDir`; `logsDir` where the platform has its own place for logs. `p` is
 * the platform's path rules (tests pass `path.win32` and `path.posix`).
 */
export function appPaths(dataDir: string, logsDir?: string, p: path.PlatformPath = path): AppPaths {
  return {
    data: dataDir,
    cache: p.join(dataDir, 'cache', 'models'),
    temp: p.join(dataDir, 'cache', 'tmp'),
    logs: logsDir ?? p.join(dataDir, 'logs'),
  };
}
