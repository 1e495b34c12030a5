/**
 * Batches: one tool run on many library models (issue 22). What the renderer may ask
 * (`batch:quote`, `batch:start`, `batch:pause`/`resume`/`cancel`, `batch:list`) and what the main
 * process answers and pushes (`batch.updated`). The tool is the single tools' own operation
 * (`ToolOpSchema`), checked by the same schema; the models a {@link ModelSelection}.
 */
import { z } from 'zod';
import { BATCH_ITEM_STATES } from '../jobs';
import { ToolOpSchema } from './inputs';
import { ModelSelectionSchema } from './selection';
import { ConnectionSchema, UsdStringSchema } from './views';

/** `batch:quote`: what a batch would cost, before anything is sent. */
export const BatchQuoteInputSchema = z.object({
  selection: ModelSelectionSchema,
  op: ToolOpSchema,
  /** Absolute path of the folder results go to (`<folder>/<model name>/…`); default: settings. */
  folder: z.string().min(1).max(4096).optional(),
});
/** See {@link BatchQuoteInputSchema}. */
export type BatchQuoteInput = z.infer<typeof BatchQuoteInputSchema>;

/** `batch:start`: the quoted batch; `onlyAffordable` starts only the paid items the balance covers. */
export const BatchStartInputSchema = BatchQuoteInputSchema.extend({
  onlyAffordable: z.boolean().optional(),
});
/** See {@link BatchStartInputSchema}. */
export type BatchStartInput = z.infer<typeof BatchStartInputSchema>;

/** `batch:pause` and the others: one batch. */
export const BatchRefSchema = z.object({ batchId: z.string().min(1).max(100) });

/** A model the tool cannot take, left out before anything is sent, and why. */
export const LeftOutSchema = z.object({
  modelId: z.string(),
  name: z.string(),
  reason: z.string(),
});

/** `batch:quote`'s answer: one price first. */
export const BatchQuoteViewSchema = z.object({
  /** Models the batch would run on. */
  count: z.number().int(),
  /** Of them, builds that are charged (by the live price list). */
  paid: z.number().int(),
  /** Of them, free ones: exports of API models, local conversions, cached results and repeats. */
  free: z.number().int(),
  /** The price of one paid build; absent when the price list could not be read. */
  unitUsd: UsdStringSchema.optional(),
  /** Total of the paid builds, exact; absent when the price list could not be read. */
  totalUsd: UsdStringSchema.optional(),
  balanceUsd: UsdStringSchema.optional(),
  balanceAfterUsd: UsdStringSchema.optional(),
  /** When the balance covers only part: how many paid builds it covers (free ones always run). */
  affordable: z.number().int().optional(),
  /** The total of the affordable part. */
  affordableUsd: UsdStringSchema.optional(),
  /** Above the spend-confirmation threshold of Settings: the user must confirm. */
  needsConfirmation: z.boolean(),
  leftOut: z.array(LeftOutSchema),
  /** The folder results go to. */
  folder: z.string(),
});
/** See {@link BatchQuoteViewSchema}. */
export type BatchQuoteView = z.infer<typeof BatchQuoteViewSchema>;

/** One model of a batch. */
export const BatchItemViewSchema = z.object({
  modelId: z.string(),
  name: z.string(),
  version: z.number().optional(),
  state: z.enum(BATCH_ITEM_STATES),
  /** The item's job (Activity shows it), once started. */
  jobId: z.string().optional(),
  /** The saved file, or the new version's id for a rig or parts. */
  file: z.string().optional(),
  costUsd: UsdStringSchema.optional(),
  refundedUsd: UsdStringSchema.optional(),
  /** Why it failed or was cancelled, in a sentence. */
  reason: z.string().optional(),
});
/** See {@link BatchItemViewSchema}. */
export type BatchItemView = z.infer<typeof BatchItemViewSchema>;

/** A batch as Activity shows it. */
export const BatchViewSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  /** "Export (fbx)", "Quad remesh", … */
  label: z.string(),
  op: ToolOpSchema,
  folder: z.string(),
  /** The batch's CSV (model, version, tool, parameters, file, cost, outcome). */
  csv: z.string(),
  state: z.enum(['running', 'paused', 'done', 'cancelled']),
  items: z.array(BatchItemViewSchema),
  leftOut: z.array(LeftOutSchema),
  /** Items finished (done, failed, cancelled or unknown). */
  finished: z.number().int(),
  failed: z.number().int(),
  /** Charged so far, net of refunds, exact. */
  costUsd: UsdStringSchema,
  /** The connection it was started on: Activity lists the batches of the connection now. */
  connection: ConnectionSchema.optional(),
});
/** See {@link BatchViewSchema}. */
export type BatchView = z.infer<typeof BatchViewSchema>;
