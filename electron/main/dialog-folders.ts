/**
 * Where the OS file dialogs open. Since Electron 43 a dialog without `defaultPath` opens in the
 * user's Downloads folder and the OS no longer restores the folder last used, so the app says
 * where each dialog starts: the folder of the model opened last, and the current results folder.
 */
import path from 'node:path';

/** The folder File → Open… starts in, for this run of the app. */
export class LastModelFolder {
  #folder: string | undefined;

  /** Where the next dialog starts; undefined until a model was opened (Electron's default). */
  get folder(): string | undefined {
    return this.#folder;
  }

  /** Remembers the folder of a model the user opened, from any way of opening it. */
  opened(file: string): void {
    this.#folder = path.dirname(file);
  }
}
