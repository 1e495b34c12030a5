/**
 * The platform the core runs on, injected: Electron's main process and the browser host each
 * build a `Ports` from their own adapters, tests build one from fakes. Nothing in the core
 * reaches for a global (time, fetch, files of the user's profile, the keychain) except through
 * these.
 */
import type { EventName } from '../../shared/ipc/channels';
import type { EventPayload } from '../../shared/ipc/contract';
import type { SecretStore } from './secrets/secret-store';
import type { SettingsDefaults } from './settings/settings-service';
import type { SettingsStore } from './settings/settings-store';
import type { UpdateSource } from './update/update-source';

/** Time, injectable so pollers and schedulers run under fake timers. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Structured logging. Never pass the API key or an Authorization header to it. */
export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/** What the user is asked before a key is used with another service address. */
export type KeyOriginQuestion = Readonly<{
  /** The key's name ("Client A"), never the key. */
  keyName: string;
  /** The service origin the key was added for. */
  from: string;
  /** The service origin it would be used with from now on. */
  to: string;
  /** The platform origin confirmed along with it (keys and top-ups pages). */
  platform: string;
}>;

/**
 * Asks the user, outside the page, whether a key may be used with another service origin (the
 * desktop app's native dialog). Answers true only when the user said yes.
 */
export type ConfirmKeyOrigin = (question: KeyOriginQuestion) => Promise<boolean>;

/**
 * How the core reaches the service: the live service with the user's key, or the built-in
 * sandbox (demo mode) whose handler is called in-process as `fetch`.
 */
export interface Connection {
  readonly mode: 'sandbox' | 'live';
  /** Origin (and optional path prefix) of the service, e.g. `https://api.example.com`. */
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  /** The bearer key, read when needed; never logged or written to a file. */
  apiKey(): Promise<string | undefined>;
  /**
   * The request budget this connection's requests count against: the service counts per key, so
   * it names the key (by its id, never its secret) and the service. Default: the base URL.
   */
  readonly budget?: string;
}

/** Folders the core writes to. */
export interface Paths {
  /** Durable app data: journal, ledger, indexes. */
  readonly data: string;
  /** Content-addressed cache of models and pictures. */
  readonly cache: string;
  /** Scratch files (uploads in progress, partial downloads). Same volume as `cache`. */
  readonly temp: string;
}

/** Pushes a contract event to the renderer(s). */
export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Everything the core needs from its host. */
export interface Ports {
  readonly paths: Paths;
  readonly clock: Clock;
  readonly emit: Emit;
  readonly logger: Logger;
  /** The URL under which the renderer can load a file of the cache, by its file name. */
  cacheFileUrl(fileName: string): string;
  readonly appVersion: string;
  /** Where the API key lives (the OS keychain, or memory for the session). */
  readonly secrets: SecretStore;
  /** Why `secrets` is not a secure store, in words for the user. */
  readonly insecureSecretsReason?: string;
  /** Where the settings live (electron-store in the app, a JSON file elsewhere). */
  readonly settings: SettingsStore;
  /** The platform's fetch for the live service. */
  readonly liveFetch: typeof fetch;
  /** Builds the embedded sandbox connection (demo mode, used while no key is set). */
  readonly sandbox?: () => Connection;
  /** Defaults of the settings that depend on the platform (handed to the settings service). */
  readonly defaults: SettingsDefaults;
  /**
   * Opens an https page of the platform in the system browser; answers false where Kiln cannot
   * (the browser host: the renderer then shows the address as a link). Absent: always false.
   */
  readonly openExternal?: (url: string) => Promise<boolean>;
  /**
   * Asks the user for a folder with the platform's picker; undefined when they cancel. Absent
   * where there is none (the browser host): the renderer then asks for a typed path.
   */
  readonly chooseFolder?: () => Promise<string | undefined>;
  /**
   * Asks the user, outside the page, whether a stored key may be used with a new service address
   * (Electron: a native dialog of the main process). Absent in the browser host, where a page
   * cannot be told from the user: there the key must be pasted again.
   */
  readonly confirmKeyOrigin?: ConfirmKeyOrigin;
  /**
   * The OS's preferred languages, most wanted first (Electron: `app.getPreferredSystemLanguages()`),
   * which the page follows when the Language setting is "Follow the system". Absent in the browser
   * host, whose page reads its browser's `navigator.languages`.
   */
  readonly systemLanguages?: () => readonly string[];
  /** Shows a file in the OS file manager (Electron's `shell.showItemInFolder`); absent elsewhere. */
  readonly showInFolder?: (file: string) => void | Promise<void>;
  /** Kiln's update feed (the packaged desktop app); absent where Kiln does not update itself. */
  readonly updates?: UpdateSource;
  /** How this copy of Kiln updates when there is no `updates`, in words for the user. */
  readonly updatesUnsupported?: string;
  /**
   * A one-time URL from which the page's drag can download a finished result (the browser host,
   * where the drag hands Chromium a `DownloadURL`); absent where the OS drags the file itself.
   */
  readonly downloadUrl?: (file: Readonly<{ path: string; name: string }>) => string;
  /**
   * The compatible-GLB conversion's worker entry: the built `convert-worker.js` beside Electron's
   * main bundle. Absent when Kiln runs from source (the browser host, tests): the TypeScript
   * entry is then loaded through tsx.
   */
  readonly convertWorker?: URL;
}
