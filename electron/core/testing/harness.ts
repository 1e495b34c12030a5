/**
 * Helpers of the core's tests: ports for a data folder, an event recorder, a logger that keeps
 * what it was told (to prove the key never reaches it), and waiting for a condition. The sandbox
 * is passed in by the tests themselves (the core may only import it from test files).
 */
import path from 'node:path';
import type { EventName } from '../../../shared/ipc/channels';
import type { EventPayload, JobView } from '../../../shared/ipc/contract';
import { systemClock, type Clock, type Logger, type Ports } from '../ports';
import { MemorySecretStore, type SecretStore } from '../secrets/secret-store';
import { JsonFileSettingsStore } from '../settings/settings-store';
import type { Services } from '../services';

/** Every event the core emitted, in order. */
export interface Recorded {
  readonly events: Array<{ event: EventName; payload: unknown }>;
  /** Every log line with its data. */
  readonly logs: Array<{ level: string; message: string; data?: Record<string, unknown> }>;
  jobs(): JobView[];
}

/** Options of {@link testPorts}. */
export type TestPortsOptions = Readonly<{
  dataDir: string;
  baseUrl: string;
  /** The stored key (absent: no key). */
  key?: string;
  secrets?: SecretStore;
  fetch?: typeof fetch;
  clock?: Clock;
  exportDir?: string;
}>;

/** Ports of a core under test; events and logs land in `recorded`. */
export function testPorts(o: TestPortsOptions): { ports: Ports; recorded: Recorded } {
  const events: Recorded['events'] = [];
  const logs: Recorded['logs'] = [];
  const log =
    (level: string) =>
    (message: string, data?: Record<string, unknown>): void =>
      void logs.push({ level, message, ...(data ? { data } : {}) });
  const logger: Logger = { info: log('info'), warn: log('warn'), error: log('error') };
  const ports: Ports = {
    paths: {
      data: o.dataDir,
      cache: path.join(o.dataDir, 'cache'),
      temp: path.join(o.dataDir, 'tmp'),
    },
    clock: o.clock ?? systemClock,
    logger,
    appVersion: 'test',
    cacheFileUrl: (f) => `test://${f}`,
    emit: <E extends EventName>(event: E, payload: EventPayload<E>) =>
      void events.push({ event, payload }),
    secrets: o.secrets ?? new MemorySecretStore(o.key),
    settings: new JsonFileSettingsStore(path.join(o.dataDir, 'settings.json')),
    liveFetch: o.fetch ?? fetch,
    defaults: { baseUrl: o.baseUrl, exportDir: o.exportDir ?? path.join(o.dataDir, 'exports') },
  };
  return {
    ports,
    recorded: {
      events,
      logs,
      jobs: () => events.filter((e) => e.event === 'jobs.updated').map((e) => e.payload as JobView),
    },
  };
}

/** Polls `check` (real time) until it returns a value, or throws after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits until job `id` reaches one of `states`. */
export function untilJob(
  services: Services,
  id: string,
  states: readonly JobView['state'][],
  timeoutMs = 60_000,
): Promise<JobView> {
  return waitFor(
    () => services.jobs.list().find((j) => j.id === id && states.includes(j.state)),
    `job ${id} to reach ${states.join('/')}`,
    timeoutMs,
  );
}

/** Final states and the unknown outcome: nothing moves on its own any more. */
export const SETTLED: readonly JobView['state'][] = [
  'done',
  'failed',
  'cancelled',
  'outcome_unknown',
];

/** Fast polling for tests against a sandbox with short task times. */
export const FAST_POLLING = {
  pollTiming: { first: 50, factor: 1.5, cap: 300, errorCap: 1000, near: 50 },
} as const;
