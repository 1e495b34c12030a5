/**
 * The cache folder as a whole. Besides the indexed models and thumbnails it holds files other
 * paths put there (a saved remesh copied in to be previewed, a model opened from the desktop),
 * and the scratch folder beside it holds photos uploaded by the browser host. What the cache
 * line reports, and what Clear removes, is all of it: nothing Kiln wrote is left uncounted.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the browser host receives photos before they are staged, inside the scratch folder
 * (`electron/host/host.ts` writes uploads to `<temp>/uploads`).
 */
export const UPLOADS_FOLDER = 'uploads';

/** A file of a cache folder and its size. */
export interface FolderFile {
  readonly name: string;
  readonly bytes: number;
}

/** The files directly in `dir` (not in its subfolders); none when it does not exist. */
export async function folderFiles(dir: string): Promise<FolderFile[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files = await Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => {
        const size = await stat(path.join(dir, e.name)).then(
          (s) => s.size,
          () => undefined,
        );
        return size === undefined ? undefined : { name: e.name, bytes: size };
      }),
  );
  return files.filter((f): f is FolderFile => f !== undefined);
}

/** Removes `files` (names in `dir`); a file already gone is no error. */
export async function removeFiles(dir: string, files: readonly FolderFile[]): Promise<void> {
  await Promise.all(files.map((f) => rm(path.join(dir, f.name), { force: true })));
}

/** Total bytes of `files`. */
export function totalBytes(files: readonly FolderFile[]): number {
  return files.reduce((sum, f) => sum + f.bytes, 0);
}
