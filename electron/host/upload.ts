/**
 * Receives a photo the page streams to the host (the browser has no file paths) into a temp
 * file, refusing it as soon as it passes the size limit, and stages it with the core.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PHOTO_MAX_BYTES } from '../../shared/api/rules';
import { formatBytes } from '../../shared/format';
import type { StagedFile } from '../../shared/ipc/contract';
import { KilnError, type IpcResult } from '../../shared/ipc/errors';
import type { FileStager } from '../core/files/file-stager';

/** Streams the request body to `dir` and stages it. Never throws. */
export async function receiveUpload(
  req: IncomingMessage,
  dir: string,
  files: FileStager,
): Promise<IpcResult<StagedFile>> {
  const rawName = String(req.headers['x-file-name'] ?? 'photo');
  let name: string;
  try {
    name = decodeURIComponent(rawName).slice(0, 255) || 'photo';
  } catch {
    name = 'photo';
  }
  const tooLarge = (size: number): IpcResult<StagedFile> => ({
    ok: false,
    error: {
      code: 'invalid_file',
      message: `“${name}” is ${formatBytes(size)}; photos can be at most 20 MB. Resize or re-export it smaller.`,
    },
  });
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > PHOTO_MAX_BYTES) {
    req.resume();
    return tooLarge(declared);
  }
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, randomUUID());
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(bytes > PHOTO_MAX_BYTES ? new Error('too large') : null, chunk);
    },
  });
  try {
    await pipeline(req, limit, createWriteStream(file));
  } catch {
    await rm(file, { force: true });
    if (bytes > PHOTO_MAX_BYTES) return tooLarge(bytes);
    return {
      ok: false,
      error: { code: 'upload_failed', message: `“${name}” did not arrive whole. Drop it again.` },
    };
  }
  try {
    return { ok: true, value: await files.stagePath(file, name) };
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof KilnError) return { ok: false, error: error.toIpc() };
    return {
      ok: false,
      error: { code: 'internal', message: 'Kiln could not take this file. Try again.' },
    };
  }
}
