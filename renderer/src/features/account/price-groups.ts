/** The price list grouped by what each call buys, in the order an artist meets them. */
import type { PricesView } from '../../../../shared/ipc/contract';

/** The groups of the prices tab. */
export const PRICE_GROUPS = [
  { id: 'generation', label: 'Generation from photos' },
  { id: 'text', label: 'Text to model' },
  { id: 'retexture', label: 'Retexture' },
  { id: 'post', label: 'Post-processing' },
  { id: 'makers', label: 'Makers' },
  { id: 'other', label: 'Other' },
] as const;
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
): Array<{ id: PriceGroupId; label: string; items: PricesView['items'] }> {
  return PRICE_GROUPS.map((g) => ({
    ...g,
    items: items.filter((i) => priceGroupOf(i.operation) === g.id),
  })).filter((g) => g.items.length > 0);
}
