/**
 * The live price list, read tolerantly: Kiln names each paid call by an operation id
 * (`generate.photo.fast`, `rig`, `make.papercraft`, …) and finds its row by that id, or else by
 * the route it is priced on. The document does not show the list's structure; a row Kiln cannot
 * match simply leaves the price unknown, and unknown prices are treated as paid.
 */
import { knownOperations } from '../../../shared/api/operations';
import type { PriceList, PriceRow } from '../../../shared/api/schemas';
import { MODEL_TIERS, TIERS } from '../../../shared/api/rules';
import type { PricesView } from '../../../shared/ipc/contract';
import type { Usd } from '../../../shared/money';

interface Route {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly params?: Readonly<Record<string, string>>;
}

/** The route an operation id is priced on, or undefined for an id Kiln does not know. */
export function routeOf(operation: string): Route | undefined {
  const [group, kind, tier] = operation.split('.');
  if (group === 'generate' && MODEL_TIERS.includes(tier as never)) {
    const t = TIERS[tier as (typeof MODEL_TIERS)[number]];
    if (kind === 'photo') return { method: 'POST', path: t.photoPath };
    if (kind === 'multi') return { method: 'POST', path: t.multiPath };
    if (kind === 'text') return { method: 'POST', path: '/generate/text', params: { mode: tier! } };
  }
  if (operation === 'text.imagine') return { method: 'POST', path: '/generate/text/imagine' };
  if (operation === 'retexture') return { method: 'POST', path: '/generate/retexture' };
  if (['export', 'print', 'retopo', 'rig', 'parts', 'gamepack'].includes(operation))
    return { method: 'GET', path: `/model/{}/${operation}` };
  if (group === 'make' && kind) return { method: 'GET', path: `/model/{}/make/${kind}` };
  return undefined;
}

/** A path with its `{placeholders}` reduced to `{}`, for comparing templates. */
function template(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');
}

function matches(row: PriceRow, operation: string): boolean {
  if (row.operation === operation) return true;
  if (row.operation) return false;
  const route = routeOf(operation);
  if (!route || !row.path || template(row.path) !== route.path) return false;
  if (row.method && row.method.toUpperCase() !== route.method) return false;
  return Object.entries(route.params ?? {}).every(([k, v]) => row.params?.[k] === v);
}

/** Prices by operation id. */
export class PriceBook {
  readonly #list: PriceList;
  readonly #fetchedAt: number;

  constructor(list: PriceList, fetchedAt: number) {
    this.#list = list;
    this.#fetchedAt = fetchedAt;
  }

  /** The price of one call of `operation`, when the list has it. */
  price(operation: string): Usd | undefined {
    return this.#list.prices.find((row) => row.price_usd !== undefined && matches(row, operation))
      ?.price_usd;
  }

  /** The list as the renderer sees it (rows without a readable price are left out). */
  view(): PricesView {
    const makers = this.#list.prices.flatMap((row) =>
      row.operation?.startsWith('make.') ? [row.operation.slice(5)] : [],
    );
    const byOperation: Record<string, Usd> = {};
    for (const operation of knownOperations(['papercraft', ...makers])) {
      const price = this.price(operation);
      if (price !== undefined) byOperation[operation] = price;
    }
    return {
      currency: this.#list.currency ?? 'USD',
      fetchedAt: this.#fetchedAt,
      byOperation,
      items: this.#list.prices.flatMap((row) =>
        row.price_usd === undefined
          ? []
          : [
              {
                operation: row.operation ?? `${row.method ?? 'GET'} ${row.path ?? '?'}`,
                priceUsd: row.price_usd,
                ...(row.method ? { method: row.method } : {}),
                ...(row.path ? { path: row.path } : {}),
                ...(row.params ? { params: row.params } : {}),
                ...(row.unit ? { unit: row.unit } : {}),
                ...(row.description ? { description: row.description } : {}),
              },
            ],
      ),
    };
  }
}
