/**
 * The sandbox's price list: one operation id per paid (or explicitly free) call.
 *
 * The document gives no prices; these are the sandbox's, chosen to be plausible and distinct so
 * tests can tell operations apart by cost. `GET /api/platform/prices` publishes them.
 */
import { normalizeUsd, type Usd } from '../../../shared/money';
import type { ModelTier } from '../../../shared/api/rules';

/** One row of the price list. */
export interface PriceRow {
  readonly operation: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** Extra selector of the operation on its path (e.g. `{ mode: 'ultra' }`). */
  readonly params?: Readonly<Record<string, string>>;
  readonly price_usd: Usd;
  /** `call`: every successful start; `build`: once per job build; `free`. */
  readonly unit: 'call' | 'build' | 'free';
  readonly description: string;
}

type Row = Omit<PriceRow, 'price_usd'> & { readonly price: Usd };

const TIER_LABEL: Record<ModelTier, string> = {
  ultra: 'best quality, model version 2',
  quality: 'quality, model version 1.1',
  fast: 'fastest, model version 1',
};

const ROWS: readonly Row[] = [
  ...(
    [
      ['ultra', '/ultra', '0.60', '0.80'],
      ['quality', '', '0.40', '0.55'],
      ['fast', '/fast', '0.20', '0.30'],
    ] as const
  ).flatMap(([tier, suffix, photo, multi]): Row[] => [
    {
      operation: `generate.photo.${tier}`,
      method: 'POST',
      path: `/generate/cloud${suffix}`,
      price: photo,
      unit: 'call',
      description: `Photo to 3D model (${TIER_LABEL[tier]})`,
    },
    {
      operation: `generate.multi.${tier}`,
      method: 'POST',
      path: `/generate/cloud/multi${suffix}`,
      price: multi,
      unit: 'call',
      description: `2-4 views to 3D model (${TIER_LABEL[tier]})`,
    },
    {
      operation: `generate.text.${tier}`,
      method: 'POST',
      path: '/generate/text',
      params: { mode: tier },
      price: photo,
      unit: 'call',
      description: `Concept picture to 3D model (${TIER_LABEL[tier]})`,
    },
  ]),
  {
    operation: 'text.imagine',
    method: 'POST',
    path: '/generate/text/imagine',
    price: '0.05',
    unit: 'call',
    description: 'Text prompt to concept picture',
  },
  {
    operation: 'retexture',
    method: 'POST',
    path: '/generate/retexture',
    price: '0.30',
    unit: 'call',
    description: 'Paint a model anew from a photo (new version)',
  },
  {
    operation: 'export',
    method: 'GET',
    path: '/model/{model_id}/export',
    price: '0.00',
    unit: 'free',
    description: 'Export in any format: free for models generated through the API',
  },
  {
    operation: 'print',
    method: 'GET',
    path: '/model/{model_id}/print',
    price: '0.00',
    unit: 'free',
    description: 'Print-ready STL or 3MF: free for models generated through the API',
  },
  {
    operation: 'retopo',
    method: 'GET',
    path: '/model/{model_id}/retopo',
    price: '0.25',
    unit: 'build',
    description: 'Quad remesh with re-baked textures',
  },
  {
    operation: 'rig',
    method: 'GET',
    path: '/model/{model_id}/rig',
    price: '0.35',
    unit: 'build',
    description: 'Auto-rig with animation clips (new version)',
  },
  {
    operation: 'parts',
    method: 'GET',
    path: '/model/{model_id}/parts',
    price: '0.30',
    unit: 'build',
    description: 'Split into named parts (new version)',
  },
  {
    operation: 'gamepack',
    method: 'GET',
    path: '/model/{model_id}/gamepack',
    price: '0.15',
    unit: 'build',
    description: 'Game-ready pack: LODs and colliders',
  },
  {
    operation: 'make.papercraft',
    method: 'GET',
    path: '/model/{model_id}/make/papercraft',
    price: '0.10',
    unit: 'build',
    description: 'Papercraft sheets (SVG pages to print, cut and fold)',
  },
];

/** Operation ids of every row. */
export const OPERATION_IDS: readonly string[] = ROWS.map((row) => row.operation);

/** The price list with overrides applied. */
export class PriceList {
  readonly #rows: PriceRow[];
  readonly #byOperation = new Map<string, PriceRow>();

  constructor(overrides: Partial<Record<string, Usd>> = {}) {
    for (const operation of Object.keys(overrides)) {
      if (!OPERATION_IDS.includes(operation))
        throw new Error(`Unknown priced operation ${operation}`);
    }
    this.#rows = ROWS.map(({ price, ...row }) => {
      const priceUsd = normalizeUsd(overrides[row.operation] ?? price);
      return { ...row, price_usd: priceUsd, unit: priceUsd === '0.00' ? 'free' : row.unit };
    });
    for (const row of this.#rows) this.#byOperation.set(row.operation, row);
  }

  /** Price of one operation. */
  price(operation: string): Usd {
    const row = this.#byOperation.get(operation);
    if (!row) throw new Error(`No price for ${operation}`);
    return row.price_usd;
  }

  /** The answer of `GET /api/platform/prices`. */
  answer(): { currency: 'USD'; prices: PriceRow[] } {
    return { currency: 'USD', prices: this.#rows };
  }
}
