/**
 * The model library (service-api.md §2.5, §4.8, §4.9): model records and the paged listing.
 */
import type { LibraryQuery } from '../../shared/api/params';
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
  const search = query.search?.trim().toLowerCase();
  const all = visible(core).filter((m) => query.include_remesh || !hiddenKinds.has(m.kind));
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
  // Only the requested page is turned into rows (a 20,000-model library answers in milliseconds).
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
