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
}

/** A session-only store: used in tests, and when no secure store is available. */
export class MemorySecretStore implements SecretStore {
  readonly secure = false;
  #value: string | undefined;
  constructor(initial?: string) {
    this.#value = initial;
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
