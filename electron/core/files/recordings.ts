/**
 * Saves the recordings the viewer makes (turntable videos and GIFs) where the user chose. The
 * page sends a recording in pieces (the browser host's WebSocket takes messages of at most 1 MiB),
 * which are written to a scratch file; `finish` moves it into the folder under a safe name that
 * never replaces a file, the way exports are saved. Saved recordings are remembered by id for
 * the session, so the page can drag them out or show them in their folder without naming a path.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, mkdir, open, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { RecordingView } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import type { Clock, Paths } from '../ports';
import { sanitizeFilename } from './filename';
import { saveResult } from './save-result';
import { fileInTheWay } from './export-folder';

/** Largest recording Kiln saves: a 20 s 1080p GIF stays well below. */
export const MAX_RECORDING_BYTES = 1024 * 1024 * 1024;
/** Recordings being written at once (one per window is the normal case). */
const MAX_OPEN = 4;
/** The kinds of file a recording may be. */
const EXTENSIONS = ['webm', 'mp4', 'gif'] as const;

interface Open {
  readonly temp: string;
  readonly handle: FileHandle;
  readonly folder: string;
  readonly fileName: string;
  bytes: number;
}

/** Refuses a folder a recording could not be saved in, in the turntable panel's words. */
async function checkFolder(folder: string): Promise<void> {
  const blocked = await fileInTheWay(folder);
  if (blocked) {
    throw new KilnError(
      'bad_folder',
      `“${blocked}” is a file, not a folder: type another folder in “Save in” (Kiln creates it if it does not exist).`,
    );
  }
  // Nothing is made yet (a cancelled recording leaves no folder): the nearest folder that exists
  // must let Kiln make the rest and write there.
  let existing = folder;
  while (!(await stat(existing).catch(() => undefined)) && path.dirname(existing) !== existing) {
    existing = path.dirname(existing);
  }
  try {
    await access(existing, constants.W_OK);
  } catch {
    throw new KilnError(
      'bad_folder',
      `Kiln cannot write to “${folder}”: type another folder in “Save in”.`,
    );
  }
}

/** A saved recording's file. */
export interface SavedRecording {
  readonly path: string;
  readonly name: string;
}

/** Options of {@link Recordings}. */
export type RecordingsOptions = Readonly<{ paths: Paths; clock: Clock; maxBytes?: number }>;

/** Recordings in progress and saved this session. */
export class Recordings {
  readonly #o: RecordingsOptions;
  readonly #open = new Map<string, Open>();
  readonly #saved = new Map<string, SavedRecording>();

  constructor(options: RecordingsOptions) {
    this.#o = options;
  }

  /**
   * Starts a recording to be saved in `folder` as `fileName`. The folder is checked now (made if
   * missing, and writable), so a recording nobody could save is refused before it is rendered.
   * @throws KilnError `bad_folder` for a relative path, a file in the way or a folder Kiln cannot
   *   write to (each sentence points at the turntable's own "Save in" field); `busy` when too
   *   many are open
   */
  async start(fileName: string, folder: string): Promise<{ recordingId: string }> {
    if (!path.isAbsolute(folder)) {
      throw new KilnError(
        'bad_folder',
        'Type the folder’s full path, for example /home/you/Videos or C:\\Users\\you\\Videos.',
      );
    }
    await checkFolder(folder);
    if (this.#open.size >= MAX_OPEN) {
      throw new KilnError('busy', 'Kiln is already saving several recordings. Try again shortly.');
    }
    const name = sanitizeFilename(fileName, {
      fallbackStem: 'kiln-turntable',
      extensions: [...EXTENSIONS],
    });
    await mkdir(this.#o.paths.temp, { recursive: true });
    // `.partial`: a run that ends before `finish` leaves nothing the next start does not remove.
    const temp = path.join(this.#o.paths.temp, `${randomUUID()}.recording.partial`);
    const handle = await open(temp, 'wx');
    const recordingId = randomUUID();
    this.#open.set(recordingId, { temp, handle, folder, fileName: name, bytes: 0 });
    return { recordingId };
  }

  /**
   * Appends a piece (base64) to a recording.
   * @throws KilnError `unknown_recording`, `too_large`
   */
  async append(recordingId: string, base64: string): Promise<{ bytes: number }> {
    const rec = this.#get(recordingId);
    const bytes = Buffer.from(base64, 'base64');
    if (rec.bytes + bytes.length > (this.#o.maxBytes ?? MAX_RECORDING_BYTES)) {
      await this.cancel(recordingId);
      throw new KilnError(
        'too_large',
        'This recording is larger than Kiln saves (1 GB): record it shorter or smaller.',
      );
    }
    await rec.handle.write(bytes);
    rec.bytes += bytes.length;
    return { bytes: rec.bytes };
  }

  /**
   * Saves a recording into its folder and answers where.
   * @throws KilnError `unknown_recording`, or the save's `folder_unavailable`
   */
  async finish(recordingId: string): Promise<RecordingView> {
    const rec = this.#get(recordingId);
    this.#open.delete(recordingId);
    try {
      await rec.handle.close();
      const saved = await saveResult({
        response: new Response(Readable.toWeb(createReadStream(rec.temp)) as ReadableStream),
        folder: rec.folder,
        fileName: rec.fileName,
        clock: this.#o.clock,
        maxBytes: this.#o.maxBytes ?? MAX_RECORDING_BYTES,
      });
      const name = path.basename(saved.path);
      this.#saved.set(recordingId, { path: saved.path, name });
      return { recordingId, name, path: saved.path, bytes: saved.bytes };
    } finally {
      await rm(rec.temp, { force: true });
    }
  }

  /** Drops a recording in progress (cancelled, or failed in the page). Unknown ids are fine. */
  async cancel(recordingId: string): Promise<void> {
    const rec = this.#open.get(recordingId);
    if (!rec) return;
    this.#open.delete(recordingId);
    await rec.handle.close().catch(() => undefined);
    await rm(rec.temp, { force: true });
  }

  /** Where a recording of this session was saved. */
  saved(recordingId: string): SavedRecording | undefined {
    return this.#saved.get(recordingId);
  }

  #get(recordingId: string): Open {
    const rec = this.#open.get(recordingId);
    if (!rec) {
      throw new KilnError(
        'unknown_recording',
        'Kiln is not saving this recording any more. Record it again.',
      );
    }
    return rec;
  }
}
