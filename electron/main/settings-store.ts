/**
 * The settings port on `electron-store`: Electron's own settings file in the app's user-data
 * folder, written atomically. It holds plain settings only; the API key stays in the keychain.
 */
import Store from 'electron-store';
import type { SettingsStore } from '../core/settings/settings-store';

/** Settings in electron-store's `settings.json`. */
export class ElectronSettingsStore implements SettingsStore {
  readonly #store = new Store<Record<string, unknown>>({ name: 'settings' });

  async load(): Promise<unknown> {
    return { ...this.#store.store };
  }

  async save(value: Readonly<Record<string, unknown>>): Promise<void> {
    this.#store.store = { ...value };
  }
}
