/**
 * The API key's store, as a port: the OS keychain in the app, a memory store in tests.
 */

/** Where the API key lives. Implementations must never log or persist the value elsewhere. */
export interface SecretStore {
  /** True when the store is a secure OS store (keychain, Secret Service, Credential Manager). */
  readonly secure: boolean;
  get(): Promise<string | undefined>;
  set(value: string): Promise<void>;
  delete(): Promise<void>;
  /**
   * The entry of one named key in the same store (Kiln keeps several keys, each under its own
   * entry). `named(DEFAULT_KEY_ENTRY)` is this entry itself, the one older versions wrote.
   */
  named(name: string): SecretStore;
}

/** Name of the entry a single, unnamed key lives in (the store's own entry). */
export const DEFAULT_KEY_ENTRY = 'default';

/** A session-only store: used in tests, and when no secure store is available. */
export class MemorySecretStore implements SecretStore {
  readonly secure = false;
  #value: string | undefined;
  readonly #children = new Map<string, MemorySecretStore>();
  constructor(initial?: string) {
    this.#value = initial;
  }
  named(name: string): SecretStore {
    if (name === DEFAULT_KEY_ENTRY) return this;
    let child = this.#children.get(name);
    if (!child) this.#children.set(name, (child = new MemorySecretStore()));
    return child;
  }
  async get(): Promise<string | undefined> {
    return this.#value;
  }
  async set(value: string): Promise<void> {
    this.#value = value;
  }
  async delete(): Promise<void> {
    this.#value = undefined;
  }
}
