/**
 * The model library (service-api.md §2.5, §4.8, §4.9): model records and the paged listing.
 */
import type { LibraryQuery } from '../../../shared/api/params';
import { iso, type SandboxCore } from './core';
import type { ModelRow } from './state';

/** Download URL of a model's GLB (bearer key required). */
export const modelFileUrl = (base: string, model: ModelRow) =>
  `${base}/files/models/${model.id}/model.glb`;
/** URL of a model's thumbnail (bearer key required). */
export const thumbnailUrl = (base: string, model: ModelRow) =>
  `${base}/files/models/${model.id}/thumbnail`;

/** A library row. */
export function libraryRow(model: ModelRow, base: string): Record<string, unknown> {
  return {
    model_id: model.id,
    name: model.name,
    created_at: iso(model.createdAt),
    poly_count: model.polyCount,
    thumbnail_url: thumbnailUrl(base, model),
    root_id: model.rootId,
    parent_id: model.parentId,
    version: model.version,
    kind: model.kind,
    source: model.source,
    model_version: model.modelVersion,
    published: model.published,
    favourite: model.favourite,
  };
}

/** The answer of `GET /model/{id}`. */
export function modelAnswer(
  core: SandboxCore,
  model: ModelRow,
  base: string,
): Record<string, unknown> {
  return {
    ...libraryRow(model, base),
    url: modelFileUrl(base, model),
    vertex_count: model.vertexCount,
    texture_size: model.textureSize,
    texture_format: model.textureFormat,
    file_size: core.state.files[model.fileId]?.size,
    versions_count: versionsOf(core, model.rootId, true).length,
  };
}

// Remesh and rig versions are derived models; the library hides them unless asked.
const hiddenKinds = new Set<ModelRow['kind']>(['remesh', 'rig']);

function visible(core: SandboxCore): ModelRow[] {
  const now = core.now();
  return Object.values(core.state.models).filter((m) => m.readyAt <= now);
}

function versionsOf(core: SandboxCore, rootId: string, includeRemesh: boolean): ModelRow[] {
  return visible(core).filter(
    (m) => m.rootId === rootId && (includeRemesh || !hiddenKinds.has(m.kind)),
  );
}

const newestFirst = (a: ModelRow, b: ModelRow) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** One query's matching rows, newest first, unpaged, and the visible family sizes. */
interface Listing {
  readonly rows: readonly ModelRow[];
  /** Versions per family root, as `versions_count` reports them. */
  readonly counts: ReadonlyMap<string, number>;
}

/** A listing and what it holds for: one state revision, and a span of time (see below). */
interface CachedListing extends Listing {
  readonly revision: number;
  /** The time it was made: a clock set back could hide models it shows. */
  readonly from: number;
  /** When the next model becomes visible (its `readyAt`); `Infinity` when none is pending. */
  readonly until: number;
}

/** Queries (filters, not pages) kept per sandbox: a user flips between a few at most. */
const MAX_LISTINGS = 8;
const listings = new WeakMap<SandboxCore, Map<string, CachedListing>>();

function makeListing(core: SandboxCore, query: LibraryQuery, now: number): CachedListing {
  const search = query.search?.trim().toLowerCase();
  let until = Infinity;
  const all: ModelRow[] = [];
  for (const m of Object.values(core.state.models)) {
    if (m.readyAt > now) until = Math.min(until, m.readyAt);
    else if (query.include_remesh || !hiddenKinds.has(m.kind)) all.push(m);
  }
  const counts = new Map<string, number>();
  for (const m of all) counts.set(m.rootId, (counts.get(m.rootId) ?? 0) + 1);
  let rows = all.filter(
    (m) =>
      (!search || m.name.toLowerCase().includes(search)) &&
      (!query.published || m.published) &&
      (!query.favourite || m.favourite),
  );
  rows.sort(newestFirst);
  if (query.group === 'family') {
    const seen = new Set<string>();
    rows = rows.filter((m) => {
      if (seen.has(m.rootId)) return false;
      seen.add(m.rootId);
      return !query.has_versions || (counts.get(m.rootId) ?? 0) >= 2;
    });
  }
  return { rows, counts, revision: core.revision, from: now, until };
}

/**
 * The listing of `query`, made once and reused while nothing changes: sorting 20,000 models for
 * every page of 200 cost tens of milliseconds per request (bench B8 pages through the whole
 * library). A listing is dropped when the state changes (a model added, flags set: every change
 * goes through `core.changed()`), when a pending model's `readyAt` passes, or when the clock is
 * set back before it was made.
 */
function listingOf(core: SandboxCore, query: LibraryQuery): Listing {
  const now = core.now();
  let cache = listings.get(core);
  if (!cache) listings.set(core, (cache = new Map()));
  const key = JSON.stringify([
    query.search?.trim().toLowerCase() ?? '',
    Boolean(query.published),
    Boolean(query.favourite),
    Boolean(query.include_remesh),
    query.group ?? '',
    Boolean(query.has_versions),
  ]);
  const hit = cache.get(key);
  if (hit && hit.revision === core.revision && hit.from <= now && now < hit.until) return hit;
  // Listings of an older revision are stale for every query.
  if (hit?.revision !== core.revision) {
    for (const [k, v] of cache) if (v.revision !== core.revision) cache.delete(k);
  }
  const made = makeListing(core, query, now);
  cache.delete(key);
  cache.set(key, made);
  // Oldest first in a Map: drop the least recently made beyond the limit.
  while (cache.size > MAX_LISTINGS) cache.delete(cache.keys().next().value!);
  return made;
}

/**
 * The answer of `GET /library`: `{items, page, limit, total, pages}`, newest first.
 *
 * Filters (search, published, favourite) apply to versions. With `group=family` the matching
 * versions are grouped by family: one row per family (its newest matching version) with
 * `root_id` and `versions_count` (the family's versions the listing shows, i.e. without remesh
 * and rig versions unless `include_remesh=1`); `has_versions` keeps families of two or more.
 */
export function listLibrary(
  core: SandboxCore,
  query: LibraryQuery,
  base: string,
): Record<string, unknown> {
  const { rows, counts } = listingOf(core, query);
  // Only the requested page is turned into rows.
  const total = rows.length;
  const start = (query.page - 1) * query.limit;
  const items = rows
    .slice(start, start + query.limit)
    .map((m) =>
      query.group === 'family'
        ? { ...libraryRow(m, base), versions_count: counts.get(m.rootId) ?? 1 }
        : libraryRow(m, base),
    );
  return {
    items,
    page: query.page,
    limit: query.limit,
    total,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
}
