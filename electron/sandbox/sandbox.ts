/**
 * `createSandbox`: wires state, persistence, billing, limits, tasks, jobs and routes into one
 * web-standard handler.
 */
import { BuildFailureSharesSchema } from './service/build-failures';
import path from 'node:path';
import { LIMITS } from '../../shared/api/rules';
import { normalizeUsd } from '../../shared/money';
import { createApp } from './http/app';
import type { buildArtifact } from './artifacts';
import { Chaos, burstResponse, corrupt, errorResponse, sleep } from './http/chaos';
import { SandboxCore } from './service/core';
import {
  cachedGenerator,
  cachedRetexturer,
  warmGenerator,
  type Generator,
} from './service/generation';
import { Jobs } from './service/jobs';
import {
  DiskFileStore,
  JsonStateStore,
  MemoryFileStore,
  MemoryStateStore,
} from './service/persist';
import { PriceList } from './service/prices';
import { RateLimiter } from './http/rate-limit';
import { seedSamples } from './service/samples';
import { seedLibrary } from './service/seed';
import { emptyState } from './service/state';
import { Tasks } from './service/tasks';
import type { Sandbox, SandboxOptions } from './types';

/** Default key of the sandbox's account. */
export const DEFAULT_SANDBOX_KEY = 'sk-sandbox-demo';

/** Test hook: options that are not part of the public surface. */
export interface SandboxInternals {
  /** Replaces the photo → model generator. */
  generator?: Generator;
  /** Replaces the job builders (e.g. to make a build fail). */
  builder?: typeof buildArtifact;
  /**
   * Sees each request as it reaches the service, before it is answered (a test changes the
   * account as a call arrives, so Kiln cannot have read the change first).
   */
  onRequest?: (request: Request) => void;
}

function checkSeconds(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a number ≥ 0`);
  return value;
}

/**
 * Creates a sandbox: the whole service of service-api.md as `fetch`.
 * @example
 * const sandbox = createSandbox({ keys: ['sk-test'], taskSeconds: 0 });
 * const res = await sandbox.fetch(new Request('http://sandbox/api/platform/balance', {
 *   headers: { Authorization: 'Bearer sk-test' },
 * }));
 */
export function createSandbox(
  options: SandboxOptions = {},
  internals: SandboxInternals = {},
): Sandbox {
  const clock = options.clock ?? { now: () => Date.now() };
  const keys = options.keys ?? [DEFAULT_SANDBOX_KEY];
  if (keys.length === 0) throw new RangeError('The sandbox needs at least one key');
  if (new Set(keys).size > LIMITS.keysPerUser) {
    throw new RangeError(`An account holds at most ${LIMITS.keysPerUser} keys`);
  }
  const taskSeconds = checkSeconds('taskSeconds', options.taskSeconds ?? 3);
  const stateStore = options.dataDir ? new JsonStateStore(options.dataDir) : new MemoryStateStore();
  const files = options.dataDir
    ? new DiskFileStore(path.join(options.dataDir, 'files'))
    : new MemoryFileStore();
  const loaded = stateStore.load();
  const state =
    loaded ?? emptyState(keys, normalizeUsd(options.balanceUsd ?? '25.00'), clock.now());
  // Samples are for a new account only: one that existed before keeps its library as it was.
  if (!loaded && options.sampleModels) state.samples = 'pending';
  // Samples to make (now, or those a start interrupted): their worker loads meanwhile, off this
  // thread, so the first listing does not wait for it as well.
  if (state.samples === 'pending') warmGenerator(options.generatorWorker);
  // Keys given now always work, also on a reloaded state (the demo key must never be lost).
  for (const key of keys) {
    if (!state.account.keys.some((k) => k.key === key)) {
      state.account.keys.push({ key, revoked: false, createdAt: clock.now() });
    }
  }
  if (options.monthlyLimitUsd !== undefined)
    state.account.monthlyLimitUsd = normalizeUsd(options.monthlyLimitUsd);
  if (options.keyLimitUsd !== undefined)
    state.account.keyLimitUsd = normalizeUsd(options.keyLimitUsd);
  if (options.buildFailures !== undefined)
    state.buildFailures = BuildFailureSharesSchema.parse(options.buildFailures);

  const core = new SandboxCore({
    state,
    files,
    stateStore,
    clock,
    prices: new PriceList(options.prices),
    settings: {
      taskSeconds,
      jobSeconds: checkSeconds('jobSeconds', options.jobSeconds ?? taskSeconds / 3),
      linkSeconds: checkSeconds('linkSeconds', options.linkSeconds ?? 300),
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    },
  });
  const generate = cachedGenerator(internals.generator, options.generatorWorker);
  const retexture = cachedRetexturer(options.generatorWorker);
  const tasks = new Tasks(core, generate, retexture);
  const jobs = new Jobs(core, internals.builder);
  const app = createApp({
    core,
    tasks,
    jobs,
    limiter: new RateLimiter(options.requestsPerMinute ?? LIMITS.requestsPerMinute),
    openThumbnails: options.openThumbnails ?? false,
    samples: () => samples(),
  });
  const chaos = options.chaos?.inProcess ? new Chaos(options.chaos) : undefined;

  const ready = (async () => {
    await seedLibrary(core, {
      websiteModels: options.websiteModels ?? 0,
      apiModels: options.seedModels ?? 0,
      apiFamilies: options.seedFamilies ?? 0,
    });
    tasks.resume();
    jobs.resume();
    core.changed();
  })();
  // A failed seed surfaces on the first request; do not crash the process on it meanwhile.
  ready.catch(() => undefined);

  // The first-run samples start when first wanted (the first listing of the library, which the
  // app asks for once it has started), never during the start itself; a failure is logged and
  // tried again at the next start, while this one lists what there is.
  let seeding: Promise<void> | undefined;
  const samples = (): Promise<void> =>
    (seeding ??=
      state.samples === 'pending'
        ? ready
            .then(() => seedSamples(core, { generate, retexture }))
            .catch((error: unknown) => {
              // Closing drops the samples' queued work: they are finished at the next start.
              if (!core.generationQueue.closed)
                console.error('sandbox: the sample models could not be made', error);
            })
        : Promise.resolve());

  // The requests being answered: `close` waits for them, so no upload, task or state write lands
  // in the data folder after it (an e2e teardown removed the folder while an upload was still
  // writing into it: ENOTEMPTY). Requests that come while closing are answered 503.
  const answering = new Set<Promise<Response>>();
  let closing = false;
  const handle = (request: Request): Promise<Response> => {
    if (closing) {
      return Promise.resolve(
        Response.json({ detail: 'The sandbox is shutting down.' }, { status: 503 }),
      );
    }
    internals.onRequest?.(request);
    const answer = ready.then(() => app.fetch(request));
    answering.add(answer);
    const done = () => void answering.delete(answer);
    answer.then(done, done);
    return answer;
  };

  const findKey = (key: string) => {
    const row = state.account.keys.find((k) => k.key === key && !k.revoked);
    if (!row) throw new Error(`No live key ${key}`);
    return row;
  };

  return {
    chaos: options.chaos,
    handle,
    async fetch(request) {
      const plan = chaos?.plan(request.method, new URL(request.url).pathname);
      if (!plan) return handle(request);
      if (plan.burst429) return burstResponse(plan);
      if (plan.resetBefore)
        throw new TypeError('fetch failed', { cause: new Error('sandbox chaos: reset before') });
      await sleep(plan.latencyMs);
      if (plan.errorStatus) return errorResponse(plan.errorStatus);
      const response = await handle(request);
      if (plan.resetAfter) {
        await response.arrayBuffer();
        throw new TypeError('fetch failed', { cause: new Error('sandbox chaos: reset after') });
      }
      return corrupt(response, plan);
    },
    async close() {
      closing = true;
      await ready.catch(() => undefined);
      while (answering.size > 0) await Promise.allSettled([...answering]);
      await Promise.all([core.generationQueue.close(), core.buildQueue.close()]);
      await core.flush();
    },
    ledger: () => state.ledger.map((entry) => ({ ...entry })),
    balance: () => core.billing.balance,
    setBalance(usd) {
      state.account.balanceUsd = normalizeUsd(usd);
      core.changed();
    },
    setMonthlyLimit(usd) {
      state.account.monthlyLimitUsd = usd === null ? null : normalizeUsd(usd);
      core.changed();
    },
    setKeyLimit(usd) {
      state.account.keyLimitUsd = usd === null ? null : normalizeUsd(usd);
      core.changed();
    },
    addKey(key) {
      if (state.account.keys.some((k) => k.key === key)) throw new Error('The key exists already');
      if (state.account.keys.filter((k) => !k.revoked).length >= LIMITS.keysPerUser) {
        throw new RangeError(`An account holds at most ${LIMITS.keysPerUser} keys`);
      }
      state.account.keys.push({ key, revoked: false, createdAt: clock.now() });
      core.changed();
    },
    revokeKey(key) {
      findKey(key).revoked = true;
      core.changed();
    },
    buildFailures: () => ({ ...(state.buildFailures ?? {}) }),
    setBuildFailures(shares) {
      state.buildFailures = BuildFailureSharesSchema.parse(shares);
      jobs.failures.reset();
      core.changed();
    },
    setModelFlags(modelId, flags) {
      const model = state.models[modelId];
      if (!model) throw new Error(`No model ${modelId}`);
      if (flags.published !== undefined) model.published = flags.published;
      if (flags.favourite !== undefined) model.favourite = flags.favourite;
      core.changed();
    },
    ready: () => ready,
    samples,
    async idle() {
      await ready;
      // Work can queue more work (nothing does today), so wait until both are empty together.
      while (core.generationQueue.size > 0 || core.buildQueue.size > 0) {
        await Promise.all([core.generationQueue.idle(), core.buildQueue.idle()]);
      }
    },
    setServedUrl: (url) => core.setServedUrl(url),
  };
}
