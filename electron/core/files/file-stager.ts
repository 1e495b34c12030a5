/**
 * Photos the user chose, registered by path under an opaque id. The renderer never sends bytes
 * through IPC: it stages a file (Electron: its path; browser host: an upload streamed to a temp
 * file) and later refers to it by id. Every staged file is checked here, in the main process,
 * whatever the renderer already checked.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { checkPhoto } from '../../../shared/api/rules';
import type { StagedFile } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import { openUserFile } from './served-file';

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
    // Opened once: every check runs on the bytes of this handle, whatever the path names later.
    const file = await openUserFile(filePath);
    if (!file) {
      throw new KilnError('invalid_file', `“${name}” could not be read. Choose the photo again.`);
    }
    let type: StagedFile['type'];
    try {
      const check = checkPhoto({ name, size: file.size, head: await file.head(16) });
      if (!check.ok) throw new KilnError('invalid_file', check.message);
      type = check.type;
      // The dimensions come from the header, read from this handle: the first 256 kB hold it in
      // every photo but one with a larger EXIF or ICC block before it, which is read whole (at
      // most 20 MB, checked above). Reading every photo whole doubled the host's memory while a
      // 20 MB photo uploaded (bench B11).
      const head = await file.head(HEADER_BYTES);
      const size = head.length < file.size ? await dimensions(head) : undefined;
      checkDimensions(size ?? (await dimensions(await file.bytes())), name);
    } finally {
      await file.close();
    }
    const entry: StagedEntry = { id: randomUUID(), name, size: file.size, type, path: filePath };
    this.#files.set(entry.id, entry);
    return { id: entry.id, name, size: file.size, type };
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

/** How much of a photo is read first for its header. */
const HEADER_BYTES = 256 * 1024;

interface Size {
  readonly width: number;
  readonly height: number;
}

/** A photo's size from its header (sharp reads the header only), or undefined if unreadable. */
async function dimensions(bytes: Uint8Array): Promise<Size | undefined> {
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the photo's size from its header (sharp reads the header only, never the pixels) and
 * refuses what cannot become a model: an unreadable image, a speck, or a dimension bomb (a small
 * file that claims billions of pixels). Refused here, nothing is uploaded or charged.
 */
function checkDimensions(size: Size | undefined, name: string): void {
  const { width, height } = size ?? { width: 0, height: 0 };
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
