/**
 * The one check of a folder that results are saved in, shared by a single tool's run and a
 * batch's plan so both refuse the same folder with the same sentence.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { KilnError } from '../../../shared/ipc/errors';

/**
 * Answers `folder` when results can be saved there (a full path); it is not normalised, so the
 * caller keeps what the user chose.
 * @throws KilnError `invalid_folder` (field `folder`) for a relative or empty path
 * @example exportFolder(undefined, '/home/ana/Kiln') // '/home/ana/Kiln'
 */
export function exportFolder(folder: string | undefined, settingsFolder: string): string {
  const target = folder ?? settingsFolder;
  if (!path.isAbsolute(target)) {
    throw new KilnError('invalid_folder', 'Choose the folder to save in with its full path.', {
      field: 'folder',
    });
  }
  return target;
}

/**
 * The nearest existing path at or above `folder` when it is a file (results could never be saved
 * there), else undefined: a folder that does not exist yet is created when the first result is
 * saved.
 */
export async function fileInTheWay(folder: string): Promise<string | undefined> {
  for (let at = folder; ; at = path.dirname(at)) {
    const found = await stat(at).catch(() => undefined);
    if (found) return found.isDirectory() ? undefined : at;
    if (path.dirname(at) === at) return undefined;
  }
}
