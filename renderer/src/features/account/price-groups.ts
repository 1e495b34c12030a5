/** The price list grouped by what each call buys, in the order an artist meets them. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PricesView } from '../../../../shared/ipc/contract';

/** The groups of the prices tab (labels: messages, shown with `i18n._`). */
export const PRICE_GROUPS = [
  { id: 'generation', label: msg`Generation from photos` },
  { id: 'text', label: msg`Text to model` },
  { id: 'retexture', label: msg`Retexture` },
  { id: 'post', label: msg`Post-processing` },
  { id: 'makers', label: msg`Makers` },
  { id: 'other', label: msg`Other` },
] as const satisfies ReadonlyArray<{ id: string; label: MessageDescriptor }>;
/** One group's id. */
export type PriceGroupId = (typeof PRICE_GROUPS)[number]['id'];

/** The group of an operation id (`generate.photo.fast` → generation). */
export function priceGroupOf(operation: string): PriceGroupId {
  if (/^generate\.(photo|multi)\./.test(operation)) return 'generation';
  if (operation === 'text.imagine' || operation.startsWith('generate.text.')) return 'text';
  if (operation === 'retexture') return 'retexture';
  if (['export', 'print', 'retopo', 'rig', 'parts', 'gamepack'].includes(operation)) return 'post';
  if (operation.startsWith('make.')) return 'makers';
  return 'other';
}

/** The list's rows by group; empty groups are left out. */
export function groupPrices(
  items: PricesView['items'],
): Array<{ id: PriceGroupId; label: MessageDescriptor; items: PricesView['items'] }> {
  return PRICE_GROUPS.map((g) => ({
    ...g,
    items: items.filter((i) => priceGroupOf(i.operation) === g.id),
  })).filter((g) => g.items.length > 0);
}
