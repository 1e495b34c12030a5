/**
 * Atomic file writes: write a temp file beside the target, flush it, then rename over the
 * target, so a crash never leaves a half-written file under a final name.
 *
 * On Windows, a rename over a file fails with EPERM, EBUSY or EACCES while another program has it
 * open without FILE_SHARE_DELETE — antivirus scanning the new file, the search indexer, OneDrive
 * syncing the folder — usually for a few milliseconds to a few seconds. So the rename is retried,
 * with a growing pause, for a bounded time (the policy of `atomically`, which electron-store uses,
 * and of npm's `graceful-fs`), before it gives up with an error that names the file and the likely
 * holder. Whatever happens, the old file stays whole and the temp file is removed.
 */
import { randomUUID } from 'node:crypto';
import * as fsPromises from 'node:fs/promises';
import path from 'node:path';

/** The file operations a write uses; injectable so tests can hold a file the way Windows does. */
export type AtomicFs = Pick<typeof fsPromises, 'mkdir' | 'open' | 'rename' | 'rm'>;

/** How long a rename over a held file is retried, and how. */
export type LockRetry = Readonly<{
  /** Total time to keep retrying, in ms. */
  budgetMs: number;
  /** First pause, in ms; each next pause doubles, up to `maxDelayMs`. */
  firstDelayMs: number;
  /** Longest pause between two tries, in ms. */
  maxDelayMs: number;
}>;

/**
 * The default: 7.5 s in all (`atomically`'s budget for async writes), the pause doubling from
 * 20 ms to 1 s, so a brief scan costs little and a sync client gets time to let go.
 */
export const DEFAULT_LOCK_RETRY: LockRetry = {
  budgetMs: 7_500,
  firstDelayMs: 20,
  maxDelayMs: 1_000,
};

/** Error codes of a target held by another program (Windows) or a passing descriptor shortage. */
const HELD_CODES = new Set(['EPERM', 'EBUSY', 'EACCES', 'EMFILE', 'ENFILE', 'EAGAIN']);

/** Options of {@link writeFileAtomic}. */
export type WriteFileAtomicOptions = Readonly<{
  /** The file operations (default: `node:fs/promises`). */
  fs?: AtomicFs;
  /** The retry policy for a held target (default: {@link DEFAULT_LOCK_RETRY}). */
  retry?: LockRetry;
}>;

/**
 * A write that could not replace its target within the retry budget. Keeps the `code` of the
 * last failure so callers can tell a held file from other errors; the old file is intact.
 */
export class FileHeldError extends Error {
  readonly code: string;
  readonly file: string;
  constructor(file: string, code: string, waitedMs: number, cause: unknown) {
    super(
      `Could not save ${path.basename(file)}: another program kept it open for ${(waitedMs / 1000).toFixed(1)} s (${code}). ` +
        `The previous version is intact. If an antivirus, the search indexer or a sync client (OneDrive, Dropbox) ` +
        `watches ${path.dirname(file)}, exclude that folder or close the program, then try again.`,
      { cause },
    );
    this.name = 'FileHeldError';
    this.code = code;
    this.file = file;
  }
}

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Renames `from` over `to`, retrying while the target is held, within `retry.budgetMs`. */
async function renameOverHeld(
  fs: AtomicFs,
  from: string,
  to: string,
  retry: LockRetry,
): Promise<void> {
  const start = Date.now();
  let delay = retry.firstDelayMs;
  for (;;) {
    try {
      await fs.rename(from, to);
      return;
    } catch (error) {
      const code = codeOf(error);
      if (!code || !HELD_CODES.has(code)) throw error;
      const waited = Date.now() - start;
      if (waited + delay > retry.budgetMs) throw new FileHeldError(to, code, waited, error);
      await pause(delay);
      delay = Math.min(delay * 2, retry.maxDelayMs);
    }
  }
}

/** Writes `data` to `file` atomically, waiting out a target briefly held by another program. */
export function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  options: WriteFileAtomicOptions = {},
): Promise<void> {
  const write = writeAtomically(file, data, options);
  pending.add(write);
  void write.then(
    () => pending.delete(write),
    () => pending.delete(write),
  );
  return write;
}

/** Atomic writes under way in this process (their temp files exist until they end). */
const pending = new Set<Promise<void>>();

/**
 * Resolves once no atomic write of this process is under way, the ones that start meanwhile
 * included. The core's close ends with it: a write a last message started (a setting, a journal,
 * the budget) must not create its temp file in a data folder being removed (an e2e teardown's
 * ENOTEMPTY).
 */
export async function atomicWritesSettled(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}

async function writeAtomically(
  file: string,
  data: string | Uint8Array,
  options: WriteFileAtomicOptions,
): Promise<void> {
  const fs = options.fs ?? fsPromises;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.partial`;
  const handle = await fs.open(temp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await renameOverHeld(fs, temp, file, options.retry ?? DEFAULT_LOCK_RETRY);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}
