/**
 * Where Kiln's settings are kept, as a port: `electron-store` in the Electron app (an adapter in
 * electron/main), a JSON file in the browser host and tests. The store holds plain settings only;
 * the API key is never written to it (it lives in the SecretStore).
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../util/fs-atomic';

/** Persists the settings object. */
export interface SettingsStore {
  /** The stored object, or undefined when nothing is stored yet. */
  load(): Promise<unknown>;
  /** Replaces the stored object. */
  save(value: Readonly<Record<string, unknown>>): Promise<void>;
}

/** Settings in a JSON file, written atomically (temp file, flush, rename). */
export class JsonFileSettingsStore implements SettingsStore {
  readonly #file: string;

  /** @param file the settings file, e.g. `<data>/settings.json` */
  constructor(file: string) {
    this.#file = file;
  }

  async load(): Promise<unknown> {
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // A damaged file falls back to the defaults; the next save replaces it.
      return undefined;
    }
  }

  async save(value: Readonly<Record<string, unknown>>): Promise<void> {
    await writeFileAtomic(this.#file, `${JSON.stringify(value, null, 2)}\n`);
  }
}
