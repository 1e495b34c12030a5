import { disposeObject } from './dispose';
import type { ModelSource } from '../sources/dropped-files';
import { prepareModel, type LoadProgress, type PreparedModel } from './load-model';

/** A download and parse under way (or done) for one model source. */
export interface Preparation {
  /** The parsed model. Whoever took the preparation owns it (and must dispose it). */
  readonly result: Promise<PreparedModel>;
  /** Calls `listener` with the progress so far, then with every update; returns the unsubscribe. */
  onProgress(listener: (progress: LoadProgress) => void): () => void;
}

interface Entry {
  readonly controller: AbortController;
  readonly preparation: Preparation;
  taken: boolean;
}

/**
 * Downloads and parses models before the canvas asks for them. The viewer starts a model's
 * preparation the moment it is chosen; the canvas (whose WebGL context may still be starting:
 * hundreds of ms on a software GPU) takes it over when it gets there, so the download, the
 * parse and the image decoding overlap the canvas's start instead of following it.
 *
 * Ownership is explicit: a preparation nobody took is aborted and what it parsed is disposed
 * when the viewer moves on ({@link keepOnly}); once taken, the taker owns the result.
 */
export class ModelPreparations {
  readonly #entries = new Map<string, Entry>();

  /** Starts preparing `source`, unless it is already under way. */
  start(source: ModelSource): void {
    if (!this.#entries.has(source.key)) this.#entries.set(source.key, this.#begin(source));
  }

  /**
   * Takes over the preparation of `source` (starting one if none is waiting); aborting `signal`
   * aborts it. A source already taken (the same model in both compare slots) gets a fresh one,
   * since one parsed model cannot be shown twice.
   */
  take(source: ModelSource, signal: AbortSignal): Preparation {
    let entry = this.#entries.get(source.key);
    if (!entry || entry.taken) {
      entry = this.#begin(source);
      if (!this.#entries.has(source.key)) this.#entries.set(source.key, entry);
    }
    entry.taken = true;
    const { controller } = entry;
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', () => controller.abort(), { once: true });
    return entry.preparation;
  }

  /**
   * Forgets every source but `keys`: preparations nobody took are aborted and what they parsed
   * is disposed; taken ones belong to their takers.
   */
  keepOnly(keys: ReadonlyArray<string | undefined>): void {
    for (const [key, entry] of this.#entries) {
      if (keys.includes(key)) continue;
      this.#entries.delete(key);
      if (entry.taken) continue;
      entry.controller.abort();
      entry.preparation.result.then(
        (prepared) => disposeObject(prepared.root),
        () => {},
      );
    }
  }

  #begin(source: ModelSource): Entry {
    const controller = new AbortController();
    const listeners = new Set<(progress: LoadProgress) => void>();
    let last: LoadProgress | undefined;
    const result = prepareModel(source.url, {
      signal: controller.signal,
      resources: source.resources,
      name: source.name,
      onProgress: (progress) => {
        last = progress;
        for (const listener of listeners) listener(progress);
      },
    });
    // Rejections are read by the taker; one nobody takes must not surface as unhandled.
    result.catch(() => {});
    return {
      controller,
      taken: false,
      preparation: {
        result,
        onProgress(listener) {
          if (last) listener(last);
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
    };
  }
}
