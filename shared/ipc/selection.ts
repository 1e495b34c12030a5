/**
 * Which library models a batch runs on. The library grid never loads all 20,000 rows into the
 * page, so "Select all N" travels as the query the user filtered by plus the rows they unticked;
 * the main process pages through the library itself to resolve it.
 */
import { z } from 'zod';
import { LibraryListInputSchema } from './inputs';
import { MAX_BATCH_MODELS } from './limits';

const modelId = z.string().trim().min(1).max(200);

/** The library's filters without paging: what "Select all N" selected. */
export const LibraryFilterSchema = LibraryListInputSchema.unwrap().omit({
  page: true,
  limit: true,
});
/** Library filters without paging. */
export type LibraryFilter = z.infer<typeof LibraryFilterSchema>;

/** Models picked one by one (click, Ctrl/⌘-click, Shift-click ranges), in the grid's order. */
export const IdsSelectionSchema = z.object({
  kind: z.literal('ids'),
  ids: z.array(modelId).min(1).max(MAX_BATCH_MODELS),
});

/**
 * "Select all N" of a search: every model the filter matches but the unticked ones. `total` is
 * the count the user saw, so a library that changed meanwhile can be told apart.
 */
export const QuerySelectionSchema = z.object({
  kind: z.literal('query'),
  filter: LibraryFilterSchema,
  except: z.array(modelId).max(MAX_BATCH_MODELS),
  total: z.number().int().min(0).max(MAX_BATCH_MODELS),
});

/** A selection of library models. */
export const ModelSelectionSchema = z.discriminatedUnion('kind', [
  IdsSelectionSchema,
  QuerySelectionSchema,
]);
/** A selection of library models. */
export type ModelSelection = z.infer<typeof ModelSelectionSchema>;
