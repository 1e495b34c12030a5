/**
 * The library's thumbnail queue: which thumbnails the renderer asks the core for, and in what
 * order. Only the cards on screen are asked for, in their order on screen, a screenful at a time;
 * the screen the user looks at now always comes first. What was asked for cards that have left
 * the screen is dropped: the core is told which cards are on screen and cancels what it has not
 * sent for the others (they cost nothing once left), and the renderer forgets what it had not
 * asked yet. A thumbnail fetched (or refused for good) is never asked for again.
 *
 * Plain: no store, no React. The library slice holds the state (`libThumbs`, the cards waiting)
 * and calls it.
 */

/**
 * Thumbnails asked of the core at once: a screenful. The core's scheduler paces them (the
 * budget's idle share) and cancels those not sent yet when their cards scroll away.
 */
export const THUMBNAIL_CONCURRENCY = 32;

/** What the queue needs of the core and the store. */
export interface ThumbnailQueueDeps {
  /**
   * Brings one thumbnail into the local cache; resolves with its URL on the app's origin. Rejects
   * with `code: 'cancelled'` when the core dropped it (its card left the screen before it was sent).
   */
  fetch(modelId: string): Promise<string>;
  /** Tells the core which cards are on screen: what it has not sent for the others is dropped. */
  inView(modelIds: readonly string[]): void;
  /** True when the model's thumbnail is known already (fetched, or refused for good). */
  known(modelId: string): boolean;
  /** The thumbnail arrived (`url`) or cannot be had (`null`). */
  settled(modelId: string, url: string | null): void;
  /** The thumbnails asked for and not answered yet changed (the cards that say they wait). */
  waiting?(modelIds: ReadonlySet<string>): void;
}

/** Asks the core for the thumbnails of the cards on screen. */
export class ThumbnailQueue {
  readonly #deps: ThumbnailQueueDeps;
  readonly #concurrency: number;
  /** Cards on screen whose thumbnails are still to be asked for, in their order on screen. */
  #wanted: string[] = [];
  /** Asked for and not answered yet. */
  readonly #asked = new Set<string>();

  constructor(deps: ThumbnailQueueDeps, concurrency = THUMBNAIL_CONCURRENCY) {
    this.#deps = deps;
    this.#concurrency = Math.max(1, concurrency);
  }

  /** Thumbnails asked for and not answered yet. */
  get asked(): ReadonlySet<string> {
    return this.#asked;
  }

  /**
   * The cards on screen now, in the order their thumbnails should come. What was asked for
   * other cards and not sent yet is dropped at once; with `fetch` (once the view rests there),
   * the missing thumbnails of these are asked for. Without it (the view still moving) nothing is
   * asked: rows passed while dragging cost no request.
   */
  show(modelIds: readonly string[], fetch = true): void {
    const onScreen = new Set(modelIds);
    if ([...this.#asked].some((id) => !onScreen.has(id))) this.#deps.inView([...onScreen]);
    this.#wanted = fetch
      ? modelIds.filter((id) => !this.#deps.known(id) && !this.#asked.has(id))
      : this.#wanted.filter((id) => onScreen.has(id));
    this.#pump();
  }

  #pump(): void {
    let changed = false;
    while (this.#asked.size < this.#concurrency) {
      const next = this.#wanted.shift();
      if (next === undefined) break;
      if (this.#asked.has(next) || this.#deps.known(next)) continue;
      this.#ask(next);
      changed = true;
    }
    if (changed) this.#deps.waiting?.(new Set(this.#asked));
  }

  #ask(modelId: string): void {
    this.#asked.add(modelId);
    this.#deps
      .fetch(modelId)
      .then(
        (url) => this.#deps.settled(modelId, url),
        (error: unknown) => {
          // Cancelled: its card left the screen before it was sent; asked again when seen.
          if ((error as { code?: unknown } | undefined)?.code === 'cancelled') return;
          this.#deps.settled(modelId, null);
        },
      )
      .finally(() => {
        this.#asked.delete(modelId);
        this.#deps.waiting?.(new Set(this.#asked));
        this.#pump();
      });
  }
}
