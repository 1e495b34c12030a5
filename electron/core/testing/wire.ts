/**
 * A `fetch` for tests that sits on the wire between the core and the sandbox: it records when
 * each request left (by the test's clock), counts the faults the answers carry (5xx, 429, resets,
 * unreadable JSON), knows how many requests are in flight (so a fake clock is only moved when the
 * network is quiet), and can stop a chosen request forever, before or after the server saw it,
 * to "kill" the core at that step.
 */
import type { Clock } from '../ports';

/** A request the wire saw. */
export interface WireRecord {
  readonly at: number;
  readonly method: string;
  readonly path: string;
}

/** Faults seen in answers. */
export interface WireFaults {
  serverErrors: number;
  /** 429 `rate_limited` the service's own limiter sent (not injected bursts). */
  rateLimited: number;
  /** 429 bursts the sandbox's chaos injected. */
  bursts: number;
  /** 429 `too_many_jobs`. */
  tooManyJobs: number;
  resets: number;
  unreadable: number;
}

/**
 * Where to stop a request: before it reaches the server, after its answer arrived (the core never
 * hears of it), or half-way through the answer's body (a download that stalls).
 */
export type BlockPoint = 'before' | 'after' | 'midBody';

/** The test's wire. */
export class Wire {
  readonly #clock: Clock;
  readonly #inner: typeof fetch;
  readonly records: WireRecord[] = [];
  readonly faults: WireFaults = {
    serverErrors: 0,
    rateLimited: 0,
    bursts: 0,
    tooManyJobs: 0,
    resets: 0,
    unreadable: 0,
  };
  #inFlight = 0;
  #block:
    | { match: (method: string, path: string) => boolean; point: BlockPoint; hit: () => void }
    | undefined;

  constructor(clock: Clock, inner: typeof fetch = fetch) {
    this.#clock = clock;
    this.#inner = inner;
  }

  /** Requests sent whose answer has not been read whole yet. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** The fetch to give the core. */
  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    this.records.push({ at: this.#clock.now(), method, path: url.pathname });
    const block = this.#block?.match(method, url.pathname) ? this.#block : undefined;
    if (block) this.#block = undefined;
    if (block?.point === 'before') {
      block.hit();
      return new Promise<Response>(() => {});
    }
    this.#inFlight++;
    try {
      let response: Response;
      let body: ArrayBuffer;
      try {
        response = await this.#inner(input, init);
        // Read whole here, so "in flight" covers the body too.
        body = await response.arrayBuffer();
      } catch (error) {
        if (!(init?.signal?.aborted ?? false)) this.faults.resets++;
        throw error;
      }
      if (response.status >= 500) this.faults.serverErrors++;
      if (response.status === 429) {
        const text = new TextDecoder().decode(body);
        if (text.includes('too_many_jobs')) this.faults.tooManyJobs++;
        else if (text.includes('chaos')) this.faults.bursts++;
        else this.faults.rateLimited++;
      }
      if ((response.headers.get('content-type') ?? '').includes('json')) {
        try {
          JSON.parse(new TextDecoder().decode(body));
        } catch {
          this.faults.unreadable++;
        }
      }
      if (block?.point === 'after') {
        block.hit();
        return new Promise<Response>(() => {});
      }
      if (block?.point === 'midBody') {
        const half = new Uint8Array(body.slice(0, Math.floor(body.byteLength / 2)));
        const stalled = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(half);
            setTimeout(() => block.hit(), 50);
          },
        });
        return new Response(stalled, { status: response.status, headers: response.headers });
      }
      const empty = [101, 204, 205, 304].includes(response.status);
      return new Response(empty ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      this.#inFlight--;
    }
  };

  /**
   * Stops the next request that matches, forever, at `point`; resolves when it is reached.
   * `after`: the server handled it (a charge may have been made), the core never hears back.
   * `midBody`: the answer starts, half its body arrives, then nothing more.
   */
  stopAt(match: (method: string, path: string) => boolean, point: BlockPoint): Promise<void> {
    return new Promise((resolve) => {
      this.#block = { match, point, hit: resolve };
    });
  }

  /** Resolves once no request has been in flight for a few turns of the event loop. */
  async quiet(): Promise<void> {
    let calm = 0;
    while (calm < 3) {
      await new Promise<void>((r) => setImmediate(r));
      calm = this.#inFlight === 0 ? calm + 1 : 0;
    }
  }

  /** The most requests sent in any window of `windowMs` (by the test's clock). */
  maxInWindow(windowMs = 60_000): number {
    return maxInWindow(
      this.records.map((r) => r.at),
      windowMs,
    );
  }
}

/** The most entries of `times` (sorted or not) inside any window of `windowMs`. */
export function maxInWindow(times: readonly number[], windowMs = 60_000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
