/**
 * The session: the connection Kiln uses now, the client over it, and the one event everything
 * that depends on it follows. A change of connection (a key added, replaced, activated or
 * removed; the service address changed while live) is told to every subscriber at once: the
 * account forgets what it learned from the old connection, the jobs carry on with the new one.
 * Subscribers answer at once and do anything slow (resuming jobs, reading prices) in the
 * background: a key change never waits on the network, even under a 429 pause.
 *
 * The session is created first, so the settings and the key service can report to it, and
 * opened once the connection they feed exists.
 */
import type { ConnectionView, SettingsView } from '../../shared/ipc/contract';
import { ApiClient } from './api/client';
import type { SwitchableConnection } from './connection';
import type { Clock } from './ports';
import type { RequestScheduler } from './schedule/request-scheduler';

/** What changed the connection. */
export type ConnectionChange = Readonly<{
  reason: 'key' | 'baseUrl';
  /** The mode after the change. */
  mode: 'sandbox' | 'live';
}>;

/** Something that follows the session. Listeners run synchronously and must not throw. */
export interface SessionListener {
  /**
   * The connection changed: forget what was learned from the old one, carry on with the new.
   * Anything slow goes to the background.
   */
  connectionChanged?(change: ConnectionChange): void;
  /** The settings changed (after they were saved). */
  settingsChanged?(next: SettingsView, previous: SettingsView): void;
}

/** Options of {@link Session.open}. */
export type SessionOpenOptions = Readonly<{
  connection: SwitchableConnection;
  clock: Clock;
  /** Every request, the probes of keys included, passes it. */
  scheduler: RequestScheduler;
  /** Per-request timeout in ms (default the client's). */
  timeoutMs?: number;
  /** Aborted when the core closes: requests in flight stop (see `ApiClientOptions.stop`). */
  stop?: AbortSignal;
}>;

/**
 * A connection as Kiln records and compares it: the sandbox at its origin, or a live origin with
 * the id of the key in use (never the secret). The one place the rule "a key id belongs to a
 * live connection only" is written.
 * @example connectionIdentity({ mode: 'sandbox', origin: 'http://127.0.0.1:5000', keyId: 'k1' })
 * // { mode: 'sandbox', origin: 'http://127.0.0.1:5000' }
 */
export function connectionIdentity(
  parts: Readonly<{ mode: 'sandbox' | 'live'; origin: string; keyId?: string | null | undefined }>,
): ConnectionView {
  const { mode, origin, keyId } = parts;
  return { mode, origin, ...(mode === 'live' && keyId ? { keyId } : {}) };
}

/** The connection now, and its changes. */
export class Session {
  readonly #listeners: SessionListener[] = [];
  #open: (SessionOpenOptions & { api: ApiClient }) | undefined;

  /** Picks the connection from the key and the settings; the session is usable from then on. */
  async open(o: SessionOpenOptions): Promise<void> {
    await o.connection.refresh();
    const api = new ApiClient({
      connection: o.connection,
      clock: o.clock,
      scheduler: o.scheduler,
      ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
      ...(o.stop ? { stop: o.stop } : {}),
    });
    this.#open = { ...o, api };
  }

  /** The connection requests go through (it follows every change). */
  get connection(): SwitchableConnection {
    return this.#opened().connection;
  }

  /** The service's client over {@link connection}. */
  get api(): ApiClient {
    return this.#opened().api;
  }

  /** `live` with a key, else `sandbox` (also before the session is open). */
  get mode(): 'sandbox' | 'live' {
    return this.#open?.connection.mode ?? 'sandbox';
  }

  /**
   * The connection now (the sandbox, or the live origin and the active key's id): what a new
   * job, batch or ledger row records, and what Activity and the library compare with.
   */
  identity(): ConnectionView {
    const { connection, api } = this.#opened();
    return connectionIdentity({
      mode: connection.mode,
      origin: api.origin,
      keyId: connection.keyId,
    });
  }

  /** Adds a listener; listeners are told in the order they subscribed. */
  subscribe(listener: SessionListener): void {
    this.#listeners.push(listener);
  }

  /** The active key changed (added, replaced, activated, removed): switch and tell everyone. */
  async keyChanged(): Promise<void> {
    await this.#change('key');
  }

  /** The settings changed: a new service address is a new connection while live. */
  async settingsChanged(next: SettingsView, previous: SettingsView): Promise<void> {
    if (next.baseUrl !== previous.baseUrl && this.mode === 'live') await this.#change('baseUrl');
    for (const l of this.#listeners) l.settingsChanged?.(next, previous);
  }

  /**
   * Sends one free request with `candidate` (a key not saved yet, tried against the live service
   * on its own connection), or with the current connection; throws the typed error it meets.
   */
  async probe(candidate: string | undefined): Promise<void> {
    const o = this.#opened();
    if (!candidate) {
      await o.api.balance();
      return;
    }
    const probe = new ApiClient({
      connection: o.connection.withKey(candidate),
      clock: o.clock,
      scheduler: o.scheduler,
      ...(o.stop ? { stop: o.stop } : {}),
    });
    await probe.balance();
  }

  async #change(reason: ConnectionChange['reason']): Promise<void> {
    const { connection } = this.#opened();
    await connection.refresh();
    const change: ConnectionChange = { reason, mode: connection.mode };
    for (const l of this.#listeners) l.connectionChanged?.(change);
  }

  #opened(): SessionOpenOptions & { api: ApiClient } {
    if (!this.#open) throw new Error('The session is not open yet.');
    return this.#open;
  }
}
