/**
 * The 429 pause of a budget: the service's word beats our count. A `rate_limited` refusal
 * pauses its budget for `retryAfter` seconds (never less than {@link MIN_PAUSE_MS}); several
 * refusals in flight only ever lengthen it; it ends on its own when its time comes.
 */
import type { RateLimitError } from '../api/errors';

/**
 * Even a 429 with `retry_after: 0` pauses this long: our count and the service's disagree, and
 * sending again in the same instant would only earn another 429 and use up a retry.
 */
export const MIN_PAUSE_MS = 1000;

/** What carries a pause: a budget's state (`pausedUntil` 0 when not paused). */
export interface Pausable {
  pausedUntil: number;
}

/** How long a 429 pauses: its `retryAfter` (at least {@link MIN_PAUSE_MS}), else `defaultMs`. */
export function pauseLength(error: RateLimitError, defaultMs: number): number {
  const seconds = error.retryAfter;
  return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0
    ? Math.max(seconds * 1000, MIN_PAUSE_MS)
    : defaultMs;
}

/** Pauses `budget` until `until`, unless a longer pause is on already; true if it grew. */
export function extendPause(budget: Pausable, until: number): boolean {
  if (until <= budget.pausedUntil) return false;
  budget.pausedUntil = until;
  return true;
}

/** Ends the pauses that are over at `now`; answers the names of the budgets resumed. */
export function endDuePauses(budgets: Iterable<[string, Pausable]>, now: number): string[] {
  const resumed: string[] = [];
  for (const [name, b] of budgets) {
    if (b.pausedUntil !== 0 && b.pausedUntil <= now) {
      b.pausedUntil = 0;
      resumed.push(name);
    }
  }
  return resumed;
}

/** When the latest pause still on ends; undefined when none is. */
export function latestPauseEnd(budgets: Iterable<Pausable>, now: number): number | undefined {
  let until = 0;
  for (const b of budgets) until = Math.max(until, b.pausedUntil);
  return until > now ? until : undefined;
}

/** When the first pause still on ends (infinity: none), so the scheduler wakes to say 'resumed'. */
export function nextPauseEnd(budgets: Iterable<Pausable>, now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const b of budgets) if (b.pausedUntil > now) next = Math.min(next, b.pausedUntil);
  return next;
}
