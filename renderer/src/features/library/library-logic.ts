/**
 * Pure rules of the library view: which query a set of filters sends, which errors mean "no
 * network", how a family's versions form a tree, and how the service's website rule reads.
 */
import { plural, t } from '@lingui/core/macro';
import type { Words } from '../../../../shared/words';
import { formatDate, formatDateTime, formatNumber } from '../../../../shared/format';
import type {
  CachedModelView,
  LibraryItemView,
  LibraryListInput,
  OpKind,
} from '../../../../shared/ipc/contract';
import type { LibraryFilter } from '../../../../shared/ipc/selection';
import { needsWebsitePlan as needsPlan } from '../../../../shared/api/rules';
import { LISTED_TOOLS } from '../../../../shared/tools';
import { kindLabel } from './version-label';

/**
 * Rows per `GET /library` page the grid asks for: the most the service allows, since every page
 * is a request out of the key's 60 per minute.
 */
export const LIBRARY_PAGE_SIZE = 200;

/** The filters of the library view. */
export interface LibraryFilters {
  readonly search: string;
  readonly published: boolean;
  readonly favourite: boolean;
  readonly includeRemesh: boolean;
  /** One card per version family (`group=family`). */
  readonly families: boolean;
  /** With `families`: only families of two or more versions. */
  readonly hasVersions: boolean;
}

/** The `library:list` input of one page under `filters`. */
export function libraryQuery(filters: LibraryFilters, page: number): NonNullable<LibraryListInput> {
  const search = filters.search.trim();
  return {
    page,
    limit: LIBRARY_PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(filters.published ? { published: true } : {}),
    ...(filters.favourite ? { favourite: true } : {}),
    ...(filters.includeRemesh ? { includeRemesh: true } : {}),
    ...(filters.families ? { group: 'family' as const } : {}),
    ...(filters.families && filters.hasVersions ? { hasVersions: true } : {}),
  };
}

/**
 * Jobs that have finished with a new model (generations, retextures, rig and parts versions):
 * when it grows past the count at the last listing, page 1 misses models that belong at its top.
 * A file made of a model (an export, a print, a batch's items) adds none: counting those made an
 * open library list itself again after every item of a batch (B16: a third of the budget).
 */
export function doneJobCount(
  jobs: readonly {
    readonly state: string;
    readonly modelId?: string | undefined;
    readonly sourceModelId?: string | undefined;
  }[],
): number {
  return jobs.filter(
    (j) => j.state === 'done' && j.modelId !== undefined && j.modelId !== j.sourceModelId,
  ).length;
}

/** Error codes of the core that mean the service could not be reached at all. */
const OFFLINE_CODES = new Set(['unreachable', 'connection_failed', 'connection_lost', 'timeout']);

/** True when an error says the service is unreachable (the cached models are then shown). */
export function isOffline(error: unknown): boolean {
  return OFFLINE_CODES.has((error as { code?: string } | undefined)?.code ?? '');
}

/** The banner's sentence for a failed library request: what happened and what to do. */
export function libraryErrorText(error: unknown): string {
  const code = (error as { code?: string } | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'invalid_api_key') {
    return t`The service refused the API key (missing, wrong or revoked). What is shown stays; replace the key in Account → Keys, then retry. (${message})`;
  }
  if (code === 'not_found' || code === 'feature_off') {
    return t`The service does not know this item any more (404). It may have been deleted on the website. (${message})`;
  }
  if (isOffline(error)) return t`Kiln cannot reach the service. ${message}`;
  return message;
}

/** The filters as a batch's "Select all" names them: the listing's query without paging. */
export function libraryFilter(filters: LibraryFilters): LibraryFilter {
  const { page: _page, limit: _limit, ...filter } = libraryQuery(filters, 1);
  return filter;
}

/** Cached models matching the search, as library rows (the offline grid). */
export function offlineRows(models: readonly CachedModelView[], search: string): LibraryItemView[] {
  const q = search.trim().toLowerCase();
  return models
    .filter((m) => !q || m.name.toLowerCase().includes(q))
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''))
    .map((m) => ({
      modelId: m.modelId,
      name: m.name,
      ...(m.createdAt ? { createdAt: m.createdAt } : {}),
      ...(m.polyCount !== undefined ? { polyCount: m.polyCount } : {}),
      cached: true,
      ...(m.thumbnailUrl ? { thumbnailUrl: m.thumbnailUrl } : {}),
    }));
}

/** A version in the family tree, with the versions made from it. */
export interface VersionNode {
  readonly item: LibraryItemView;
  readonly children: VersionNode[];
  /** Depth in the tree (0 = the original). */
  readonly depth: number;
}

/**
 * The family's versions as a tree from `parent_id` (original → retexture → rig …). A version
 * whose parent is not in the list hangs from the root, so none is ever hidden.
 */
export function versionTree(versions: readonly LibraryItemView[]): VersionNode[] {
  const byId = new Map(versions.map((v) => [v.modelId, v]));
  const kids = new Map<string, LibraryItemView[]>();
  const roots: LibraryItemView[] = [];
  const first = versions[0];
  for (const v of versions) {
    const parent = v.parentId ?? undefined;
    if (parent && byId.has(parent) && parent !== v.modelId) {
      kids.set(parent, [...(kids.get(parent) ?? []), v]);
    } else if (!parent || v === first) {
      roots.push(v);
    } else {
      // Parent not listed (e.g. a hidden version): attach to the original.
      const top = roots[0] ?? first;
      if (top && top !== v) kids.set(top.modelId, [...(kids.get(top.modelId) ?? []), v]);
      else roots.push(v);
    }
  }
  const build = (item: LibraryItemView, depth: number, seen: Set<string>): VersionNode => {
    seen.add(item.modelId);
    const children = (kids.get(item.modelId) ?? [])
      .filter((c) => !seen.has(c.modelId))
      .map((c) => build(c, depth + 1, seen));
    return { item, children, depth };
  };
  const seen = new Set<string>();
  return roots.map((r) => build(r, 0, seen));
}

/** The tree flattened depth-first (the order the tree list shows). */
export function flattenTree(nodes: readonly VersionNode[]): VersionNode[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children)]);
}

/** Operations of the Tools column, in the order the detail offers them (shared/tools.ts). */
export const MODEL_ACTIONS: readonly Readonly<{ op: OpKind; label: Words }>[] = LISTED_TOOLS.map(
  (t) => ({ op: t.kind, label: t.label }),
);

/**
 * True when `op` on this model needs a website plan: the shared rule of the service
 * (`shared/api/rules.ts`), which the batch's "left out" list uses too.
 */
export function needsWebsitePlan(item: Pick<LibraryItemView, 'source'>, op: string): boolean {
  return needsPlan(item.source, op);
}

/** A count of models with the region's grouping ("20,000 models", "1 model"). */
export function modelCountText(count: number): string {
  const shown = formatNumber(count);
  return plural(count, { one: `${shown} model`, other: `${shown} models` });
}

/**
 * When a model was made as the region writes it: its day ("Mar 4, 2026"), or with `withTime`
 * its day and time ("Mar 4, 2026, 1:05 PM"); the service's text itself if it cannot be read.
 */
export function modelDate(iso: string, withTime = false): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return withTime ? formatDateTime(at) : formatDate(at);
}

/** A triangle count with the region's grouping ("48,210 triangles"). */
export function trianglesText(count: number): string {
  const shown = formatNumber(count);
  return plural(count, { one: `${shown} triangle`, other: `${shown} triangles` });
}

/**
 * The facts a card shows while it has no picture: kind, triangles and the day it was made
 * ("Original · 48,210 triangles · Mar 4, 2026").
 */
export function cardFacts(item: Pick<LibraryItemView, 'kind' | 'polyCount' | 'createdAt'>): string {
  return [
    kindLabel(item.kind),
    item.polyCount !== undefined ? trianglesText(item.polyCount) : '',
    item.createdAt ? modelDate(item.createdAt) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** How the grid orders the library. */
export type LibrarySort = 'newest' | 'oldest' | 'name';

/**
 * The most models Kiln sorts by name. The service lists newest first and nothing else
 * (service-api.md §4.8), so a name order needs every row: up to 5 pages of 200, 5 requests.
 * Sorting a 20,000-model library would read 100 pages (nearly two minutes of the request
 * budget), so beyond this the user narrows the list first (search, filters).
 */
export const NAME_SORT_MAX = 5 * LIBRARY_PAGE_SIZE;

/** Why the name order is not offered for this listing, or undefined when it is. */
export function nameSortProblem(total: number | undefined, offline: boolean): string | undefined {
  if (offline || total === undefined || total <= NAME_SORT_MAX) return undefined;
  const most = formatNumber(NAME_SORT_MAX);
  const now = formatNumber(total);
  return t`The service lists models newest first only: to sort by name Kiln needs the whole list, so search or filter down to ${most} models or fewer (now ${now}).`;
}

/** The order the grid shows: the one chosen, or newest first where the name order cannot be had. */
export function shownSort(
  sort: LibrarySort,
  total: number | undefined,
  offline: boolean,
): LibrarySort {
  return sort === 'name' && nameSortProblem(total, offline) ? 'newest' : sort;
}

/** The order the grid shows: its rows by position, and the service rows a range of it needs. */
export interface LibraryOrder {
  readonly sort: LibrarySort;
  /** The row shown at `index` (0-based), if its page is loaded. */
  rowAt(index: number): LibraryItemView | undefined;
  /** The service's rows (newest-first positions, inclusive) that positions `from`…`to` show. */
  serviceRange(from: number, to: number): readonly [number, number];
  /** The position of a model among the loaded rows, if loaded. */
  indexOf(modelId: string): number | undefined;
}

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The grid's order over the loaded pages (newest first, as the service lists them). Oldest first
 * reads the same pages from the end; by name needs them all (see {@link NAME_SORT_MAX}): until
 * every page is here, its rows are not known and none is shown.
 */
export function libraryOrder(
  sort: LibrarySort,
  pages: Readonly<Record<number, readonly LibraryItemView[]>>,
  total: number,
): LibraryOrder {
  const at = (i: number) => pages[Math.floor(i / LIBRARY_PAGE_SIZE) + 1]?.[i % LIBRARY_PAGE_SIZE];
  const serviceIndex = (id: string): number | undefined => {
    for (const [page, rows] of Object.entries(pages)) {
      const i = rows.findIndex((r) => r.modelId === id);
      if (i >= 0) return (Number(page) - 1) * LIBRARY_PAGE_SIZE + i;
    }
    return undefined;
  };
  if (sort === 'oldest') {
    return {
      sort,
      rowAt: (i) => at(total - 1 - i),
      serviceRange: (from, to) => [Math.max(0, total - 1 - to), total - 1 - from],
      indexOf: (id) => {
        const i = serviceIndex(id);
        return i === undefined ? undefined : total - 1 - i;
      },
    };
  }
  if (sort === 'name') {
    const rows: LibraryItemView[] = [];
    for (let p = 1; p <= Math.ceil(total / LIBRARY_PAGE_SIZE); p++) {
      const page = pages[p];
      if (!page) {
        rows.length = 0;
        break;
      }
      rows.push(...page);
    }
    rows.sort((a, b) => byName.compare(a.name ?? a.modelId, b.name ?? b.modelId));
    const positions = new Map(rows.map((r, i) => [r.modelId, i]));
    return {
      sort,
      rowAt: (i) => rows[i],
      serviceRange: () => [0, total - 1],
      indexOf: (id) => positions.get(id),
    };
  }
  return {
    sort: 'newest',
    rowAt: at,
    serviceRange: (from, to) => [from, to],
    indexOf: serviceIndex,
  };
}
