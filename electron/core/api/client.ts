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
 * one, so the signal is not passed to `fetch`. Its hooks (`onDispatch` right before it leaves,
 * when the job journal records "this may have been sent"; `onRefused` when the service did not
 * act on it) are handed to the scheduler, which fires both (`RunOptions`).
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
import { LIMITS } from '../../../shared/api/rules';
import type { LibraryListInput } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import type { Clock, Connection } from '../ports';
import type { Priority, RaisablePriority, RequestScheduler } from '../schedule/request-scheduler';
import { billingFromHeaders, captureBilling, type BillingCapture } from './billing';
import { ApiError, AuthError, LinkExpiredError, MalformedAnswerError } from './errors';
import { mapErrorAnswer } from './error-mapping';
import { Transport } from './transport';
import { imagineBody, libraryQuery, type GenerationCall, type OpCall, type Query } from './query';

export { captureBilling, type BillingCapture } from './billing';
export { MAX_ANSWER_BYTES } from './transport';

/** Redirects a download may follow, each checked like the first link. */
const MAX_REDIRECTS = 5;

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
  readonly priority: Priority | RaisablePriority;
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
 * The service's client.
 *
 * @example
 * ```ts
 * const api = new ApiClient({ connection, clock: systemClock, scheduler });
 * const call = generationCall({ kind: 'photo', tier: 'fast' });
 * const start = await api.generate(call, [{ path, name: 'cup.png', type: 'image/png' }]);
 * const status = await api.taskStatus(start.value.task_id);
 * ```
 */
export class ApiClient {
  readonly #connection: Connection;
  readonly #scheduler: RequestScheduler;
  readonly #timeoutMs: number;
  readonly #uploadTimeoutMs: number;
  readonly #transport: Transport;

  constructor(options: ApiClientOptions) {
    this.#connection = options.connection;
    this.#scheduler = options.scheduler;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#uploadTimeoutMs = options.uploadTimeoutMs ?? 180_000;
    this.#transport = new Transport(options.connection, options.clock, options.stop);
  }

  /** The origin requests go to; the key is sent to this origin only. */
  get origin(): string {
    return new URL(this.#connection.baseUrl).origin;
  }

  /**
   * Starts a generation (§4.2–§4.6) with the call its job journaled: exactly that path, query
   * and body, never one rebuilt from options. The photos stream from disk as a form under the
   * call's field (one `file`; 2–4 `files` for a multi-view, front first). Paid.
   */
  async generate(
    call: GenerationCall,
    files: readonly UploadFile[] = [],
    hooks: PaidCallHooks = {},
  ): Promise<Answer<GenerationStart>> {
    if (call.body) {
      const body = JSON.stringify(call.body);
      return this.#paid(call.path, call.query, body, GenerationStartSchema, hooks, false);
    }
    const [min, max] = call.form === 'files' ? [LIMITS.views.min, LIMITS.views.max] : [1, 1];
    if (files.length < min || files.length > max) {
      throw new ApiError(
        'invalid_input',
        call.form === 'files'
          ? `Multi-view needs ${min} to ${max} views of one object; ${files.length} were given.`
          : `This generation takes one photo; ${files.length} were given.`,
        { field: call.form },
      );
    }
    const form = new FormData();
    for (const file of files) form.append(call.form, await blobOf(file), file.name);
    return this.#paid(call.path, call.query, form, GenerationStartSchema, hooks, true);
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

  /**
   * Reads a model record (§4.9). Free. `priority` `idle` for background work (thumbnails); a
   * {@link RaisablePriority} where the user may come to wait for it.
   */
  async model(
    modelId: string,
    signal?: AbortSignal,
    priority: Priority | RaisablePriority = 'download',
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
   * budget's unused share. `withoutKey`: the link is opened without the key (see
   * `ThumbnailCache`: a 401 says the service wants it). Every request goes through the scheduler
   * and counts against the budget, a keyless one too, except with `free`: for links the service's
   * answers proved it serves to anyone, which cost nothing.
   * @throws ApiError `unsafe_url` for a refused link, {@link LinkExpiredError} for 410, or the
   *   mapped error answer; CancelledError when `signal` aborts before it is sent
   */
  async download(
    url: string,
    signal?: AbortSignal,
    priority: Priority | RaisablePriority = 'download',
    options: Readonly<{ withoutKey?: boolean; free?: boolean }> = {},
  ): Promise<Response> {
    const withKey = !options.withoutKey;
    let target = this.#checkLink(url);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const current = target;
      const response = options.free
        ? await this.#downloadOnce(current, signal, withKey)
        : await this.#scheduler.run(
            priority,
            // The scheduler's signal: an `idle` download, once sent, is not cancelled (its answer is kept).
            (sent) => this.#downloadOnce(current, sent, withKey),
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
    const response = await this.#transport.send(
      target,
      { method: 'GET', headers, redirect: 'manual' },
      this.#uploadTimeoutMs,
      this.#transport.stoppable(signal),
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
      ...(spec.onDispatch ? { onDispatch: spec.onDispatch } : {}),
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
    // A paid call, once sent, is not aborted: that would only make its outcome unknown.
    const { response, text } = await this.#transport.exchange(
      url,
      { method: spec.method, headers, ...(spec.body !== undefined ? { body: spec.body } : {}) },
      spec.timeoutMs ?? this.#timeoutMs,
      spec.idempotent ? this.#transport.stoppable(signal) : [],
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
