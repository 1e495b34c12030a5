/**
 * The request scheduler's priorities: who goes first when a slot frees, how much of a budget's
 * window each priority may fill (the headroom left for higher ones), the reserve `idle` work
 * leaves for everyone else, and the queues that keep waiting requests in that order.
 *
 * Pure rules and one small container, so each can be tested without a clock or a send; the
 * scheduler (`request-scheduler.ts`) composes them with the budget windows and the pause.
 */

/**
 * Who is waiting: user actions go first, then polls of jobs near their end (or whose end Kiln
 * cannot tell: what the user waits to see), then downloads, then polls of jobs far from their end
 * (`background`), then `idle` work (sent only from the budget's unused share, see `idleReserve`).
 */
export type Priority = 'user' | 'download' | 'poll' | 'background' | 'idle';

/** Priorities from first served to last. */
export const PRIORITIES: readonly Priority[] = ['user', 'poll', 'download', 'background', 'idle'];

/**
 * The share of a budget's window that requests of each priority may fill: the rest is left for
 * higher ones. Polls of jobs far from done use at most half the minute (the pollers' share in
 * `poll-delay.ts`), so a job about to end, a download or the user's next action finds room.
 * `idle` requests are held by `idleReserve` instead.
 */
export const CEILINGS: Readonly<Record<Exclude<Priority, 'idle'>, number>> = {
  user: 1,
  download: 1,
  poll: 1,
  background: 0.5,
};

/** How many sends in the window each kind of `idle` turn may find and still go. */
export type IdleLimits = Readonly<{
  /** The most sends in the window under which an `idle` request may go while others wait. */
  idle: number;
  /** The same while no request of another priority waits in its budget (the reserve borrowed). */
  borrow: number;
}>;

/**
 * The idle limits of a budget: `idleReserve` slots (default a third) are left for the others
 * while they wait; `actionReserve` slots (default a tenth) are never taken, even when borrowing,
 * so the user's next click finds one.
 */
export function idleLimits(
  budget: number,
  idleReserve: number = Math.ceil(budget / 3),
  actionReserve: number = Math.ceil(budget / 10),
): IdleLimits {
  const idle = Math.max(1, budget - Math.max(0, idleReserve));
  return { idle, borrow: Math.max(idle, budget - Math.max(0, actionReserve)) };
}

/**
 * The most sends a budget's window may hold for a request of `priority` to still go: its
 * ceiling's share of `budget` (at least one), or for `idle`, its limit while another request of
 * its budget waits (`othersWaiting`) or the borrowed one otherwise, less `userSends`: the user's
 * own requests in the window. They use the slots kept for the next click, and a user who has
 * just clicked six times will click again (the open after a search, Enter after the arrows), so
 * `idle` work leaves as many free again: a thumbnail can wait, the model the user asked for
 * cannot (library-workspace.spec.ts saw the open wait 30 s for the window to roll on).
 */
export function allowedInWindow(
  priority: Priority,
  budget: number,
  limits: IdleLimits,
  othersWaiting: boolean,
  userSends = 0,
): number {
  if (priority === 'idle') {
    return Math.max(1, (othersWaiting ? limits.idle : limits.borrow) - userSends);
  }
  return Math.max(1, Math.floor(budget * CEILINGS[priority]));
}

/**
 * Whether the pace holds a request of `priority` back: downloads and polls of jobs far from their
 * end. Never the user's, nor a `poll` (a job at its end, one request that tells the user it
 * finished or failed: behind a batch's downloads it waited seconds for the pace's tokens), nor
 * `idle` ones (held by their reserve instead).
 */
export function heldByPace(priority: Priority): boolean {
  return priority === 'download' || priority === 'background';
}

/**
 * Whether a send of `priority` uses the pace's tokens: every one but `idle` (the user's and the
 * polls at a job's end are not held, but what follows them waits its turn).
 */
export function usesPace(priority: Priority): boolean {
  return priority !== 'idle';
}

/** Whether a request of priority `a` goes before one of `b`. */
export function goesBefore(a: Priority, b: Priority): boolean {
  return PRIORITIES.indexOf(a) < PRIORITIES.indexOf(b);
}

/**
 * A priority its caller may raise while the requests made with it wait: Kiln's own download of
 * a model goes on as the user's request once the user opens that model, instead of waiting
 * behind the pace that holds Kiln's own downloads (the open shares the download, see
 * `ModelCache.ensure`). It never falls.
 */
export class RaisablePriority {
  #priority: Priority;
  readonly #listeners = new Set<(to: Priority) => void>();

  constructor(priority: Priority) {
    this.#priority = priority;
  }

  /** The priority now: requests made with it from now on start here. */
  get current(): Priority {
    return this.#priority;
  }

  /** Raises it to `to` when `to` goes first, and moves the requests waiting with it. */
  raise(to: Priority): void {
    if (!goesBefore(to, this.#priority)) return;
    this.#priority = to;
    for (const listener of [...this.#listeners]) listener(to);
  }

  /** Calls `listener` on each raise, until the function returned is called. */
  onRaise(listener: (to: Priority) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** What a queue needs of a waiting request. */
export interface Queued {
  /** Order of arrival: a retried request keeps its place. */
  readonly seq: number;
  priority: Priority;
  /** When and where it moves while it waits. */
  promote: Readonly<{ at: number; to: Priority }> | undefined;
}

/** Waiting requests, one list per priority, each in order of arrival. */
export class PriorityQueues<E extends Queued> {
  readonly #queues = new Map<Priority, E[]>(PRIORITIES.map((p) => [p, []]));

  /** Inserts by arrival, so a retried request goes before those that came after it. */
  add(entry: E): void {
    const q = this.#queues.get(entry.priority)!;
    let i = q.length;
    while (i > 0 && q[i - 1]!.seq > entry.seq) i -= 1;
    q.splice(i, 0, entry);
  }

  /** Takes `entry` out of its queue; false if it was not there. */
  remove(entry: E): boolean {
    const q = this.#queues.get(entry.priority)!;
    const i = q.indexOf(entry);
    if (i < 0) return false;
    q.splice(i, 1);
    return true;
  }

  /** The waiting requests of `priority`, first to go first (the list itself: callers splice it). */
  of(priority: Priority): E[] {
    return this.#queues.get(priority)!;
  }

  /** Requests waiting in every queue. */
  get size(): number {
    let n = 0;
    for (const q of this.#queues.values()) n += q.length;
    return n;
  }

  /** Empties every queue; returns what waited. */
  drain(): E[] {
    return [...this.#queues.values()].flatMap((q) => q.splice(0));
  }

  /**
   * Moves waiting requests whose promotion is due to their new priority (in order of arrival
   * there); answers when the next promotion of a waiting request is due (infinity: none).
   */
  promoteDue(now: number): number {
    let next = Number.POSITIVE_INFINITY;
    for (const q of [...this.#queues.values()]) {
      for (const entry of q.slice()) {
        const promote = entry.promote;
        if (!promote) continue;
        if (promote.at > now) {
          next = Math.min(next, promote.at);
          continue;
        }
        q.splice(q.indexOf(entry), 1);
        entry.priority = promote.to;
        entry.promote = undefined;
        this.add(entry);
      }
    }
    return next;
  }
}
