/**
 * Photos the user chose, registered by path under an opaque id. The renderer never sends bytes
 * through IPC: it stages a file (Electron: its path; browser host: an upload streamed to a temp
 * file) and later refers to it by id. Every staged file is checked here, in the main process,
 * whatever the renderer already checked.
 */
import { randomUUID } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkPhoto } from '../../../shared/api/rules';
import type { StagedFile } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';

/** A staged file and where it is on disk. */
export interface StagedEntry extends StagedFile {
  readonly path: string;
}

/** Registry of staged photos. */
export class FileStager {
  readonly #files = new Map<string, StagedEntry>();

  /**
   * Checks the photo at `filePath` and registers it.
   * @param displayName the name to show (an upload's original name); defaults to the file's own
   * @throws KilnError `invalid_file` with a sentence that says what to fix
   */
  async stagePath(filePath: string, displayName?: string): Promise<StagedFile> {
    const name = displayName ?? path.basename(filePath);
    let size: number;
    try {
      const info = await stat(filePath);
      if (!info.isFile()) throw new Error('not a file');
      size = info.size;
    } catch {
      throw new KilnError('invalid_file', `“${name}” could not be read. Choose the photo again.`);
    }
    const head = await readHead(filePath, 16);
    const check = checkPhoto({ name, size, head });
    if (!check.ok) throw new KilnError('invalid_file', check.message);
    const entry: StagedEntry = { id: randomUUID(), name, size, type: check.type, path: filePath };
    this.#files.set(entry.id, entry);
    return { id: entry.id, name, size, type: check.type };
  }

  /**
   * The staged file with this id.
   * @throws KilnError `unknown_file` when the id was never staged (or the app restarted)
   */
  get(id: string): StagedEntry {
    const entry = this.#files.get(id);
    if (!entry)
      throw new KilnError('unknown_file', 'That photo is no longer available. Drop it again.');
    return entry;
  }
}

async function readHead(filePath: string, bytes: number): Promise<Uint8Array> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = new Uint8Array(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
