/**
 * The API key in the OS keychain through `@napi-rs/keyring` (macOS Keychain, Windows Credential
 * Manager, Linux Secret Service). Used by both Electron's main process and the browser host.
 *
 * On Linux the entry is pinned to the Secret Service: the library's default would silently fall
 * back to the kernel keyring, which forgets the key at logout and is readable by any process of
 * the session. When no Secret Service answers, callers keep the key for the session only and
 * tell the user why.
 */
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import { DEFAULT_KEY_ENTRY, type SecretStore } from './secret-store';

/** Keychain service name of Kiln's entries. */
export const KEYRING_SERVICE = 'dev.kiln.desktop';

const PINNED: EntryOptions = { linux: { store: 'secret-service' } };

/** A secret in the OS keychain under {@link KEYRING_SERVICE} and `account`. */
export class KeyringSecretStore implements SecretStore {
  readonly secure = true;
  readonly #entry: AsyncEntry;
  readonly #account: string;
  readonly #service: string;

  /** @throws when no secure store is available (check {@link KeyringSecretStore.available} first) */
  constructor(account = 'api-key', service = KEYRING_SERVICE) {
    this.#entry = new AsyncEntry(service, account, PINNED);
    this.#account = account;
    this.#service = service;
  }

  /** A named key's own keychain entry: account `<account>.<name>` under the same service. */
  named(name: string): SecretStore {
    if (name === DEFAULT_KEY_ENTRY) return this;
    return new KeyringSecretStore(`${this.#account}.${name}`, this.#service);
  }

  async get(): Promise<string | undefined> {
    return (await this.#entry.getPassword()) ?? undefined;
  }

  async set(value: string): Promise<void> {
    await this.#entry.setPassword(value);
  }

  async delete(): Promise<void> {
    await this.#entry.deletePassword();
  }

  /** True when the OS store answers (on Linux: a Secret Service is running and unlocked). */
  static async available(): Promise<boolean> {
    try {
      await new AsyncEntry(KEYRING_SERVICE, 'availability-probe', PINNED).getPassword();
      return true;
    } catch {
      return false;
    }
  }
}
