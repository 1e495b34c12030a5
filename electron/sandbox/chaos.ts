/**
 * Fault injection (the sandbox's chaos modes), drawn from a seeded PRNG so a run can be replayed.
 *
 * For each request a plan is drawn: the same number of draws whatever the outcome, so one fault
 * does not shift every later decision of the seeded sequence.
 */
import { mulberry32 } from './generate/random';
import type { ChaosOptions } from './types';

/** What happens to one request. */
export interface ChaosPlan {
  /** Answer 429 `rate_limited` at once (every Nth request). */
  burst429: boolean;
  /** Destroy the connection before the handler runs. */
  resetBefore: boolean;
  /** Delay before handling, in ms. */
  latencyMs: number;
  /** Answer this 5xx instead of handling (0 = no). */
  errorStatus: number;
  /** Destroy the connection after the handler ran. */
  resetAfter: boolean;
  /** Cut the JSON answer short. */
  truncate: boolean;
  /** Replace the JSON answer with malformed JSON. */
  malformed: boolean;
  /** Where to cut or corrupt, as a share of the body's length. */
  at: number;
}

const ERROR_STATUSES = [500, 502, 503];

/** Draws chaos plans. */
export class Chaos {
  readonly #options: ChaosOptions;
  readonly #random: () => number;
  #count = 0;

  constructor(options: ChaosOptions) {
    this.#options = options;
    this.#random = mulberry32(options.seed ?? 1);
  }

  /** True when any fault is configured. */
  get active(): boolean {
    const o = this.#options;
    return Boolean(
      o.latencyMs ||
      o.errorRate ||
      o.resetBeforeRate ||
      o.resetAfterRate ||
      o.truncateRate ||
      o.malformedRate ||
      o.burst429Every,
    );
  }

  /** The plan of the next request. */
  plan(): ChaosPlan {
    const o = this.#options;
    const r = () => this.#random();
    this.#count++;
    const [resetBefore, error, errorPick, resetAfter, truncate, malformed, at] = [
      r(),
      r(),
      r(),
      r(),
      r(),
      r(),
      r(),
    ];
    return {
      burst429: Boolean(o.burst429Every && this.#count % o.burst429Every === 0),
      resetBefore: resetBefore! < (o.resetBeforeRate ?? 0),
      latencyMs: o.latencyMs ?? 0,
      errorStatus:
        error! < (o.errorRate ?? 0)
          ? ERROR_STATUSES[Math.floor(errorPick! * ERROR_STATUSES.length)]!
          : 0,
      resetAfter: resetAfter! < (o.resetAfterRate ?? 0),
      truncate: truncate! < (o.truncateRate ?? 0),
      malformed: malformed! < (o.malformedRate ?? 0),
      at: at!,
    };
  }
}

/** The 429 of a burst: the coded shape, `retry_after` 1, and `Retry-After`. */
export function burstResponse(): Response {
  return Response.json(
    {
      detail: {
        error: 'rate_limited',
        message: 'Too many requests (sandbox chaos burst); retry in 1 s.',
        retry_after: 1,
      },
    },
    { status: 429, headers: { 'Retry-After': '1' } },
  );
}

/** An injected server error, in FastAPI's plain shape. */
export function errorResponse(status: number): Response {
  return Response.json({ detail: `Sandbox chaos: injected HTTP ${status}` }, { status });
}

/** Applies truncation or malformation to a JSON answer (other answers pass through). */
export async function corrupt(response: Response, plan: ChaosPlan): Promise<Response> {
  if (!plan.truncate && !plan.malformed) return response;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const cut = Math.max(1, Math.min(text.length - 1, Math.floor(text.length * plan.at)));
  const body = plan.truncate
    ? text.slice(0, cut)
    : `${text.slice(0, cut)}\u0000<<sandbox chaos>>${text.slice(cut)}`;
  return new Response(body, { status: response.status, headers });
}

/** Waits `ms` (real time: latency is about the wire, not the sandbox's clock). */
export function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
