/**
 * Kiln's settings: the live service's base URL, the request and job budgets, the export folder
 * and a spending warning. Read tolerantly (a damaged or old field falls back to its default, the
 * others are kept), checked on every change, saved through the {@link SettingsStore} port.
 */
import path from 'node:path';
import { z } from 'zod';
import type { SettingsPatch, SettingsView } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import { normalizeUsd } from '../../../shared/money';
import {
  DEFAULT_PLATFORM_URL,
  SETTING_KEYS,
  SETTINGS,
  settingsOfKind,
  settingSpec,
  type SettingKey,
} from '../../../shared/settings';
import type { SettingsStore } from './settings-store';
import { fileInTheWay } from '../files/export-folder';

/** Defaults that depend on the platform. */
export type SettingsDefaults = Readonly<{
  baseUrl: string;
  exportDir: string;
  requestBudget?: number;
  maxConcurrentJobs?: number;
  /** The service's web platform (keys, top-ups). */
  platformUrl?: string;
  /** True where no welcome should show (tests that are not about the first run). */
  welcomeSeen?: boolean;
  /** False where background preparation starts off (e2e tests that are not about it). */
  prepareInBackground?: boolean;
}>;

export { DEFAULT_PLATFORM_URL };

/**
 * Where a key may be used: the origin of the service address and of the platform address in
 * place when the user entered (or confirmed) it.
 */
export type KeyBinding = Readonly<{ origin: string; platform: string }>;

/**
 * The named keys Kiln keeps: only names, masked suffixes, the origins each belongs to and which
 * one is active. The secrets live in the keychain, one entry per key id. `activeId: null` means
 * the user chose the sandbox; absent means never chosen. Entries written before keys were bound
 * have no origin: the key service binds them to the address set at the next start.
 */
export type KeyIndex = Readonly<{
  activeId?: string | null;
  keys: ReadonlyArray<
    Readonly<{
      id: string;
      name: string;
      suffix?: string;
      addedAt: number;
      /** Origin of the service address the key was entered or confirmed for. */
      origin?: string;
      /** Origin of the platform address confirmed with it. */
      platform?: string;
    }>
  >;
}>;

const KeyIndexSchema = z.object({
  activeId: z.string().nullable().optional(),
  keys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      suffix: z.string().max(8).optional(),
      addedAt: z.number(),
      origin: z.string().optional(),
      platform: z.string().optional(),
    }),
  ),
});

/** The origin of an address Kiln checked (`https://api.example.com/v1` → `https://api.example.com`). */
export function originOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : url;
}

/** Options of {@link SettingsService}. */
export type SettingsServiceOptions = Readonly<{
  store: SettingsStore;
  defaults: SettingsDefaults;
  /** Called after a change is saved, with the new and the previous settings. */
  onChange?: (next: SettingsView, previous: SettingsView) => void | Promise<void>;
}>;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The base URL in its stored form, or a sentence saying what is wrong with it. Only https is
 * allowed, except for a service on this machine: the key travels in every request.
 */
export function checkBaseUrl(
  value: string,
): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return {
      ok: false,
      message: `“${value}” is not a web address: enter one that starts with https://.`,
    };
  }
  if (url.username || url.password || url.search || url.hash) {
    return {
      ok: false,
      message: 'The service address must not carry a user name, a query or a #part.',
    };
  }
  const local = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !local) {
    return {
      ok: false,
      message:
        'The service address must start with https:// (your API key travels with every request).',
    };
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** The stored form: each setting's declared value, when it is valid. */
type StoredSettings = {
  [K in SettingKey]?: z.infer<(typeof SETTINGS)[K]['schema']>;
} & { keyIndex?: KeyIndex | undefined };

/**
 * The stored form, read tolerantly: each declared setting (shared/settings.ts) falls back on its
 * own when its value breaks the declaration; the others are kept.
 */
const stored = z.object({
  ...Object.fromEntries(
    SETTING_KEYS.map((key) => [key, settingSpec(key).schema.optional().catch(undefined)]),
  ),
  keyIndex: KeyIndexSchema.optional().catch(undefined),
}) as z.ZodType<StoredSettings>;

/** Optional dollar thresholds: absent means "off", `null` in a patch turns one off. */
const USD_FIELDS = settingsOfKind('usd');

/** Whole-number settings: their ranges and refusals are the declarations'. */
const INT_FIELDS = settingsOfKind('int');

/** Settings taken as they come (a choice the patch schema already checked, or a switch). */
const PLAIN_FIELDS = [...settingsOfKind('choice'), ...settingsOfKind('flag')];

/** Remembered choices: taken as the patch schema checked them; `null` forgets one. */
const MEMORY_FIELDS = settingsOfKind('memory');

/** Reads, checks and saves the settings. */
export class SettingsService {
  readonly #o: SettingsServiceOptions;
  #current: SettingsView;
  #keyIndex: KeyIndex = { keys: [] };
  #writing: Promise<void> = Promise.resolve();

  constructor(options: SettingsServiceOptions) {
    this.#o = options;
    this.#current = this.#withDefaults({});
  }

  /** Loads the stored settings; unreadable fields take their defaults. */
  async load(): Promise<SettingsView> {
    const parsed = stored.safeParse((await this.#o.store.load()) ?? {});
    const value = parsed.success ? parsed.data : {};
    const base = value.baseUrl ? checkBaseUrl(value.baseUrl) : undefined;
    const platform = value.platformUrl ? checkBaseUrl(value.platformUrl) : undefined;
    this.#keyIndex = value.keyIndex ?? { keys: [] };
    this.#current = this.#withDefaults({
      ...value,
      baseUrl: base?.ok ? base.url : undefined,
      platformUrl: platform?.ok ? platform.url : undefined,
      exportDir: value.exportDir && path.isAbsolute(value.exportDir) ? value.exportDir : undefined,
    });
    return this.get();
  }

  /** The current settings. */
  get(): SettingsView {
    return { ...this.#current };
  }

  /**
   * Applies a change, saves it and reports it.
   * @throws KilnError `invalid_setting` with the field and a sentence when a value is refused
   */
  async set(patch: SettingsPatch): Promise<SettingsView> {
    const next: Record<string, unknown> = { ...this.#storedForm() };
    if (patch.baseUrl !== undefined) {
      const checked = checkBaseUrl(patch.baseUrl);
      if (!checked.ok)
        throw new KilnError('invalid_setting', checked.message, { field: 'baseUrl' });
      next['baseUrl'] = checked.url;
    }
    if (patch.platformUrl !== undefined) {
      const checked = checkBaseUrl(patch.platformUrl);
      if (!checked.ok) {
        throw new KilnError('invalid_setting', checked.message.replace('service', 'platform'), {
          field: 'platformUrl',
        });
      }
      next['platformUrl'] = checked.url;
    }
    for (const field of INT_FIELDS) {
      const value = patch[field];
      if (value === undefined) continue;
      const range = settingSpec(field).range!;
      if (!Number.isInteger(value) || value < range.min || value > range.max) {
        throw new KilnError('invalid_setting', range.refusal, { field });
      }
      next[field] = value;
    }
    for (const field of PLAIN_FIELDS) {
      if (patch[field] !== undefined) next[field] = patch[field];
    }
    if (patch.exportDir === null) delete next['exportDir'];
    else if (patch.exportDir !== undefined) {
      if (!path.isAbsolute(patch.exportDir)) {
        throw new KilnError(
          'invalid_setting',
          'Choose the export folder with its full path (for example /home/you/Models).',
          { field: 'exportDir' },
        );
      }
      const folder = path.normalize(patch.exportDir);
      const blocked = await fileInTheWay(folder);
      if (blocked) {
        throw new KilnError(
          'invalid_setting',
          `${blocked} is a file, not a folder: choose a folder (Kiln creates it if it does not exist yet).`,
          { field: 'exportDir' },
        );
      }
      next['exportDir'] = folder;
    }
    for (const field of USD_FIELDS) {
      const value = patch[field];
      if (value === null) delete next[field];
      else if (value !== undefined) next[field] = normalizeUsd(value);
    }
    for (const field of MEMORY_FIELDS) {
      const value = patch[field];
      if (value === null) delete next[field];
      else if (value !== undefined) next[field] = value;
    }

    const previous = this.get();
    this.#current = this.#withDefaults(next);
    await this.#save();
    await this.#o.onChange?.(this.get(), previous);
    return this.get();
  }

  /** The service and platform origins now set: what a key entered now belongs to. */
  keyBinding(): KeyBinding {
    return {
      origin: originOf(this.#current.baseUrl),
      platform: originOf(this.#current.platformUrl ?? DEFAULT_PLATFORM_URL),
    };
  }

  /** The named keys' index (never the secrets). */
  keyIndex(): KeyIndex {
    return this.#keyIndex;
  }

  /** Replaces and saves the named keys' index. */
  async setKeyIndex(index: KeyIndex): Promise<void> {
    this.#keyIndex = index;
    await this.#save();
  }

  async #save(): Promise<void> {
    const data = this.#storedForm();
    if (this.#keyIndex.keys.length || this.#keyIndex.activeId !== undefined) {
      data['keyIndex'] = this.#keyIndex;
    }
    this.#writing = this.#writing.catch(() => undefined).then(() => this.#o.store.save(data));
    await this.#writing;
  }

  /** Only the values that differ from the defaults are stored, so new defaults reach old installs. */
  #storedForm(): Record<string, unknown> {
    const d = this.#withDefaults({});
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(this.#current)) {
      if (v !== undefined && v !== d[k as keyof SettingsView]) out[k] = v;
    }
    return out;
  }

  /**
   * Each setting: its value, else the platform's default, else its declared one; a setting with
   * none of the three (a dollar threshold that is off) is left out.
   */
  #withDefaults(value: Record<string, unknown>): SettingsView {
    const platform: Readonly<Record<string, unknown>> = this.#o.defaults;
    const out: Record<string, unknown> = {};
    for (const key of SETTING_KEYS) {
      const chosen =
        value[key] ?? platform[key] ?? (SETTINGS[key] as { default?: unknown }).default;
      // A dollar threshold is off when empty, as when absent.
      if (chosen === undefined || (SETTINGS[key].kind === 'usd' && !chosen)) continue;
      out[key] = chosen;
    }
    return out as SettingsView;
  }
}
