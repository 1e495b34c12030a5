/**
 * Saves a download where the user chose: streamed to a hidden temporary file in the target folder
 * (same volume, so the final step is a rename), then given a safe name that never replaces an
 * existing file: `model.glb`, else `model (2).glb`, … The name is claimed with a hard link, which
 * fails if the name exists, so two saves at once cannot overwrite each other either.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../api/errors';
import type { Clock } from '../ports';
import { numbered } from './filename';
import { streamToFile } from './stream-to-file';

/** Largest result Kiln saves (game packs and print files of big models stay far below). */
export const MAX_RESULT_BYTES = 2 * 1024 * 1024 * 1024;

/** Options of {@link saveResult}. */
export type SaveOptions = Readonly<{
  response: Response;
  folder: string;
  /** An already sanitised file name. */
  fileName: string;
  clock: Clock;
  maxBytes?: number;
  /** Told the temporary file's path before it is written (the journal keeps it). */
  onPartial?: (partial: string) => Promise<void>;
  /**
   * Told the final path once the name is claimed, before the temporary file is removed, so the
   * journal can say where the result went: if Kiln is killed before it records the job as done,
   * the next run adopts that file instead of saving the result a second time.
   */
  onClaimed?: (finalPath: string) => Promise<void>;
  /**
   * Aborted when Kiln's core closes (the app quits): the download stops and its temporary file
   * is removed; from then on the journal can no longer be written, so no name is claimed, and a
   * claim that raced the close keeps its temporary file, the hard-linked twin through which the
   * next start finds the saved result.
   */
  signal?: AbortSignal;
}>;

/** Where a result was saved. */
export interface Saved {
  readonly path: string;
  readonly bytes: number;
}

/** Streams the response into `folder` under a free name. */
export async function saveResult(o: SaveOptions): Promise<Saved> {
  try {
    await mkdir(o.folder, { recursive: true });
  } catch (cause) {
    await o.response.body?.cancel().catch(() => undefined);
    throw new ApiError(
      'folder_unavailable',
      `Kiln cannot write to “${o.folder}”. Choose another folder in Settings and try again.`,
      { cause, sent: false },
    );
  }
  const partial = path.join(o.folder, `.kiln-${randomUUID()}.partial`);
  await o.onPartial?.(partial);
  const { bytes } = await streamToFile(o.response, partial, {
    maxBytes: o.maxBytes ?? MAX_RESULT_BYTES,
    clock: o.clock,
    what: `“${o.fileName}”`,
    ...(o.signal ? { signal: o.signal } : {}),
  });
  let keepTwin = false;
  try {
    o.signal?.throwIfAborted();
    const saved = { path: await claimName(partial, o.folder, o.fileName), bytes };
    keepTwin = o.signal?.aborted ?? false;
    o.signal?.throwIfAborted();
    await o.onClaimed?.(saved.path);
    return saved;
  } finally {
    if (!keepTwin) await rm(partial, { force: true });
  }
}

/**
 * The final file a temporary file of {@link saveResult} was already saved as: its hard-linked
 * twin in the same folder (a kill between claiming the name and journaling it leaves both), or
 * undefined when no name was claimed yet.
 */
export async function findSavedTwin(partial: string): Promise<string | undefined> {
  const own = await stat(partial).catch(() => undefined);
  if (!own || own.nlink < 2) return undefined;
  const folder = path.dirname(partial);
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const candidate = path.join(folder, name);
    if (candidate === partial || name.endsWith('.partial')) continue;
    const other = await stat(candidate).catch(() => undefined);
    if (other && other.ino === own.ino && other.dev === own.dev) return candidate;
  }
  return undefined;
}

/** Gives `partial` the first free name of `name`, `name (2)`, …; never replaces a file. */
async function claimName(partial: string, folder: string, name: string): Promise<string> {
  for (let n = 1; n <= 9999; n++) {
    const target = path.join(folder, numbered(name, n));
    try {
      await link(partial, target);
      return target;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EXDEV') {
        // No hard links here (FAT, some network shares): reserve the name, then move over it.
        if (await reserve(target)) {
          await rename(partial, target);
          return target;
        }
        continue;
      }
      throw error;
    }
  }
  throw new ApiError(
    'folder_full',
    `“${folder}” already holds too many files named like “${name}”.`,
  );
}

/** Creates `file` only if it does not exist. */
async function reserve(file: string): Promise<boolean> {
  try {
    await (await open(file, 'wx')).close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
