/**
 * The files the user opened with Kiln, newest first, for the File → Open Recent menu. Kept in a
 * small JSON file in the app's data folder, so the list survives restarts on every platform (the
 * OS's own recent-documents list is fed too, by the shell).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CoalescedFile } from '../util/coalesced-file';

/** Options of {@link RecentFiles}. */
export type RecentFilesOptions = Readonly<{
  /** The JSON file (`recent-files.json` in the data folder). */
  file: string;
  /** Entries kept; default 10. */
  limit?: number;
}>;

/** The recent-files list. */
export class RecentFiles {
  readonly #o: RecentFilesOptions;
  readonly #writer: CoalescedFile;
  #list: string[] = [];

  constructor(options: RecentFilesOptions) {
    this.#o = options;
    this.#writer = new CoalescedFile(options.file);
  }

  /** Reads the saved list; a missing or damaged file is an empty list. */
  async load(): Promise<readonly string[]> {
    try {
      const parsed = JSON.parse(await readFile(this.#o.file, 'utf8')) as unknown;
      this.#list = Array.isArray(parsed)
        ? parsed.filter((p): p is string => typeof p === 'string' && path.isAbsolute(p))
        : [];
    } catch {
      this.#list = [];
    }
    this.#list = this.#list.slice(0, this.#limit);
    return this.list();
  }

  /** Newest first. */
  list(): readonly string[] {
    return [...this.#list];
  }

  /** Puts `file` first (once) and saves the list. */
  add(file: string): Promise<readonly string[]> {
    this.#list = [file, ...this.#list.filter((f) => f !== file)].slice(0, this.#limit);
    return this.#save();
  }

  /** Removes `file` (it could not be opened any more). */
  remove(file: string): Promise<readonly string[]> {
    this.#list = this.#list.filter((f) => f !== file);
    return this.#save();
  }

  /** Empties the list. */
  clear(): Promise<readonly string[]> {
    this.#list = [];
    return this.#save();
  }

  get #limit(): number {
    return this.#o.limit ?? 10;
  }

  /** Coalesced, so an older list never lands after a newer one. */
  async #save(): Promise<readonly string[]> {
    await this.#writer.write(() => JSON.stringify(this.#list));
    return this.list();
  }
}
