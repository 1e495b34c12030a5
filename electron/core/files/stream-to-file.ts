/**
 * Streams a download's body to a file, hashing it on the way, refusing it as soon as it passes a
 * size cap, and giving up when no byte arrives for a while (the request's own timeout only covers
 * the wait for the headers). The file is written whole or removed: callers rename it into place.
 * A `signal` (the core closing) stops the stream at once; the file is removed before it throws.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError, CancelledError, TimeoutError } from '../api/errors';
import type { Clock } from '../ports';
import { formatBytes } from '../../../shared/format';

/** Options of {@link streamToFile}. */
export type StreamOptions = Readonly<{
  maxBytes: number;
  clock: Clock;
  /** Longest pause between two chunks; default 60 s. */
  idleMs?: number;
  /** What the file is, for messages ("The model file"). */
  what: string;
  /** Stops the download (Kiln closing, a cancel): the file is removed, then a CancelledError thrown. */
  signal?: AbortSignal;
}>;

/** What was written. */
export interface Streamed {
  readonly bytes: number;
  /** SHA-256 of the content, hex. */
  readonly sha256: string;
}

/**
 * Writes `response`'s body to `file` (created or replaced).
 * @throws ApiError `too_large`, `empty_answer`, `download_failed`, TimeoutError on a stall, or
 *   CancelledError when `signal` aborts; the file is removed (never created when it was already
 *   aborted)
 */
export async function streamToFile(
  response: Response,
  file: string,
  o: StreamOptions,
): Promise<Streamed> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > o.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(o, declared);
  }
  if (o.signal?.aborted) {
    await response.body?.cancel().catch(() => undefined);
    throw stopped(o, o.signal.reason);
  }
  if (!response.body) throw new ApiError('empty_answer', `${o.what} arrived empty. Try again.`);
  const hash = createHash('sha256');
  let bytes = 0;
  const idleMs = o.idleMs ?? 60_000;
  let timer: unknown;
  let stalled = false;
  const source = Readable.fromWeb(response.body as never);
  const arm = () => {
    o.clock.clearTimeout(timer);
    timer = o.clock.setTimeout(() => {
      stalled = true;
      source.destroy(new Error('stalled'));
    }, idleMs);
  };
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      arm();
      bytes += chunk.length;
      if (bytes > o.maxBytes) return done(tooLarge(o, bytes));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  arm();
  try {
    await pipeline(source, meter, createWriteStream(file), o.signal ? { signal: o.signal } : {});
  } catch (error) {
    await rm(file, { force: true });
    if (o.signal?.aborted) throw stopped(o, error);
    if (error instanceof ApiError) throw error;
    if (stalled) {
      throw new TimeoutError('timeout', `${o.what} stopped arriving. Kiln will try again.`, {
        cause: error,
      });
    }
    throw new ApiError(
      'download_failed',
      `${o.what} download was interrupted. Kiln will try again.`,
      {
        cause: error,
      },
    );
  } finally {
    o.clock.clearTimeout(timer);
  }
  if (bytes === 0) {
    await rm(file, { force: true });
    throw new ApiError('empty_answer', `${o.what} arrived empty. Try again.`);
  }
  return { bytes, sha256: hash.digest('hex') };
}

function stopped(o: StreamOptions, cause: unknown): CancelledError {
  return new CancelledError('cancelled', `${o.what} was stopped before it was complete.`, {
    cause,
  });
}

function tooLarge(o: StreamOptions, bytes: number): ApiError {
  return new ApiError(
    'too_large',
    `${o.what} is ${formatBytes(bytes)}, more than Kiln accepts (${formatBytes(o.maxBytes)}).`,
  );
}
