/**
 * How Kiln reaches the service: with a key, the live service at the configured base URL; without
 * one, the built-in cloud sandbox (demo mode, nothing is charged). The choice follows the key and
 * the settings at run time: adding a key switches to the live service at once, removing it
 * switches back, and a new base URL applies to the next request.
 */
import type { Connection } from './ports';

/** Options of {@link SwitchableConnection}. */
export type SwitchableConnectionOptions = Readonly<{
  /** The key, when one is set (from the key service; never logged). */
  key: () => Promise<string | undefined>;
  /**
   * True while a key is chosen, even one the current address may not use (its requests then fail
   * with the key service's reason instead of falling back to the sandbox). Default: `key` answers.
   */
  chosen?: () => boolean;
  /** The id of the active key (names its request budget; never the secret). */
  keyId?: () => string | null | undefined;
  /** Base URL of the live service (from the settings). */
  baseUrl: () => string;
  /** The platform's fetch for the live service. */
  liveFetch: typeof fetch;
  /** Builds the embedded sandbox connection; called at most once, when first needed. */
  sandbox?: () => Connection;
}>;

/** A {@link Connection} that is the live service when a key is set, else the sandbox. */
export class SwitchableConnection implements Connection {
  readonly #o: SwitchableConnectionOptions;
  #live = false;
  #sandbox: Connection | undefined;
  #budget = '';

  constructor(options: SwitchableConnectionOptions) {
    this.#o = options;
  }

  /** Re-reads the key and picks the connection; call after the key changes. */
  async refresh(): Promise<void> {
    const chosen = this.#o.chosen
      ? this.#o.chosen()
      : Boolean(await this.#o.key().catch(() => undefined));
    this.#live = chosen || !this.#o.sandbox;
    if (!this.#live) this.#sandbox ??= this.#o.sandbox!();
    this.#budget = this.#live
      ? `${this.#o.baseUrl()} key ${this.#o.keyId?.() ?? 'none'}`
      : (this.#sandbox!.budget ?? `${this.#sandbox!.baseUrl} sandbox`);
  }

  /**
   * The request budget of the key in use at this service (set at each refresh: a key or address
   * change refreshes the connection).
   */
  get budget(): string {
    return this.#budget;
  }

  /** `live` with a key (or when there is no sandbox), else `sandbox`. */
  get mode(): 'sandbox' | 'live' {
    return this.#live ? 'live' : 'sandbox';
  }

  /** The id of the active key while live (never the secret), else undefined. */
  get keyId(): string | undefined {
    return this.#live ? (this.#o.keyId?.() ?? undefined) : undefined;
  }

  get baseUrl(): string {
    return this.#live ? this.#o.baseUrl() : this.#sandbox!.baseUrl;
  }

  get fetch(): typeof fetch {
    return this.#live ? this.#o.liveFetch : this.#sandbox!.fetch;
  }

  apiKey(): Promise<string | undefined> {
    return this.#live ? this.#o.key() : this.#sandbox!.apiKey();
  }

  /**
   * The live service with `key` instead of the stored one (to try a key before it is saved); its
   * one request counts against a budget of its own, as an unknown key's would at the service.
   */
  withKey(key: string): Connection {
    const baseUrl = this.#o.baseUrl();
    return {
      mode: 'live',
      baseUrl,
      fetch: this.#o.liveFetch,
      apiKey: async () => key,
      budget: `${baseUrl} key candidate`,
    };
  }
}
