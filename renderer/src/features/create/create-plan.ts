/**
 * What the Create panel's main button would start now, as pure data: the price-list items (so
 * the cost is shown before anything is charged) and the sentence the confirmation uses. The
 * same function prices a single photo and a batch, so a batch shows ONE total.
 */
import {
  generationOperation,
  IMAGINE_OPERATION,
  RETEXTURE_OPERATION,
} from '../../../../shared/api/operations';
import type { ModelTier } from '../../../../shared/api/rules';
import { msg, plural, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CostItem } from '../billing/cost';

/** The Create routes. */
export const CREATE_MODES = ['photo', 'views', 'text', 'retexture'] as const;
/** One of {@link CREATE_MODES}. */
export type CreateMode = (typeof CREATE_MODES)[number];

/** Tab labels of the modes (messages, shown with `i18n._`). */
export const MODE_LABELS: Readonly<Record<CreateMode, MessageDescriptor>> = {
  photo: msg`Photo`,
  views: msg`Views`,
  text: msg`Text`,
  retexture: msg`Retexture`,
};

/** The price-list items of the main action of `mode`: one generation per photo in a batch. */
export function createCostItems(mode: CreateMode, tier: ModelTier, photoCount: number): CostItem[] {
  switch (mode) {
    case 'photo':
      return [{ operation: generationOperation('photo', tier), count: Math.max(1, photoCount) }];
    case 'views':
      return [{ operation: generationOperation('multi', tier) }];
    case 'text':
      return [{ operation: generationOperation('text', tier) }];
    case 'retexture':
      return [{ operation: RETEXTURE_OPERATION }];
  }
}

/** The price-list items of one Imagine call. */
export const IMAGINE_ITEMS: readonly CostItem[] = [{ operation: IMAGINE_OPERATION }];

/** The label of the main button and the confirmation's "what". */
export function createActionText(
  mode: CreateMode,
  photoCount: number,
): { label: string; what: string } {
  if (mode === 'retexture') return { label: t`Retexture`, what: t`Retexture the model` };
  if (mode === 'photo' && photoCount > 1) {
    return {
      label: plural(photoCount, { one: 'Generate # model', other: 'Generate # models' }),
      what: plural(photoCount, {
        one: 'Generate # model, one per photo',
        other: 'Generate # models, one per photo',
      }),
    };
  }
  // One sentence per source, so a translator can word each one whole.
  const what = {
    photo: t`Generate a model from the photo`,
    views: t`Generate a model from the views`,
    text: t`Generate a model from the concept picture`,
  }[mode];
  return { label: t`Generate`, what };
}
