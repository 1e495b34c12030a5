/**
 * The API keys, over the {@link SecretStore} port. Kiln keeps several named keys (for example one
 * per project, each with its own spending limit on the platform) and uses one of them, the active
 * one; with none active it uses the sandbox. Each secret lives in its own keychain entry; the
 * settings keep only names, masked suffixes and the active id. A key is set from the renderer
 * once and never handed back: the renderer learns only names, suffixes and where each is kept.
 * When no secure store is available, or the keychain refuses a key, it is kept in memory for
 * this session only and the state says why.
 *
 * **A key belongs to the service origin it was added for.** Each key records the origin of the
 * service address (and the platform address) in place when the user entered it. Kiln hands out a
 * key only for requests to that origin: changing the service address — by the user, or by a page
 * gone wrong — never carries a stored key to the new one. To use the key there, the user pastes
 * it again, or confirms it for the new address outside the page (a native dialog of the desktop
 * app's main process; the browser host has none, so pasting is its only way). The platform pages
 * Kiln opens in the system browser come from the same binding, never from a free page setting.
 *
 * Nothing here puts a key in a log, a file other than the OS keychain, an event or an error.
 */
import { randomUUID } from 'node:crypto';
import type { KeyEntryView, KeyStateView, KeyTestResult } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import { ApiError, AuthError } from '../api/errors';
import type { ConfirmKeyOrigin, Logger } from '../ports';
import type { KeyBinding, KeyIndex } from '../settings/settings-service';
import { DEFAULT_KEY_ENTRY, type SecretStore } from './secret-store';

/** Options of {@link KeyService}. */
export type KeyServiceOptions = Readonly<{
  secrets: SecretStore;
  /** Why `secrets` is not secure, when it is not (shown to the user). */
  insecureReason?: string;
  logger: Logger;
  /** Sends one free request with `key` (or the current key); throws the typed error it meets. */
  probe: (key: string | undefined) => Promise<void>;
  /** Called after the active key changed (the connection switches). */
  onChange: () => Promise<void>;
  /** The current connection mode, for the state. */
  mode: () => 'sandbox' | 'live';
  /** Where the names, suffixes and active id are kept (the settings); memory when absent. */
  index?: Readonly<{ get(): KeyIndex; set(index: KeyIndex): Promise<void> }>;
  /** The service and platform origins now set (from the settings). */
  binding: () => KeyBinding;
  /**
   * The platform origin Kiln was started with (not a page setting); its pages may always open.
   */
  defaultPlatform?: string;
  /** The native confirmation of a key for a new origin; absent where there is none (browser host). */
  confirmOrigin?: ConfirmKeyOrigin;
}>;

/** A stored key's entry. */
type Entry = KeyIndex['keys'][number];

const NO_SECURE_STORE =
  'No system keychain is available, so Kiln keeps the key only until it quits. Install or unlock your keychain (on Linux: a Secret Service such as GNOME Keyring) to keep it.';
const KEYCHAIN_REFUSED =
  'The system keychain did not accept the key, so Kiln keeps it only until it quits. Unlock your keychain and add the key again to keep it.';
/** Name of a key an older Kiln stored without one. */
const UNNAMED = 'API key';

/** The last characters of a key, enough to recognise it and too few to use it. */
export function maskKey(key: string): string | undefined {
  return key.length >= 12 ? `…${key.slice(-4)}` : undefined;
}

/** Trims a pasted key and checks that it can be one; the error never repeats it. */
function checkKey(raw: string): string {
  const key = raw.trim();
  if (!/^[\x21-\x7e]{8,512}$/.test(key)) {
    throw new KilnError(
      'invalid_key',
      'That does not look like an API key: paste the whole key, without spaces or line breaks.',
      { field: 'key' },
    );
  }
  return key;
}

function memoryIndex(): NonNullable<KeyServiceOptions['index']> {
  let index: KeyIndex = { keys: [] };
  return {
    get: () => index,
    set: async (next) => {
      index = next;
    },
  };
}

/** Keeps the keys and reports their state. */
export class KeyService {
  readonly #o: KeyServiceOptions;
  readonly #index: NonNullable<KeyServiceOptions['index']>;
  /** Secrets by key id, read from their entries at load and kept for requests. */
  readonly #secrets = new Map<string, string>();
  /** Keys kept in memory only (no secure store, or it refused them). */
  readonly #sessionOnly = new Set<string>();
  #reason: string | undefined;

  constructor(options: KeyServiceOptions) {
    this.#o = options;
    this.#index = options.index ?? memoryIndex();
    if (!options.secrets.secure) this.#reason = options.insecureReason ?? NO_SECURE_STORE;
  }

  /**
   * Reads the stored keys (a failing keychain reads as no key, with a warning). A key an older
   * Kiln kept in the store's own entry is adopted as a named key, active unless the user chose.
   */
  async load(): Promise<void> {
    let index = this.#index.get();
    const read = async (id: string) => {
      try {
        const value = await this.#o.secrets.named(id).get();
        if (value) this.#secrets.set(id, value);
      } catch {
        this.#o.logger.warn('the keychain could not be read');
      }
    };
    await read(DEFAULT_KEY_ENTRY);
    const legacy = this.#secrets.get(DEFAULT_KEY_ENTRY);
    if (legacy && !index.keys.some((k) => k.id === DEFAULT_KEY_ENTRY)) {
      index = {
        activeId: index.activeId === undefined ? DEFAULT_KEY_ENTRY : index.activeId,
        keys: [
          {
            id: DEFAULT_KEY_ENTRY,
            name: UNNAMED,
            ...suffixOf(legacy),
            addedAt: Date.now(),
            ...this.#o.binding(),
          },
          ...index.keys,
        ],
      };
      await this.#index.set(index);
    }
    await Promise.all(index.keys.filter((k) => k.id !== DEFAULT_KEY_ENTRY).map((k) => read(k.id)));
    // Keys of a Kiln that did not bind them yet belong to the service address set when it ran.
    if (index.keys.some((k) => !k.origin)) {
      const binding = this.#o.binding();
      await this.#index.set({
        ...index,
        keys: index.keys.map((k) => (k.origin ? k : { ...k, ...binding })),
      });
    }
  }

  /**
   * The active key for the `Authorization` header of a request to the service address now set.
   * Never log or return it across IPC. It reads the address in the same turn as the client builds
   * the request's URL from it, so the two cannot disagree.
   * @throws AuthError `key_not_for_origin` (never sent) when the active key was added for another
   *   service origin and not confirmed for this one
   */
  async key(): Promise<string | undefined> {
    const entry = this.#active();
    if (!entry) return undefined;
    const { origin } = this.#o.binding();
    if (entry.origin !== origin) {
      throw new AuthError('key_not_for_origin', this.#notForOrigin(entry, origin), { sent: false });
    }
    return this.#secrets.get(entry.id);
  }

  /** True while a stored key is the active one (Kiln is live), usable here or not. */
  chosen(): boolean {
    const entry = this.#active();
    return entry !== undefined && this.#secrets.has(entry.id);
  }

  /**
   * Origins of the platform pages Kiln may open in the system browser: the platform Kiln was
   * started with, and the one confirmed with the active key for the service address now set.
   * A page setting alone never adds one.
   */
  platformOrigins(): string[] {
    const origins = new Set<string>();
    if (this.#o.defaultPlatform) origins.add(this.#o.defaultPlatform);
    const entry = this.#active();
    if (entry?.platform && entry.origin === this.#o.binding().origin) origins.add(entry.platform);
    return [...origins];
  }

  /**
   * Binds a stored key to the service address now set, after the user confirmed it outside the
   * page (the desktop app's native dialog).
   * @throws KilnError `unknown_key`, `key_missing`, `confirm_unavailable` (the browser host: paste
   *   the key again instead) or `not_confirmed` (the user said no)
   */
  async confirmOrigin(id: string): Promise<KeyStateView> {
    const entry = this.#find(id);
    if (!this.#secrets.has(id)) {
      throw new KilnError(
        'key_missing',
        `Kiln no longer has the secret of “${entry.name}”. Paste the key again with Replace.`,
      );
    }
    const binding = this.#o.binding();
    if (entry.origin === binding.origin && entry.platform === binding.platform) return this.state();
    if (!this.#o.confirmOrigin) {
      throw new KilnError(
        'confirm_unavailable',
        `A browser page cannot confirm “${entry.name}” for ${binding.origin}: paste the key again with Replace to use it there.`,
      );
    }
    const yes = await this.#o.confirmOrigin({
      keyName: entry.name,
      from: entry.origin ?? 'an unknown address',
      to: binding.origin,
      platform: binding.platform,
    });
    if (!yes) {
      throw new KilnError(
        'not_confirmed',
        `“${entry.name}” stays with ${entry.origin}: Kiln will not send it to ${binding.origin}.`,
      );
    }
    // The user answered outside the page: the address may have changed meanwhile, so bind the
    // key to what they were shown, and use it only if that is still the address set.
    const index = this.#index.get();
    await this.#index.set({
      ...index,
      keys: index.keys.map((k) => (k.id === id ? { ...k, ...binding } : k)),
    });
    this.#o.logger.info('a key was confirmed for a new service address', { to: binding.origin });
    if (index.activeId === id) await this.#o.onChange();
    return this.state();
  }

  /** What the renderer may know. */
  state(): KeyStateView {
    const index = this.#index.get();
    const keys = index.keys.map((k) => this.#entry(k, index.activeId));
    const active = keys.find((k) => k.active && !k.missing);
    const insecure = active ? active.storage === 'session' : !this.#o.secrets.secure;
    return {
      present: Boolean(active),
      ...(active?.suffix ? { suffix: active.suffix } : {}),
      storage: active ? active.storage : 'none',
      ...(insecure && this.#reason ? { reason: this.#reason } : {}),
      mode: this.#o.mode(),
      ...(active ? { activeId: active.id } : {}),
      keys,
      origin: this.#o.binding().origin,
      confirmable: this.#o.confirmOrigin !== undefined,
    };
  }

  /**
   * Stores a key (in the keychain when there is one, else for this session) and makes it the
   * active one: a new key, or a new secret for the stored key `id`.
   * @throws KilnError `invalid_key` when it cannot be a key (the message never repeats it),
   *   `unknown_key` when `id` names no stored key
   */
  async set(raw: string, o: Readonly<{ name?: string; id?: string }> = {}): Promise<KeyStateView> {
    const key = checkKey(raw);
    const index = this.#index.get();
    const existing = o.id ? this.#find(o.id) : undefined;
    const id = existing?.id ?? (index.keys.length ? randomUUID() : DEFAULT_KEY_ENTRY);
    await this.#store(id, key);
    // A key entered now belongs to the service address now set (and its platform).
    const entry = {
      id,
      name: o.name?.trim() || existing?.name || `Key ${index.keys.length + 1}`,
      ...suffixOf(key),
      addedAt: existing?.addedAt ?? Date.now(),
      ...this.#o.binding(),
    };
    await this.#index.set({
      activeId: id,
      keys: existing
        ? index.keys.map((k) => (k.id === id ? entry : k))
        : [...index.keys.filter((k) => k.id !== id), entry],
    });
    await this.#o.onChange();
    return this.state();
  }

  /**
   * Forgets a stored key everywhere (default the active one). Removing the active key switches
   * Kiln to the sandbox.
   * @throws KilnError `unknown_key` when `id` names no stored key
   */
  async remove(id?: string): Promise<KeyStateView> {
    const index = this.#index.get();
    const target = id ?? index.activeId ?? undefined;
    if (!target) return this.state();
    this.#find(target);
    await this.#o.secrets
      .named(target)
      .delete()
      .catch(() => {
        this.#o.logger.warn('the keychain entry could not be deleted');
      });
    this.#secrets.delete(target);
    this.#sessionOnly.delete(target);
    const wasActive = index.activeId === target;
    await this.#index.set({
      activeId: wasActive ? null : index.activeId,
      keys: index.keys.filter((k) => k.id !== target),
    });
    if (wasActive) await this.#o.onChange();
    return this.state();
  }

  /**
   * Makes a stored key the active one, or (`null`) switches to the sandbox.
   * @throws KilnError `unknown_key`, or `key_missing` when its secret is gone
   */
  async activate(id: string | null): Promise<KeyStateView> {
    if (id !== null) {
      const entry = this.#find(id);
      if (!this.#secrets.has(id)) {
        throw new KilnError(
          'key_missing',
          `Kiln no longer has the secret of “${entry.name}” (it was kept for an earlier session only). Paste the key again with Replace.`,
        );
      }
    }
    const index = this.#index.get();
    if (index.activeId === id) return this.state();
    await this.#index.set({ ...index, activeId: id });
    await this.#o.onChange();
    return this.state();
  }

  /**
   * Tries a key with one free request: a pasted one (at the service address now set), a stored
   * one or the active one (each only at the origin it belongs to).
   */
  async test(candidate?: string, id?: string): Promise<KeyTestResult> {
    let key = candidate?.trim() || undefined;
    const stored = key ? undefined : id ? this.#find(id) : this.#active();
    if (stored) {
      const { origin } = this.#o.binding();
      if (stored.origin !== origin) {
        return {
          ok: false,
          code: 'key_not_for_origin',
          message: this.#notForOrigin(stored, origin),
        };
      }
      key = this.#secrets.get(stored.id);
      if (!key) {
        return {
          ok: false,
          code: 'key_missing',
          message: 'Kiln no longer has this key. Paste it again with Replace.',
        };
      }
    }
    if (!key) {
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

  #active(): Entry | undefined {
    const index = this.#index.get();
    return index.activeId ? index.keys.find((k) => k.id === index.activeId) : undefined;
  }

  #notForOrigin(entry: Entry, origin: string): string {
    const from = entry.origin ?? 'another address';
    return this.#o.confirmOrigin
      ? `“${entry.name}” was added for ${from}. Kiln will not send it to ${origin} unless you confirm it for this address or paste it again (Account → Keys).`
      : `“${entry.name}” was added for ${from}. Kiln will not send it to ${origin}: paste it again for this address (Account → Keys → Replace).`;
  }

  #find(id: string): Entry {
    const entry = this.#index.get().keys.find((k) => k.id === id);
    if (!entry) {
      throw new KilnError('unknown_key', 'Kiln has no key by that name any more. Add it again.');
    }
    return entry;
  }

  async #store(id: string, key: string): Promise<void> {
    this.#sessionOnly.delete(id);
    if (this.#o.secrets.secure) {
      try {
        await this.#o.secrets.named(id).set(key);
      } catch {
        this.#sessionOnly.add(id);
        this.#reason = KEYCHAIN_REFUSED;
        this.#o.logger.warn('the keychain refused the key; kept for this session only');
      }
    } else {
      this.#sessionOnly.add(id);
      await this.#o.secrets.named(id).set(key);
    }
    this.#secrets.set(id, key);
  }

  #entry(k: Entry, activeId: string | null | undefined): KeyEntryView {
    const missing = !this.#secrets.has(k.id);
    const session = this.#sessionOnly.has(k.id) || !this.#o.secrets.secure;
    return {
      id: k.id,
      name: k.name,
      ...(k.suffix ? { suffix: k.suffix } : {}),
      storage: missing ? 'none' : session ? 'session' : 'keychain',
      active: k.id === activeId,
      missing,
      addedAt: k.addedAt,
      ...(k.origin ? { origin: k.origin } : {}),
    };
  }
}

function suffixOf(key: string): { suffix?: string } {
  const suffix = maskKey(key);
  return suffix ? { suffix } : {};
}
