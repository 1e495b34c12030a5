/**
 * A `fetch` that dies with its process, for restart tests: after `kill()` no request leaves and
 * none returns, and every answer still streaming into the core breaks off, as the sockets of a
 * killed process do (so no write of the old life can finish after its death).
 */

/** A fetch and the switch that kills it. */
export interface Killable {
  readonly fetch: typeof fetch;
  /** From now on nothing reaches the service and nothing comes back. */
  kill(): void;
}

/** Wraps `inner` (a wire to the sandbox) in a kill switch. */
export function killable(inner: typeof fetch): Killable {
  let dead = false;
  const never = () => new Promise<Response>(() => {});
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const lifeFetch: typeof fetch = async (input, init) => {
    if (dead) return never();
    const res = await inner(input, init);
    if (dead) return never();
    if (!res.body || [101, 204, 205, 304].includes(res.status)) return res;
    const reader = res.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      start: (c) => void streams.add(c),
      async pull(c) {
        const { done, value } = await reader.read();
        if (done) {
          streams.delete(c);
          c.close();
        } else c.enqueue(value);
      },
    });
    return new Response(body, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  };
  return {
    fetch: lifeFetch,
    kill: () => {
      dead = true;
      for (const c of streams) c.error(new TypeError('terminated'));
    },
  };
}
