/**
 * Photos the user chose, registered by path under an opaque id. The renderer never sends bytes
 * through IPC: it stages a file (Electron: its path; browser host: an upload streamed to a temp
 * file) and later refers to it by id. Every staged file is checked here, in the main process,
 * whatever the renderer already checked.
 */
import { randomUUID } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
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
    await checkDimensions(filePath, name);
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

/** Smallest side a photo may have: below it no object can be made out (a 1×1 pixel is refused). */
export const PHOTO_MIN_SIDE = 64;
/** Largest side Kiln accepts: beyond it a small file is a decompression bomb, not a photo. */
export const PHOTO_MAX_SIDE = 16_384;

/**
 * Reads the photo's size from its header (sharp reads the header only, never the pixels) and
 * refuses what cannot become a model: an unreadable image, a speck, or a dimension bomb (a small
 * file that claims billions of pixels). Refused here, nothing is uploaded or charged.
 */
async function checkDimensions(filePath: string, name: string): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(filePath, { limitInputPixels: false }).metadata());
  } catch {
    width = undefined;
  }
  if (!width || !height) {
    throw new KilnError(
      'invalid_file',
      `“${name}” cannot be read as an image; it may be damaged. Export it again as JPEG, PNG or WebP and try again.`,
    );
  }
  if (Math.min(width, height) < PHOTO_MIN_SIDE) {
    throw new KilnError(
      'invalid_file',
      `“${name}” is only ${width}×${height} pixels. Choose a photo at least ${PHOTO_MIN_SIDE} pixels on each side.`,
    );
  }
  if (Math.max(width, height) > PHOTO_MAX_SIDE) {
    throw new KilnError(
      'invalid_file',
      `“${name}” claims to be ${width}×${height} pixels, more than Kiln reads (${PHOTO_MAX_SIDE} on a side). Resize it and try again.`,
    );
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
