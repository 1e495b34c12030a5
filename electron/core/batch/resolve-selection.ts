/**
 * A batch's {@link ModelSelection} as the models it names. "Select all N" travels as the library
 * query the user filtered by plus the rows they unticked, so the main process pages through the
 * library itself (through the scheduler, like every request); models picked one by one were seen
 * in the grid, and are looked up there first, else found by paging through the whole library.
 */
import { LIMITS } from '../../../shared/api/rules';
import type { LibraryRow } from '../../../shared/api/schemas';
import type { LibraryItemView, LibraryListInput } from '../../../shared/ipc/contract';
import { LOCAL_MODEL_PREFIX } from '../../../shared/ipc/local-model';
import { MAX_BATCH_MODELS } from '../../../shared/ipc/limits';
import type { ModelSelection } from '../../../shared/ipc/selection';
import { libraryItem } from '../library/library-service';

/** A model of a batch, as the library describes it. */
export type SelectedModel = Readonly<{
  modelId: string;
  name: string;
  version?: number;
  source?: string;
  /** Not in the library: opened from a file on this computer, or not found. */
  missing?: 'local' | 'not_found';
}>;

/** What resolving needs. */
export type ResolveDeps = Readonly<{
  /** One page of `GET /library`. */
  library: (input: LibraryListInput) => Promise<{ items: readonly LibraryRow[]; pages?: number }>;
  /** A row the library already listed in this session. */
  seen: (modelId: string) => LibraryItemView | undefined;
  /** The name of a model opened from a local file, when Kiln has it. */
  localName: (modelId: string) => Promise<string | undefined>;
}>;

const PAGE = LIMITS.libraryLimit.max;
const MAX_PAGES = Math.ceil(MAX_BATCH_MODELS / PAGE);

function fromItem(item: LibraryItemView): SelectedModel {
  return {
    modelId: item.modelId,
    name: item.name ?? item.modelId,
    ...(item.version !== undefined ? { version: item.version } : {}),
    ...(item.source !== undefined ? { source: item.source } : {}),
  };
}

/** Pages of the library matching `filter`, until `wanted` says stop or the last page. */
async function* pages(
  deps: ResolveDeps,
  filter: LibraryListInput,
): AsyncGenerator<readonly LibraryRow[]> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await deps.library({ ...filter, page, limit: PAGE });
    yield answer.items;
    if (answer.items.length < PAGE || (answer.pages !== undefined && page >= answer.pages)) return;
  }
}

/** The models of `selection`, each once, in the order the user saw them. */
export async function resolveSelection(
  selection: ModelSelection,
  deps: ResolveDeps,
): Promise<SelectedModel[]> {
  if (selection.kind === 'query') {
    const except = new Set(selection.except);
    const found = new Map<string, SelectedModel>();
    for await (const rows of pages(deps, selection.filter)) {
      for (const row of rows) {
        if (!except.has(row.model_id) && !found.has(row.model_id)) {
          found.set(row.model_id, fromItem(libraryItem(row)));
        }
      }
      if (found.size >= MAX_BATCH_MODELS) break;
    }
    return [...found.values()].slice(0, MAX_BATCH_MODELS);
  }
  const ids = [...new Set(selection.ids)];
  const known = new Map<string, SelectedModel>();
  const unknown = new Set<string>();
  for (const id of ids) {
    const seen = deps.seen(id);
    if (seen) known.set(id, fromItem(seen));
    else if (id.startsWith(LOCAL_MODEL_PREFIX)) {
      known.set(id, { modelId: id, name: (await deps.localName(id)) ?? id, missing: 'local' });
    } else unknown.add(id);
  }
  if (unknown.size > 0) {
    for await (const rows of pages(deps, { includeRemesh: true })) {
      for (const row of rows) {
        if (unknown.delete(row.model_id)) known.set(row.model_id, fromItem(libraryItem(row)));
      }
      if (unknown.size === 0) break;
    }
  }
  return ids.map((id) => known.get(id) ?? { modelId: id, name: id, missing: 'not_found' as const });
}
