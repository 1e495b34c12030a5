/**
 * The typed client of the service (service-api.md): one method per route. Every request goes
 * through the {@link RequestScheduler} (one rate budget, priorities, 429 pauses), carries the
 * bearer key, has a timeout and can be cancelled; answers are parsed with tolerant zod schemas;
 * error answers become typed errors; billing is captured from the body and the `X-Service-*-USD`
 * headers of every paid answer.
 *
 * Paid calls are special in two ways. They are never retried after an ambiguous failure (the
 * scheduler is told `retry: false`), and a cancel only stops them while they wait in the
 * scheduler's queue: once dispatched, aborting would only turn a known outcome into an unknown
 * one, so the signal is not passed to `fetch`. `onDispatch` runs right before such a call leaves,
 * which is when the job journal records "this may have been sent".
 *
 * A connection reset before any answer (a kept-alive socket the server had just closed) is
 * marked as such on its {@link ConnectionError}: the scheduler sends an idempotent GET once more
 * at once, and counts it; a paid call is never sent again.
 *
 * The key is read from the connection at each request and only ever placed in the
 * `Authorization` header of requests to the configured base URL's origin.
 */
import { openAsBlob } from 'node:fs';
import { z } from 'zod';
import {
  BalanceSchema,
  ConceptSchema,
  GenerationStartSchema,
  JobResultSchema,
  LibraryPageSchema,
  ModelSchema,
  PriceListSchema,
  TaskStatusSchema,
  type BalanceAnswer,
  type ConceptAnswer,
  type GenerationStart,
  type JobResult,
  type LibraryPage,
  type ModelRecord,
  type PriceList,
  type TaskStatus,
} from '../../../shared/api/schemas';
import { LIMITS, TIERS, type ModelTier } from '../../../shared/api/rules';
import type { GenerationOptions, LibraryListInput } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import type { Clock, Connection } from '../ports';
import type { Priority, RequestScheduler } from '../schedule/request-scheduler';
import { billingFromHeaders, captureBilling, type BillingCapture } from './billing';
import {
  ApiError,
  AuthError,
  CancelledError,
  ConnectionError,
  LinkExpiredError,
  MalformedAnswerError,
  TimeoutError,
} from './errors';
import { mapErrorAnswer } from './error-mapping';
import {
  generationQuery,
  imagineBody,
  libraryQuery,
  retextureQuery,
  textBody,
  type OpCall,
  type Query,
} from './query';

export { captureBilling, type BillingCapture } from './billing';

/** A photo on disk to upload. */
export interface UploadFile {
  readonly path: string;
  readonly name: string;
  readonly type: string;
}

/** How a paid call may be stopped and observed. */
export type PaidCallHooks = Readonly<{
  /** Cancels the call while it still waits in the scheduler; ignored once it is dispatched. */
  signal?: AbortSignal;
  /**
   * Runs (and is awaited) right before each send of the call: the last moment at which the
   * caller can record that the call may reach the service.
   */
  onDispatch?: () => Promise<void>;
  /**
   * Runs (and is awaited) when a send of the call proves the service did not act on it: the
   * service refused it (a 4xx answer: 429, 402, 401, 422, …) or the connection was never made.
   * After a 429 pause is on record and before the call is sent again or its error is returned:
   * the moment to record that nothing was sent.
   */
  onRefused?: (error: ApiError) => Promise<void>;
}>;

/** How a poll (a task's status, a repeat of a job URL) is scheduled. */
export type PollOptions = Readonly<{
  signal?: AbortSignal;
  priority?: Priority;
  /** A `background` poll still waiting at this time becomes a `poll`. */
  promoteAt?: number | undefined;
}>;

/** Options of one request. */
interface RequestSpec<T> {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly query?: Query;
  readonly body?: FormData | string;
  readonly schema: z.ZodType<T>;
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number;
  /** Scheduling class: user actions go before downloads, downloads before polls. */
  readonly priority: Priority;
  /** When a `background` poll, still waiting, becomes a `poll` (its job near its end). */
  readonly promoteAt?: number | undefined;
  /**
   * Safe to send again after an ambiguous failure. False for paid calls: those are only
   * repeated after a definite refusal (`rate_limited`).
   */
  readonly idempotent: boolean;
  readonly onDispatch?: (() => Promise<void>) | undefined;
  readonly onRefused?: ((error: ApiError) => Promise<void>) | undefined;
}

/** A parsed answer with what the client captured around it. */
export interface Answer<T> {
  readonly status: number;
  readonly value: T;
  readonly billing: BillingCapture | undefined;
}

/** Options of {@link ApiClient}. */
export type ApiClientOptions = Readonly<{
  connection: Connection;
  clock: Clock;
  /** Every request passes this scheduler: one rate budget per key, priorities, 429 pauses. */
  scheduler: RequestScheduler;
  /** Default per-request timeout; uploads and downloads get `uploadTimeoutMs`. */
  timeoutMs?: number;
  uploadTimeoutMs?: number;
  /**
   * Aborted when the core closes: every request in flight other than a paid call (which is left
   * to finish: aborting it would only make its outcome unknown) stops at once, as cancelled.
   */
  stop?: AbortSignal;
}>;

/**
 * Largest JSON answer Kiln reads (a library page of 200 rows is a few hundred KB). Beyond it a
 * server is broken or hostile, and reading on would only fill the memory until the timeout.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** Redirects a download may follow, each checked like the first link. */
const MAX_REDIRECTS = 5;

/** Error codes of a connection that was never made: the request did not leave the machine. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Error codes of a connection reset before any answer came: the server closed (or reset) the
 * socket the request went out on. Node 20's fetch reports them as `TypeError: fetch failed` with
 * the code on its `cause`: `ECONNRESET` (`read ECONNRESET`, the server reset), `EPIPE` (written
 * after the reset) or undici's `UND_ERR_SOCKET` (`SocketError: other side closed`, the server
 * closed it cleanly). The usual cause is the keep-alive race: a request sent on a kept-alive
 * socket just as the server closes it as idle.
 */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * The service's client.
 *
 * @example
 * ```ts
 * const api = new ApiClient({ connection, clock: systemClock, scheduler });
 * const start = await api.startPhoto('fast', { path, name: 'cup.png', type: 'image/png' });
 * const status = await api.taskStatus(start.value.task_id);
 * ```
 */
export class ApiClient {
  readonly #connection: Connection;
  readonly #clock: Clock;
  readonly #scheduler: RequestScheduler;
  readonly #timeoutMs: number;
  readonly #uploadTimeoutMs: number;
  readonly #stop: AbortSignal | undefined;

  constructor(options: ApiClientOptions) {
    this.#connection = options.connection;
    this.#clock = options.clock;
    this.#scheduler = options.scheduler;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#uploadTimeoutMs = options.uploadTimeoutMs ?? 180_000;
    this.#stop = options.stop;
  }

  /** The origin requests go to; the key is sent to this origin only. */
  get origin(): string {
    return new URL(this.#connection.baseUrl).origin;
  }

  /** Starts a single-photo generation (§4.2). Paid. The photo streams from disk. */
  async startPhoto(
    tier: ModelTier,
    file: UploadFile,
    options: GenerationOptions = {},
    hooks: PaidCallHooks = {},
  ): Promise<Answer<GenerationStart>> {
    const query = generationQuery(tier, options);
    const form = new FormData();
    form.append('file', await blobOf(file), file.name);
    return this.#paid(TIERS[tier].photoPath, query, form, GenerationStartSchema, hooks, true);
  }

  /** Starts a multi-view generation (§4.3) from 2–4 views, front first. Paid. Streams from disk. */
  async startMulti(
    tier: ModelTier,
    files: readonly UploadFile[],
    options: GenerationOptions = {},
    hooks: PaidCallHooks = {},
  ): Promise<Answer<GenerationStart>> {
    if (files.length < LIMITS.views.min || files.length > LIMITS.views.max) {
      throw new ApiError(
        'invalid_input',
        `Multi-view needs ${LIMITS.views.min} to ${LIMITS.views.max} views of one object; ${files.length} were given.`,
        { field: 'files' },
      );
    }
    const query = generationQuery(tier, options);
    const form = new FormData();
    for (const file of files) form.append('files', await blobOf(file), file.name);
    return this.#paid(TIERS[tier].multiPath, query, form, GenerationStartSchema, hooks, true);
  }

  /** Text to a concept picture (§4.4). Paid; answered at once. */
  async imagine(
    prompt: string,
    style: string | null | undefined,
    hooks: PaidCallHooks = {},
  ): Promise<Answer<ConceptAnswer>> {
    const body = JSON.stringify(imagineBody(prompt, style));
    return this.#paid('/generate/text/imagine', {}, body, ConceptSchema, hooks, false);
  }

  /** Concept to a model (§4.5); `tier` is the `mode`. Paid. */
  async startText(
    conceptId: string,
    tier: ModelTier,
    options: GenerationOptions = {},
    hooks: PaidCallHooks = {},
  ): Promise<Answer<GenerationStart>> {
    const body = JSON.stringify(textBody(conceptId, tier, options));
    return this.#paid('/generate/text', {}, body, GenerationStartSchema, hooks, false);
  }

  /** Paints a model anew from a photo (§4.6); the result is a new version. Paid. */
  async retexture(
    modelId: string,
    file: UploadFile,
    options: Readonly<{ textureSize?: number; seed?: number }> = {},
    hooks: PaidCallHooks = {},
  ): Promise<Answer<GenerationStart>> {
    const query = retextureQuery(modelId, options);
    const form = new FormData();
    form.append('file', await blobOf(file), file.name);
    return this.#paid('/generate/retexture', query, form, GenerationStartSchema, hooks, true);
  }

  /**
   * Polls a task (§4.7). Free. `priority`: `background` for a task far from its end, which
   * becomes a `poll` at `promoteAt` if it still waits then (default `poll`).
   */
  async taskStatus(taskId: string, o: PollOptions = {}): Promise<TaskStatus> {
    const answer = await this.#request({
      method: 'GET',
      path: `/task/${encodeURIComponent(taskId)}/status`,
      schema: TaskStatusSchema,
      priority: o.priority ?? 'poll',
      promoteAt: o.promoteAt,
      idempotent: true,
      signal: o.signal,
    });
    return answer.value;
  }

  /** One page of the library (§4.8) with the app's filter names. Free. */
  async library(input: LibraryListInput = {}, signal?: AbortSignal): Promise<LibraryPage> {
    const answer = await this.#request({
      method: 'GET',
      path: '/library',
      query: libraryQuery(input),
      schema: LibraryPageSchema,
      priority: 'user',
      idempotent: true,
      signal,
    });
    return answer.value;
  }

  /** Reads a model record (§4.9). Free. `priority` `idle` for background work (thumbnails). */
  async model(
    modelId: string,
    signal?: AbortSignal,
    priority: Priority = 'download',
  ): Promise<ModelRecord> {
    const answer = await this.#request({
      method: 'GET',
      path: `/model/${encodeURIComponent(modelId)}`,
      schema: ModelSchema,
      priority,
      idempotent: true,
      signal,
    });
    return answer.value;
  }

  /**
   * Calls an export / post-processing job URL (§3.2, §4.10–§4.16): HTTP 202 `running`, or 200
   * `ready` / `error`. The first call of a paid build is a paid call (`paid: true`: never retried
   * after an ambiguous failure); repeats of the identical call are free polls.
   */
  async job(
    call: OpCall,
    mode: Readonly<{ paid: boolean }> & PollOptions & PaidCallHooks,
  ): Promise<Answer<JobResult>> {
    return this.#request({
      method: 'GET',
      path: call.path,
      query: call.query,
      schema: JobResultSchema,
      priority: mode.priority ?? (mode.paid ? 'user' : 'poll'),
      promoteAt: mode.promoteAt,
      idempotent: !mode.paid,
      signal: mode.signal,
      onDispatch: mode.onDispatch,
      onRefused: mode.onRefused,
    });
  }

  /** The account's balance record (§4.17). Free. */
  async balance(signal?: AbortSignal): Promise<BalanceAnswer> {
    const answer = await this.#request({
      method: 'GET',
      path: '/api/platform/balance',
      schema: BalanceSchema,
      priority: 'user',
      idempotent: true,
      signal,
    });
    return answer.value;
  }

  /**
   * The sandbox's build-failure trigger: its shares now, or (with `shares`) set to these. A
   * sandbox setting, not part of the service (electron/sandbox/README.md, "Build failures").
   * @throws KilnError `not_sandbox` while Kiln uses the live service
   */
  async sandboxBuildFailures(
    shares?: Readonly<Record<string, number>>,
  ): Promise<Record<string, number>> {
    if (this.#connection.mode !== 'sandbox') {
      throw new KilnError(
        'not_sandbox',
        'Build failures are a setting of the sandbox: Kiln uses the live service now.',
      );
    }
    const answer = await this.#request({
      method: shares ? 'PUT' : 'GET',
      path: '/sandbox/build-failures',
      ...(shares ? { body: JSON.stringify({ shares }) } : {}),
      schema: z.object({ shares: z.record(z.string(), z.number()) }),
      priority: 'user',
      idempotent: true,
    });
    return answer.value.shares;
  }

  /** The live price list (§4.17). Free. */
  async prices(signal?: AbortSignal): Promise<PriceList> {
    const answer = await this.#request({
      method: 'GET',
      path: '/api/platform/prices',
      schema: PriceListSchema,
      priority: 'user',
      idempotent: true,
      signal,
    });
    return answer.value;
  }

  /**
   * Opens a download (a model's `url`, a job's link, a concept picture). Only `https` links, or
   * links on the service's own origin, are followed, redirects included (each hop is checked
   * again); the key is attached only on the service's own origin. The body is left unread.
   * `priority` `idle` for downloads nobody waits on (library thumbnails): they are sent from the
   * budget's unused share. `withoutKey`: the link is opened without the key and outside the
   * request budget (a request with no key counts against no key's rate), for links the service
   * proved it serves to anyone (see `ThumbnailCache`); a 401 says it does not.
   * @throws ApiError `unsafe_url` for a refused link, {@link LinkExpiredError} for 410, or the
   *   mapped error answer; CancelledError when `signal` aborts before it is sent
   */
  async download(
    url: string,
    signal?: AbortSignal,
    priority: Priority = 'download',
    options: Readonly<{ withoutKey?: boolean }> = {},
  ): Promise<Response> {
    let target = this.#checkLink(url);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const current = target;
      const response = options.withoutKey
        ? await this.#downloadOnce(current, signal, false)
        : await this.#scheduler.run(
            priority,
            // The scheduler's signal: an `idle` download, once sent, is not cancelled (its answer is kept).
            (sent) => this.#downloadOnce(current, sent),
            { retry: true, budget: this.#budget, ...(signal ? { signal } : {}) },
          );
      if (response.status < 300 || response.status >= 400) return response;
      const location = response.headers.get('location');
      await response.body?.cancel().catch(() => undefined);
      if (!location) {
        throw new ApiError('download_failed', 'The download link led nowhere. Try again.', {
          status: response.status,
        });
      }
      target = this.#checkLink(new URL(location, current).href);
    }
    throw new ApiError(
      'unsafe_url',
      'The download link redirected too many times; Kiln stopped following it.',
    );
  }

  async #downloadOnce(target: URL, signal?: AbortSignal, withKey = true): Promise<Response> {
    const headers: Record<string, string> = {};
    if (withKey && target.origin === this.origin) Object.assign(headers, await this.#authHeader());
    const response = await this.#send(
      target,
      { method: 'GET', headers, redirect: 'manual' },
      this.#uploadTimeoutMs,
      this.#stoppable(signal),
    );
    if (response.ok || (response.status >= 300 && response.status < 400)) return response;
    const body = await response.json().catch(() => undefined);
    if (response.status === 410) {
      throw new LinkExpiredError(
        'link_expired',
        'The download link has expired. Kiln asks the service for a fresh one (free).',
        { status: 410 },
      );
    }
    throw mapErrorAnswer(response.status, body, response.headers.get('retry-after'));
  }

  /** A link Kiln may open: https, or the service's own origin; never credentials in it. */
  #checkLink(url: string): URL {
    let target: URL;
    try {
      target = new URL(url, this.#connection.baseUrl);
    } catch {
      throw new ApiError('unsafe_url', 'The service sent a download link that is not a valid URL.');
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') {
      throw new ApiError(
        'unsafe_url',
        `The service sent a ${target.protocol} link; Kiln only downloads over https.`,
      );
    }
    if (target.origin !== this.origin && target.protocol !== 'https:') {
      throw new ApiError(
        'unsafe_url',
        'The service sent a download link Kiln will not open (not https).',
      );
    }
    if (target.username || target.password) {
      throw new ApiError(
        'unsafe_url',
        'The service sent a download link with credentials in it; Kiln will not open it.',
      );
    }
    return target;
  }

  #paid<T>(
    path: string,
    query: Query,
    body: FormData | string,
    schema: z.ZodType<T>,
    hooks: PaidCallHooks,
    upload: boolean,
  ): Promise<Answer<T>> {
    return this.#request({
      method: 'POST',
      path,
      query,
      body,
      schema,
      priority: 'user',
      idempotent: false,
      signal: hooks.signal,
      onDispatch: hooks.onDispatch,
      onRefused: hooks.onRefused,
      ...(upload ? { timeoutMs: this.#uploadTimeoutMs } : {}),
    });
  }

  async #authHeader(): Promise<Record<string, string>> {
    const key = await this.#connection.apiKey();
    if (!key) {
      throw new AuthError('invalid_api_key', 'No API key is set. Add one in Account → Keys.', {
        sent: false,
      });
    }
    return { authorization: `Bearer ${key}` };
  }

  #request<T>(spec: RequestSpec<T>): Promise<Answer<T>> {
    return this.#scheduler.run(spec.priority, (signal) => this.#requestOnce(spec, signal), {
      retry: spec.idempotent,
      budget: this.#budget,
      ...(spec.signal ? { signal: spec.signal } : {}),
      ...(spec.onRefused ? { onRefused: spec.onRefused } : {}),
      ...(spec.promoteAt !== undefined
        ? { promote: { at: spec.promoteAt, to: 'poll' as const } }
        : {}),
    });
  }

  /** The budget of the key in use now: read when a request may be sent (the key may change). */
  readonly #budget = (): string => this.#connection.budget ?? this.#connection.baseUrl;

  async #requestOnce<T>(spec: RequestSpec<T>, signal?: AbortSignal): Promise<Answer<T>> {
    const url = new URL(this.#connection.baseUrl.replace(/\/$/, '') + spec.path);
    for (const [k, v] of Object.entries(spec.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(await this.#authHeader()),
    };
    if (typeof spec.body === 'string') headers['content-type'] = 'application/json';
    if (spec.onDispatch) await spec.onDispatch();
    // A paid call, once sent, is not aborted: that would only make its outcome unknown.
    const { response, text } = await this.#exchange(
      url,
      { method: spec.method, headers, ...(spec.body !== undefined ? { body: spec.body } : {}) },
      spec.timeoutMs ?? this.#timeoutMs,
      spec.idempotent ? this.#stoppable(signal) : [],
    );
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
      if (response.ok) {
        const billing = billingFromHeaders(response.headers);
        throw new MalformedAnswerError(
          'malformed_answer',
          'The service sent an answer Kiln could not read.',
          { status: response.status, ...(billing ? { billing } : {}) },
        );
      }
    }
    if (!response.ok)
      throw mapErrorAnswer(response.status, json, response.headers.get('retry-after'));
    const parsed = spec.schema.safeParse(json);
    if (!parsed.success) {
      const billing = captureBilling(json, response.headers);
      throw new MalformedAnswerError(
        'malformed_answer',
        'The service sent an answer Kiln could not understand.',
        { status: response.status, cause: parsed.error, ...(billing ? { billing } : {}) },
      );
    }
    return {
      status: response.status,
      value: parsed.data,
      billing: captureBilling(json, response.headers),
    };
  }

  /** What stops a request that may be stopped: the caller's signal, and the core closing. */
  #stoppable(signal: AbortSignal | undefined): AbortSignal[] {
    return [signal, this.#stop].filter((s): s is AbortSignal => s !== undefined);
  }

  /** Sends a request and reads its whole body, both within `timeoutMs`. */
  #exchange(
    url: URL,
    init: RequestInit,
    timeoutMs: number,
    signals: readonly AbortSignal[],
  ): Promise<{ response: Response; text: string }> {
    return this.#withTimeout(timeoutMs, signals, async (abort, timedOut) => {
      const response = await this.#fetch(url, init, abort, timedOut, signals);
      const text = await readCapped(response, MAX_ANSWER_BYTES).catch((cause: unknown) => {
        if (cause instanceof ApiError) throw cause;
        if (timedOut()) {
          throw new TimeoutError('timeout', 'The service did not finish answering in time.', {
            status: response.status,
            cause,
          });
        }
        if (signals.some((s) => s.aborted)) {
          throw new CancelledError('cancelled', 'Cancelled.', { cause });
        }
        throw new ConnectionError(
          'connection_lost',
          'The connection dropped while the answer was arriving.',
          { status: response.status, cause },
        );
      });
      return { response, text };
    });
  }

  /** Sends a request; the timer covers only the wait for the headers (downloads stream after). */
  #send(
    url: URL,
    init: RequestInit,
    timeoutMs: number,
    signals: readonly AbortSignal[],
  ): Promise<Response> {
    return this.#withTimeout(timeoutMs, signals, (abort, timedOut) =>
      this.#fetch(url, init, abort, timedOut, signals),
    );
  }

  /**
   * Runs `work` with an abort signal that fires after `timeoutMs` or when one of `signals`
   * aborts; `timedOut()` tells the two apart. The timer and the forwarding end with `work`.
   */
  async #withTimeout<T>(
    timeoutMs: number,
    signals: readonly AbortSignal[],
    work: (abort: AbortSignal, timedOut: () => boolean) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = this.#clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    for (const signal of signals) {
      if (signal.aborted) controller.abort();
      signal.addEventListener('abort', onAbort, { once: true });
    }
    try {
      return await work(controller.signal, () => timedOut);
    } finally {
      this.#clock.clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener('abort', onAbort);
    }
  }

  async #fetch(
    url: URL,
    init: RequestInit,
    abort: AbortSignal,
    timedOut: () => boolean,
    signals: readonly AbortSignal[],
  ): Promise<Response> {
    try {
      return await this.#connection.fetch(url, { ...init, signal: abort });
    } catch (cause) {
      if (timedOut())
        throw new TimeoutError('timeout', 'The service did not answer in time.', { cause });
      if (signals.some((s) => s.aborted)) {
        throw new CancelledError('cancelled', 'Cancelled.', { cause });
      }
      const code = errorCode(cause) ?? '';
      const sent = !NOT_SENT_CODES.has(code);
      throw new ConnectionError(
        sent ? 'connection_failed' : 'unreachable',
        sent
          ? 'The connection to the service dropped. Kiln keeps your work.'
          : 'Kiln could not reach the service. Check your connection; Kiln keeps your work and tries again.',
        // A reset before any answer: the scheduler sends an idempotent request again at once.
        { cause, sent, reset: RESET_CODES.has(code) },
      );
    }
  }
}

/** The network error code under a `fetch failed` TypeError (also inside an AggregateError). */
function errorCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'ERR_INVALID_STATE') return code;
    const inner = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.length > 0) {
      const codes = inner.map(errorCode);
      // Every address refused the connection: it was never made.
      return codes.every((c) => c !== undefined && NOT_SENT_CODES.has(c)) ? codes[0] : undefined;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The body as text, refusing it once it passes `max` bytes (declared or received).
 * @throws MalformedAnswerError `answer_too_large`; the body's own errors otherwise
 */
async function readCapped(response: Response, max: number): Promise<string> {
  const tooLarge = () =>
    new MalformedAnswerError(
      'answer_too_large',
      'The service sent an answer far larger than any Kiln expects; Kiln stopped reading it. Try again later.',
      { status: response.status, ...withBilling(response.headers) },
    );
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > max) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function withBilling(headers: Headers): { billing?: BillingCapture } {
  const billing = billingFromHeaders(headers);
  return billing ? { billing } : {};
}

/** A file-backed blob: fetch streams it from disk while sending, never holding it whole. */
async function blobOf(file: UploadFile): Promise<Blob> {
  try {
    return await openAsBlob(file.path, { type: file.type });
  } catch (cause) {
    throw new ApiError(
      'invalid_file',
      `“${file.name}” can no longer be read from disk. Choose the photo again.`,
      { cause, sent: false },
    );
  }
}
