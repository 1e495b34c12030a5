/**
 * The settings port on `electron-store`: Electron's own settings file in the app's user-data
 * folder, written atomically. It holds plain settings only; the API key stays in the keychain.
 * Its JSON schema and migrations come from the settings' declarations (shared/settings.ts), the
 * way electron-store is meant to be used (the same options in electron-store 11 and 12).
 */
import Store from 'electron-store';
import {
  dropInvalidSettings,
  SETTINGS_MIGRATIONS,
  settingsJsonSchema,
} from '../../shared/settings';
import type { SettingsStore } from '../core/settings/settings-store';

type Stored = Record<string, unknown>;

/** electron-store's own bookkeeping (the migrations' version), kept across saves. */
const INTERNAL = '__internal__';

const OPTIONS = {
  name: 'settings',
  schema: settingsJsonSchema(),
  migrations: SETTINGS_MIGRATIONS,
} as const;

/**
 * Opens the store. A value that breaks its schema (a file edited by hand, or written by a newer
 * Kiln) would make electron-store refuse the whole file: that value is dropped instead, and the
 * others are kept, as the settings service reads the browser host's file.
 */
function open(): Store<Stored> {
  try {
    return new Store<Stored>(OPTIONS as ConstructorParameters<typeof Store<Stored>>[0]);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('Config schema violation')) {
      throw error;
    }
    const raw = new Store<Stored>({ name: 'settings' });
    raw.store = dropInvalidSettings(raw.store);
    return new Store<Stored>(OPTIONS as ConstructorParameters<typeof Store<Stored>>[0]);
  }
}

/** Settings in electron-store's `settings.json`. */
export class ElectronSettingsStore implements SettingsStore {
  readonly #store = open();
  readonly #saved: ((value: Readonly<Record<string, unknown>>) => void) | undefined;

  /** @param saved told each saved object (main's theme follows the Appearance setting) */
  constructor(saved?: (value: Readonly<Record<string, unknown>>) => void) {
    this.#saved = saved;
  }

  async load(): Promise<unknown> {
    const { [INTERNAL]: _internal, ...settings } = this.#store.store;
    return settings;
  }

  async save(value: Readonly<Record<string, unknown>>): Promise<void> {
    const internal = this.#store.store[INTERNAL];
    this.#store.store = { ...value, ...(internal !== undefined ? { [INTERNAL]: internal } : {}) };
    this.#saved?.(value);
  }
}
