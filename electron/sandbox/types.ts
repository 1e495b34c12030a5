/**
 * Public types of the cloud sandbox: its options, the handle it returns and its ledger rows.
 */
import type { BuildFailureShares } from './service/build-failures';
import type { Usd } from '../../shared/money';

/** A source of the current time in milliseconds, injected so tests can move time. */
export interface Clock {
  now(): number;
}

/** A kind of injected fault, as reported to {@link ChaosOptions.onFault}. */
export type ChaosFault =
  | 'burst429'
  | 'burst429_bare'
  | 'reset_before'
  | 'latency_spike'
  | 'server_error'
  | 'reset_after'
  | 'truncate'
  | 'malformed'
  | 'drip';

/**
 * Faults the sandbox can inject, each drawn from a PRNG seeded with `seed` so a failing run can
 * be replayed. Rates are probabilities from 0 to 1 per request.
 */
export interface ChaosOptions {
  /** Delay added before every answer, in milliseconds. */
  latencyMs?: number;
  /** Share of requests answered with a 5xx before the handler runs (nothing is charged). */
  errorRate?: number;
  /** Share of requests whose connection is destroyed before the handler runs. */
  resetBeforeRate?: number;
  /**
   * Share of requests whose connection is destroyed after the handler ran: the call took effect
   * (a charge may have been made) but the client never sees the answer.
   */
  resetAfterRate?: number;
  /** Share of JSON answers cut short after the handler ran. */
  truncateRate?: number;
  /** Share of JSON answers replaced by malformed JSON after the handler ran. */
  malformedRate?: number;
  /** Every Nth request is answered 429 `rate_limited` before the handler runs. */
  burst429Every?: number;
  /** Share of requests delayed by an extra `latencySpikeMs` (default 1000). */
  latencySpikeRate?: number;
  latencySpikeMs?: number;
  /** Share of the 429 bursts sent without `retry_after` or `Retry-After`. */
  bare429Share?: number;
  /** Share of non-JSON answers (downloads) streamed slowly: `dripChunkBytes` every `dripDelayMs`. */
  dripRate?: number;
  dripChunkBytes?: number;
  dripDelayMs?: number;
  /**
   * The requests chaos may touch (e.g. only the paid starts, or only the first of them); the
   * others pass untouched and draw nothing from the seeded sequence. Default: every request.
   */
  only?: (method: string, path: string) => boolean;
  /** Told of every fault drawn, once per fault (a test's count of what it injected). */
  onFault?: (fault: ChaosFault) => void;
  /** PRNG seed; default 1. */
  seed?: number;
  /**
   * Also apply chaos to direct in-process `sandbox.fetch` calls (resets then reject with a
   * `TypeError('fetch failed')`, as `fetch` does). Off by default: chaos is an HTTP concern.
   */
  inProcess?: boolean;
}

/** Options of {@link createSandbox}. Every field is optional. */
export interface SandboxOptions {
  /** Accepted bearer keys of the one account (at most 10); default `['sk-sandbox-demo']`. */
  keys?: string[];
  /** Starting balance in USD; default `'25.00'`. */
  balanceUsd?: Usd;
  /** Optional monthly spending limit of the account. */
  monthlyLimitUsd?: Usd;
  /** Optional monthly spending limit of each key. */
  keyLimitUsd?: Usd;
  /** Generation time of a task in seconds; default 3; 0 = as fast as the work allows. */
  taskSeconds?: number;
  /** Minimum time of a post-processing job in seconds; default `taskSeconds / 3`. */
  jobSeconds?: number;
  /** Lifetime of a job's download link in seconds; default 300. */
  linkSeconds?: number;
  /** Persist state (JSON) and files in this folder; default: in memory. */
  dataDir?: string;
  /**
   * Make the first-run sample models on a new account (a state made now, not reloaded): a few
   * models generated from photos shipped with the app, free (service/samples.ts). They are made
   * when the library is first listed (that listing waits for them) or `samples()` is called.
   * Default false: only Kiln's own demo mode turns it on, so tests start from an empty library.
   */
  sampleModels?: boolean;
  /** Seed this many models "made on the website" (first start only). */
  websiteModels?: number;
  /** Seed this many API-made models in the library (first start only); they share a few files. */
  seedModels?: number;
  /** Seed this many API-made families with versions (retexture, rig, parts; first start only). */
  seedFamilies?: number;
  /** Origin used in the URLs the sandbox returns; default: the served URL, else the request's. */
  baseUrl?: string;
  /** Time source; default `Date.now`. */
  clock?: Clock;
  /** Fault injection. */
  chaos?: ChaosOptions;
  /** Requests per rolling minute per key; default 60 (service-api.md §8). */
  requestsPerMinute?: number;
  /**
   * Serve `thumbnail_url` links without the key, as a live service may (a public link or a CDN):
   * such a request carries no key, so it counts against no key's rate. Default false: the
   * contract read strictly (every request needs the key and counts, service-api.md §5, §8).
   */
  openThumbnails?: boolean;
  /** Price overrides by operation id (see README "Prices"). */
  prices?: Partial<Record<string, Usd>>;
  /**
   * The build-failure trigger: the share (0 to 1) of each post-processing kind's builds that
   * fail, refunded (see README "Build failures"); e.g. `{ rig: 1, retopo: 0.5 }`.
   */
  buildFailures?: BuildFailureShares;
  /**
   * The entry of the worker thread that makes the models (generate/generator-thread.ts): the
   * built `generate-worker.js` beside Kiln's main bundle in the app; default the TypeScript
   * source, loaded through tsx (the browser host, the CLI, tests).
   */
  generatorWorker?: URL;
}

/** One row of the account's ledger: a charge, or the refund of one. */
export type LedgerEntry =
  | {
      readonly type: 'charge';
      readonly id: string;
      readonly operation: string;
      readonly amountUsd: Usd;
      readonly key: string;
      readonly at: number;
      readonly balanceAfterUsd: Usd;
      /** Task, concept or job the charge paid for. */
      readonly subject?: string;
    }
  | {
      readonly type: 'refund';
      readonly id: string;
      readonly chargeId: string;
      readonly amountUsd: Usd;
      readonly key: string;
      readonly at: number;
      readonly balanceAfterUsd: Usd;
      readonly reason: string;
    };

/** A running sandbox. */
export interface Sandbox {
  /** The whole service as a web-standard handler (in-process chaos only if `chaos.inProcess`). */
  fetch(request: Request): Promise<Response>;
  /** The handler without any chaos: what the HTTP layer wraps with its own. */
  handle(request: Request): Promise<Response>;
  /** Stops background work, waits for the running generation or build, and flushes state. */
  close(): Promise<void>;
  /** Every charge and refund, oldest first. */
  ledger(): LedgerEntry[];
  /** The current balance. */
  balance(): Usd;
  /** Sets the balance (a top-up on the platform). */
  setBalance(usd: Usd): void;
  /** Sets or clears the account's monthly limit. */
  setMonthlyLimit(usd: Usd | null): void;
  /** Sets or clears the per-key monthly limit. */
  setKeyLimit(usd: Usd | null): void;
  /** Adds a key to the account (at most 10 live keys). */
  addKey(key: string): void;
  /** Revokes a key; it stops working at once. */
  revokeKey(key: string): void;
  /** Marks a model published and/or starred (the website's buttons). */
  setModelFlags(modelId: string, flags: { published?: boolean; favourite?: boolean }): void;
  /** The build-failure trigger's shares now. */
  buildFailures(): BuildFailureShares;
  /** Sets the build-failure trigger's shares (all of them: a kind not named never fails). */
  setBuildFailures(shares: BuildFailureShares): void;
  /** Resolves when seeding and resumed work are set up. */
  ready(): Promise<void>;
  /**
   * Makes the first-run sample models if the account waits for them (`sampleModels`), and
   * resolves when they exist (at once otherwise). The library's first listing does the same.
   */
  samples(): Promise<void>;
  /** Resolves when no generation or build is queued or running. */
  idle(): Promise<void>;
  /** Used by {@link serveSandbox} to learn its URL; not for callers. */
  setServedUrl(url: string): void;
  /** The chaos options, for the HTTP layer. */
  readonly chaos: ChaosOptions | undefined;
}
