/**
 * Fault injection (the sandbox's chaos modes), drawn from a seeded PRNG so a run can be replayed.
 *
 * For each request a plan is drawn: the same number of draws whatever the outcome, so one fault
 * does not shift every later decision of the seeded sequence. The later fault kinds (latency
 * spikes, 429s without `retry_after`, slow-drip bodies) draw from a second PRNG, so adding them
 * left the first sequence, and every seed recorded before, unchanged.
 */
import { mulberry32 } from '../../../shared/segmentation/random';
import type { ChaosFault, ChaosOptions } from '../types';

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
  /** The 429 of a burst carries neither `retry_after` nor `Retry-After`. */
  bare429: boolean;
  /** Stream a non-JSON body (a download) slowly, in small chunks. */
  drip: boolean;
  /** Size of each chunk of a dripped body, and the pause between chunks (ms). */
  dripChunkBytes: number;
  dripDelayMs: number;
}

const ERROR_STATUSES = [500, 502, 503];

/** Draws chaos plans. */
export class Chaos {
  readonly #options: ChaosOptions;
  readonly #random: () => number;
  readonly #extra: () => number;
  #count = 0;

  constructor(options: ChaosOptions) {
    this.#options = options;
    this.#random = mulberry32(options.seed ?? 1);
    this.#extra = mulberry32(((options.seed ?? 1) ^ 0x5eed) >>> 0);
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
      o.burst429Every ||
      o.latencySpikeRate ||
      o.dripRate,
    );
  }

  /** The plan of a request, or undefined when {@link ChaosOptions.only} leaves it alone. */
  plan(method: string, path: string): ChaosPlan | undefined {
    const o = this.#options;
    if (o.only && !o.only(method, path)) return undefined;
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
    const [spike, bare, drip] = [this.#extra(), this.#extra(), this.#extra()];
    const plan: ChaosPlan = {
      burst429: Boolean(o.burst429Every && this.#count % o.burst429Every === 0),
      resetBefore: resetBefore! < (o.resetBeforeRate ?? 0),
      latencyMs:
        (o.latencyMs ?? 0) + (spike < (o.latencySpikeRate ?? 0) ? (o.latencySpikeMs ?? 1000) : 0),
      errorStatus:
        error! < (o.errorRate ?? 0)
          ? ERROR_STATUSES[Math.floor(errorPick! * ERROR_STATUSES.length)]!
          : 0,
      resetAfter: resetAfter! < (o.resetAfterRate ?? 0),
      truncate: truncate! < (o.truncateRate ?? 0),
      malformed: malformed! < (o.malformedRate ?? 0),
      at: at!,
      bare429: bare < (o.bare429Share ?? 0),
      drip: drip < (o.dripRate ?? 0),
      dripChunkBytes: o.dripChunkBytes ?? 16 * 1024,
      dripDelayMs: o.dripDelayMs ?? 5,
    };
    this.#report(plan);
    return plan;
  }

  /** Tells `onFault` what this plan will do (in the order the request meets them). */
  #report(plan: ChaosPlan): void {
    const on = this.#options.onFault;
    if (!on) return;
    const faults: ChaosFault[] = [];
    if (plan.burst429) faults.push(plan.bare429 ? 'burst429_bare' : 'burst429');
    else if (plan.resetBefore) faults.push('reset_before');
    else {
      if (plan.latencyMs > (this.#options.latencyMs ?? 0)) faults.push('latency_spike');
      if (plan.errorStatus) faults.push('server_error');
      else if (plan.resetAfter) faults.push('reset_after');
      else {
        if (plan.truncate) faults.push('truncate');
        else if (plan.malformed) faults.push('malformed');
        if (plan.drip) faults.push('drip');
      }
    }
    for (const fault of faults) on(fault);
  }
}

/**
 * The 429 of a burst: the coded shape, `retry_after` 1, and `Retry-After`; or, for a bare burst,
 * neither (a proxy's or an older server's 429, which the client must still survive).
 */
export function burstResponse(plan?: Pick<ChaosPlan, 'bare429'>): Response {
  if (plan?.bare429) {
    return Response.json(
      { detail: { error: 'rate_limited', message: 'Too many requests (sandbox chaos burst).' } },
      { status: 429 },
    );
  }
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

/**
 * Applies truncation or malformation to a JSON answer, and the slow drip to any other body (a
 * download); the rest pass through.
 */
export async function corrupt(response: Response, plan: ChaosPlan): Promise<Response> {
  if (plan.drip && response.body && !isJson(response)) return drip(response, plan);
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

function isJson(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('json');
}

/** The same body, re-chunked into `dripChunkBytes` pieces with a pause before each. */
function drip(response: Response, plan: ChaosPlan): Response {
  const reader = response.body!.getReader();
  let pending = new Uint8Array(0);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (pending.byteLength < plan.dripChunkBytes) {
        const { done, value } = await reader.read();
        if (done) break;
        const joined = new Uint8Array(pending.byteLength + value.byteLength);
        joined.set(pending);
        joined.set(value, pending.byteLength);
        pending = joined;
      }
      if (pending.byteLength === 0) {
        controller.close();
        return;
      }
      await sleep(plan.dripDelayMs);
      controller.enqueue(pending.slice(0, plan.dripChunkBytes));
      pending = pending.slice(plan.dripChunkBytes);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

/** Waits `ms` (real time: latency is about the wire, not the sandbox's clock). */
export function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
