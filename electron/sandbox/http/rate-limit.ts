/**
 * The request rate limit: N requests per rolling minute per key (service-api.md §8).
 *
 * A sliding log of accepted requests per key. Refused requests are not logged, so a client that
 * waits `retry_after` seconds is always let in again.
 */
import { rateLimitedError } from '../service/service-error';

const WINDOW_MS = 60_000;

/** Per-key sliding-window limiter. */
export class RateLimiter {
  readonly #limit: number;
  readonly #log = new Map<string, number[]>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  /**
   * Counts one request by `key` at `now`.
   * @throws ServiceError 429 `rate_limited` when the key already made `limit` requests in the
   *   last minute; `retry_after` is the whole seconds until the oldest of them leaves the window.
   */
  take(key: string, now: number): void {
    const since = now - WINDOW_MS;
    const log = (this.#log.get(key) ?? []).filter((at) => at > since);
    if (log.length >= this.#limit) {
      this.#log.set(key, log);
      const retryAfter = Math.max(1, Math.ceil((log[0]! + WINDOW_MS - now) / 1000));
      throw rateLimitedError(
        retryAfter,
        `More than ${this.#limit} requests in a minute with this key; retry in ${retryAfter} s.`,
      );
    }
    log.push(now);
    this.#log.set(key, log);
  }
}
