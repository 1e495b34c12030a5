/**
 * Text imagine (service-api.md §4.4): a prompt becomes a concept picture, charged at once. The
 * picture is fetched behind the key into the cache, so the renderer shows it from the app's own
 * origin. An ambiguous failure is never retried: the user is told it may have been charged.
 */
import { IMAGINE_OPERATION } from '../../../shared/api/operations';
import type { ConceptView } from '../../../shared/ipc/contract';
import type { AccountService } from '../account/account-service';
import type { ApiClient } from '../api/client';
import { ApiError, OutcomeUnknownError, isAmbiguous } from '../api/errors';
import type { Logger } from '../ports';
import type { ImageCache } from './image-cache';

/** Options of {@link ConceptService}. */
export type ConceptServiceOptions = Readonly<{
  api: ApiClient;
  images: ImageCache;
  account: AccountService;
  logger: Logger;
  /** The app-origin URL of a cache file. */
  cacheFileUrl: (file: string) => string;
}>;

const OPERATION = IMAGINE_OPERATION;

/** Makes concept pictures. */
export class ConceptService {
  readonly #o: ConceptServiceOptions;

  constructor(options: ConceptServiceOptions) {
    this.#o = options;
  }

  /**
   * Imagines a concept picture.
   * @throws OutcomeUnknownError when the answer was lost (it may have been charged), or the typed
   *   refusal (402, 422, …)
   */
  async imagine(prompt: string, style?: string | null): Promise<ConceptView> {
    let answer;
    try {
      answer = await this.#o.api.imagine(prompt, style);
    } catch (error) {
      if (!isAmbiguous(error)) throw error;
      const charged = error instanceof ApiError ? error.billing : undefined;
      if (charged) await this.#o.account.noteBilling(charged, { operation: OPERATION });
      else await this.#o.account.noteUnconfirmed({ operation: OPERATION });
      throw new OutcomeUnknownError(
        'outcome_unknown',
        charged
          ? 'The concept picture was made and charged, but its answer was lost on the way. Kiln does not ask again by itself; try again if you still want it (it will be charged again).'
          : 'Kiln lost contact with the service while the concept picture was being made, so it cannot tell whether it was made and charged. Check your balance before trying again.',
        { cause: error },
      );
    }
    const { value, billing } = answer;
    if (billing) await this.#o.account.noteBilling(billing, { operation: OPERATION });
    let imageUrl: string | undefined;
    if (value.image_url) {
      try {
        imageUrl = this.#o.cacheFileUrl(await this.#o.images.fetch(value.image_url));
      } catch (error) {
        // The concept is still usable without its picture.
        this.#o.logger.warn('concept picture not fetched', {
          code: (error as { code?: string }).code,
        });
      }
    }
    return {
      conceptId: value.concept_id,
      prompt: prompt.trim(),
      style: style ?? null,
      ...(imageUrl ? { imageUrl } : {}),
      ...(billing ? { costUsd: billing.costUsd } : {}),
    };
  }
}
