/**
 * The typed client of the service (service-api.md). Every request carries the bearer key,
 * has a timeout and can be cancelled; answers are parsed with tolerant zod schemas; error answers
 * become typed errors; billing is captured from the body and the `X-Service-*-USD` headers.
 *
 * The key is read from the connection at each request and only ever placed in the
 * `Authorization` header of requests to the configured base URL's origin.
 */
import { openAsBlob } from 'node:fs';
import type { z } from 'zod';
import {
  BillingSchema,
  GenerationStartSchema,
  ModelSchema,
  TaskStatusSchema,
} from '../../../shared/api/schemas';
import type {
  Billing,
  GenerationStart,
  ModelRecord,
  TaskStatus,
} from '../../../shared/api/schemas';
import { TIERS, type ModelTier } from '../../../shared/api/rules';
import { isUsd } from '../../../shared/money';
import type { GenerationOptions } from '../../../shared/ipc/contract';
import type { Clock, Connection } from '../ports';
import type { Priority, RequestScheduler } from '../schedule/request-scheduler';
import {
  ApiError,
  AuthError,
  CancelledError,
  ConnectionError,
  MalformedAnswerError,
  TimeoutError,
} from './errors';
import { mapErrorAnswer } from './error-mapping';

/** Billing of a paid call, from the body and, as a cross-check, the headers. */
export interface BillingCapture {
  readonly costUsd: string;
  readonly balanceUsd: string;
  readonly chargeIds: readonly string[];
}

/** A photo on disk to upload. */
export interface UploadFile {
  readonly path: string;
  readonly name: string;
  readonly type: string;
}

/** Options of one request. */
interface RequestSpec<T> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly query?: Record<string, string | number | boolean | undefined>;
  readonly body?: FormData | string;
  readonly schema: z.ZodType<T>;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /** Scheduling class: user actions go before downloads, downloads before polls. */
  readonly priority: Priority;
  /**
   * Safe to send again after an ambiguous failure. False for paid calls: those are only
   * repeated after a definite refusal (`rate_limited`).
   */
  readonly idempotent: boolean;
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
  /** Default per-request timeout; uploads get `uploadTimeoutMs`. */
  timeoutMs?: number;
  uploadTimeoutMs?: number;
}>;

/** The service's client. */
export class ApiClient {
  readonly #connection: Connection;
  readonly #clock: Clock;
  readonly #scheduler: RequestScheduler;
  readonly #timeoutMs: number;
  readonly #uploadTimeoutMs: number;

  constructor(options: ApiClientOptions) {
    this.#connection = options.connection;
    this.#clock = options.clock;
    this.#scheduler = options.scheduler;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#uploadTimeoutMs = options.uploadTimeoutMs ?? 180_000;
  }

  /** The origin requests go to; the key is sent to this origin only. */
  get origin(): string {
    return new URL(this.#connection.baseUrl).origin;
  }

  /**
   * Starts a single-photo generation (§4.2). Paid. The photo streams from disk.
   */
  async startPhoto(
    tier: ModelTier,
    file: UploadFile,
    options: GenerationOptions = {},
    signal?: AbortSignal,
  ): Promise<Answer<GenerationStart>> {
    const form = new FormData();
    // openAsBlob keeps the bytes on disk: fetch streams them while sending.
    form.append('file', await openAsBlob(file.path, { type: file.type }), file.name);
    return this.#request({
      method: 'POST',
      path: TIERS[tier].photoPath,
      query: generationQuery(options),
      body: form,
      schema: GenerationStartSchema,
      timeoutMs: this.#uploadTimeoutMs,
      priority: 'user',
      idempotent: false,
      ...(signal ? { signal } : {}),
    });
  }

  /** Polls a task (§4.7). Free. */
  async taskStatus(taskId: string, signal?: AbortSignal): Promise<TaskStatus> {
    const answer = await this.#request({
      method: 'GET',
      path: `/task/${encodeURIComponent(taskId)}/status`,
      schema: TaskStatusSchema,
      priority: 'poll',
      idempotent: true,
      ...(signal ? { signal } : {}),
    });
    return answer.value;
  }

  /** Reads a model record (§4.9). Free. */
  async model(modelId: string, signal?: AbortSignal): Promise<ModelRecord> {
    const answer = await this.#request({
      method: 'GET',
      path: `/model/${encodeURIComponent(modelId)}`,
      schema: ModelSchema,
      priority: 'download',
      idempotent: true,
      ...(signal ? { signal } : {}),
    });
    return answer.value;
  }

  /**
   * Opens a download. The key is attached only when `url` is on the service's own origin;
   * any other URL must be https and gets no credentials.
   * @throws ApiError for a refused URL or an error answer
   */
  async download(url: string, signal?: AbortSignal): Promise<Response> {
    const target = this.#resolve(url);
    const sameOrigin = target.origin === this.origin;
    if (!sameOrigin && target.protocol !== 'https:') {
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
    const headers: Record<string, string> = {};
    if (sameOrigin) Object.assign(headers, await this.#authHeader());
    const response = await this.#send(
      target,
      { method: 'GET', headers },
      this.#uploadTimeoutMs,
      signal,
    );
    if (!response.ok) {
      const body = await response.json().catch(() => undefined);
      throw mapErrorAnswer(response.status, body, response.headers.get('retry-after'));
    }
    return response;
  }

  #resolve(url: string): URL {
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
    return target;
  }

  async #authHeader(): Promise<Record<string, string>> {
    const key = await this.#connection.apiKey();
    if (!key) {
      throw new AuthError('invalid_api_key', 'No API key is set. Add one in Account → Keys.', {});
    }
    return { authorization: `Bearer ${key}` };
  }

  #request<T>(spec: RequestSpec<T>): Promise<Answer<T>> {
    return this.#scheduler.run(spec.priority, () => this.#requestOnce(spec), {
      retry: spec.idempotent,
      ...(spec.signal ? { signal: spec.signal } : {}),
    });
  }

  async #requestOnce<T>(spec: RequestSpec<T>): Promise<Answer<T>> {
    const url = new URL(this.#connection.baseUrl.replace(/\/$/, '') + spec.path);
    for (const [k, v] of Object.entries(spec.query ?? {})) {
      if (v !== undefined) url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(await this.#authHeader()),
    };
    if (typeof spec.body === 'string') headers['content-type'] = 'application/json';
    const response = await this.#send(
      url,
      { method: spec.method, headers, ...(spec.body !== undefined ? { body: spec.body } : {}) },
      spec.timeoutMs ?? this.#timeoutMs,
      spec.signal,
    );
    const text = await response.text().catch((cause: unknown) => {
      throw new ConnectionError(
        'connection_lost',
        'The connection dropped while the answer was arriving.',
        {
          status: response.status,
          cause,
        },
      );
    });
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
      if (response.ok) {
        throw new MalformedAnswerError(
          'malformed_answer',
          'The service sent an answer Kiln could not read.',
          {
            status: response.status,
          },
        );
      }
    }
    if (!response.ok)
      throw mapErrorAnswer(response.status, json, response.headers.get('retry-after'));
    const parsed = spec.schema.safeParse(json);
    if (!parsed.success) {
      throw new MalformedAnswerError(
        'malformed_answer',
        'The service sent an answer Kiln could not understand.',
        {
          status: response.status,
          cause: parsed.error,
        },
      );
    }
    return {
      status: response.status,
      value: parsed.data,
      billing: captureBilling(json, response.headers),
    };
  }

  async #send(
    url: URL,
    init: RequestInit,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = this.#clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await this.#connection.fetch(url, { ...init, signal: controller.signal });
    } catch (cause) {
      if (timedOut)
        throw new TimeoutError('timeout', 'The service did not answer in time.', { cause });
      if (signal?.aborted) throw new CancelledError('cancelled', 'Cancelled.', { cause });
      throw new ConnectionError(
        'connection_failed',
        'Kiln could not reach the service. Check your connection; Kiln keeps your work.',
        { cause },
      );
    } finally {
      this.#clock.clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

/** Query parameters of §4.1 from the IPC's option names; absent options use the route's defaults. */
export function generationQuery(
  options: GenerationOptions,
): Record<string, string | number | boolean | undefined> {
  return {
    poly_count: options.polyCount,
    remesh: options.remesh,
    texture_size: options.textureSize,
    texture_format: options.textureFormat,
    seed: options.seed,
  };
}

/**
 * Billing of a paid answer: the body's `billing` when readable, else the headers. Returns
 * undefined for free answers.
 */
export function captureBilling(body: unknown, headers: Headers): BillingCapture | undefined {
  const fromBody =
    body && typeof body === 'object' && 'billing' in body
      ? BillingSchema.safeParse((body as { billing: unknown }).billing)
      : undefined;
  if (fromBody?.success) return fromBilling(fromBody.data);
  const cost = headers.get('x-service-cost-usd');
  const balance = headers.get('x-service-balance-usd');
  if (cost && balance && isUsd(cost) && isUsd(balance))
    return { costUsd: cost, balanceUsd: balance, chargeIds: [] };
  return undefined;
}

function fromBilling(b: Billing): BillingCapture {
  return { costUsd: b.cost_usd, balanceUsd: b.balance_usd, chargeIds: b.charge_ids.map(String) };
}
