/**
 * The client's transport: one HTTP exchange with the service, within a timeout, stoppable by the
 * caller's signal and the core's close, its answer read up to {@link MAX_ANSWER_BYTES}, and every
 * failure turned into a typed error that says whether the request left the machine
 * (`ConnectionError.sent`) and whether its socket was reset before any answer
 * (`ConnectionError.reset`). The routes, the key and the scheduler are the client's
 * (`client.ts`); this knows only URLs and bytes.
 */
import type { Clock, Connection } from '../ports';
import { billingFromHeaders, type BillingCapture } from './billing';
import {
  ApiError,
  CancelledError,
  ConnectionError,
  MalformedAnswerError,
  TimeoutError,
} from './errors';

/**
 * Largest JSON answer Kiln reads (a library page of 200 rows is a few hundred KB). Beyond it a
 * server is broken or hostile, and reading on would only fill the memory until the timeout.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

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

/** Sends requests over the connection's `fetch`. */
export class Transport {
  readonly #connection: Connection;
  readonly #clock: Clock;
  readonly #stop: AbortSignal | undefined;

  /** @param stop aborted when the core closes (see `ApiClientOptions.stop`) */
  constructor(connection: Connection, clock: Clock, stop: AbortSignal | undefined) {
    this.#connection = connection;
    this.#clock = clock;
    this.#stop = stop;
  }

  /** What stops a request that may be stopped: the caller's signal, and the core closing. */
  stoppable(signal: AbortSignal | undefined): AbortSignal[] {
    return [signal, this.#stop].filter((s): s is AbortSignal => s !== undefined);
  }

  /** Sends a request and reads its whole body, both within `timeoutMs`. */
  exchange(
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
  send(
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
