/**
 * The API key, over the {@link SecretStore} port. It is set from the renderer once and never
 * handed back: the renderer learns only whether a key is set, its last four characters and where
 * it is kept. When no secure store is available, or the keychain refuses the key, it is kept in
 * memory for this session only and the state says why.
 *
 * Nothing here puts the key in a log, a file other than the OS keychain, an event or an error.
 */
import type { KeyStateView, KeyTestResult } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import { ApiError } from '../api/errors';
import type { Logger } from '../ports';
import type { SecretStore } from './secret-store';

/** Options of {@link KeyService}. */
export type KeyServiceOptions = Readonly<{
  secrets: SecretStore;
  /** Why `secrets` is not secure, when it is not (shown to the user). */
  insecureReason?: string;
  logger: Logger;
  /** Sends one free request with `key` (or the current key); throws the typed error it meets. */
  probe: (key: string | undefined) => Promise<void>;
  /** Called after the key changed (the connection switches between sandbox and live). */
  onChange: () => Promise<void>;
  /** The current connection mode, for the state. */
  mode: () => 'sandbox' | 'live';
}>;

const NO_SECURE_STORE =
  'No system keychain is available, so Kiln keeps the key only until it quits. Install or unlock your keychain (on Linux: a Secret Service such as GNOME Keyring) to keep it.';
const KEYCHAIN_REFUSED =
  'The system keychain did not accept the key, so Kiln keeps it only until it quits. Unlock your keychain and add the key again to keep it.';

/** The last characters of a key, enough to recognise it and too few to use it. */
export function maskKey(key: string): string | undefined {
  return key.length >= 12 ? `…${key.slice(-4)}` : undefined;
}

/** Keeps the key and reports its state. */
export class KeyService {
  readonly #o: KeyServiceOptions;
  #key: string | undefined;
  /** Kept in memory only (no secure store, or it refused the key). */
  #sessionOnly = false;
  #reason: string | undefined;

  constructor(options: KeyServiceOptions) {
    this.#o = options;
    if (!options.secrets.secure) this.#reason = options.insecureReason ?? NO_SECURE_STORE;
  }

  /** Reads the stored key (a failing keychain reads as no key, with the reason kept). */
  async load(): Promise<void> {
    try {
      this.#key = (await this.#o.secrets.get()) ?? undefined;
    } catch {
      this.#key = undefined;
      this.#o.logger.warn('the keychain could not be read');
    }
  }

  /** The key for the `Authorization` header. Never log or return it across IPC. */
  async key(): Promise<string | undefined> {
    return this.#key;
  }

  /** What the renderer may know. */
  state(): KeyStateView {
    const secure = this.#o.secrets.secure && !this.#sessionOnly;
    const suffix = this.#key ? maskKey(this.#key) : undefined;
    return {
      present: Boolean(this.#key),
      ...(suffix ? { suffix } : {}),
      storage: this.#key ? (secure ? 'keychain' : 'session') : 'none',
      ...(!secure && this.#reason ? { reason: this.#reason } : {}),
      mode: this.#o.mode(),
    };
  }

  /**
   * Stores a key: in the keychain when there is one, else for this session.
   * @throws KilnError `invalid_key` when it cannot be a key (the message never repeats it)
   */
  async set(raw: string): Promise<KeyStateView> {
    const key = raw.trim();
    if (!/^[\x21-\x7e]{8,512}$/.test(key)) {
      throw new KilnError(
        'invalid_key',
        'That does not look like an API key: paste the whole key, without spaces or line breaks.',
        { field: 'key' },
      );
    }
    this.#sessionOnly = false;
    if (this.#o.secrets.secure) {
      try {
        await this.#o.secrets.set(key);
      } catch {
        this.#sessionOnly = true;
        this.#reason = KEYCHAIN_REFUSED;
        this.#o.logger.warn('the keychain refused the key; kept for this session only');
      }
    } else {
      await this.#o.secrets.set(key);
    }
    this.#key = key;
    await this.#o.onChange();
    return this.state();
  }

  /** Forgets the key everywhere. */
  async remove(): Promise<KeyStateView> {
    await this.#o.secrets.delete().catch(() => {
      this.#o.logger.warn('the keychain entry could not be deleted');
    });
    this.#key = undefined;
    this.#sessionOnly = false;
    if (this.#o.secrets.secure) this.#reason = undefined;
    await this.#o.onChange();
    return this.state();
  }

  /** Tries a key (the given one, or the stored one) with one free request. */
  async test(candidate?: string): Promise<KeyTestResult> {
    const key = candidate?.trim() || undefined;
    if (!key && !this.#key) {
      return { ok: false, code: 'no_key', message: 'No API key is set. Paste one to test it.' };
    }
    try {
      await this.#o.probe(key);
      return { ok: true, message: 'The service accepted the key.' };
    } catch (error) {
      if (error instanceof ApiError) {
        // Messages of ApiErrors are Kiln's own sentences and never contain the key.
        return { ok: false, code: error.code, message: error.message };
      }
      return { ok: false, code: 'internal', message: 'Kiln could not test the key. Try again.' };
    }
  }
}
