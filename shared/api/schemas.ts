/**
 * zod schemas of the service's answers (service-api.md §2).
 *
 * Every schema is tolerant: unknown fields are kept (`looseObject`), and enumerations are read as
 * strings so that a value the document does not list never makes a valid answer unreadable. The
 * fields the document marks "not shown" follow the sandbox's shapes (see electron/sandbox/README.md)
 * and are optional, so another server's shapes still parse.
 */
import { z } from 'zod';
import { isUsd } from '../money';

/** A decimal-string dollar amount. */
export const UsdSchema = z.string().refine(isUsd, 'expected a decimal dollar amount');

/** `billing` of every paid answer (§2.2). */
export const BillingSchema = z.looseObject({
  cost_usd: UsdSchema,
  balance_usd: UsdSchema,
  charge_ids: z.array(z.union([z.string(), z.number()])).default([]),
});
/** A parsed `billing` object. */
export type Billing = z.infer<typeof BillingSchema>;

/** Answer of every paid generation start (§2.1). */
export const GenerationStartSchema = z.looseObject({
  task_id: z.string().min(1),
  status: z.string(),
  // A billing object Kiln cannot read must not hide the task id of a call that was charged:
  // the headers still carry the billing (see captureBilling).
  billing: BillingSchema.optional().catch(undefined),
});
/** A parsed generation start answer. */
export type GenerationStart = z.infer<typeof GenerationStartSchema>;

/** Task states the document lists (§2.3); others may arrive and are kept as strings. */
export const TASK_STATES = ['waiting', 'queued', 'processing', 'done', 'error'] as const;

/** Answer of `GET /task/{id}/status` (§2.3). */
export const TaskStatusSchema = z.looseObject({
  status: z.string(),
  model_id: z.string().optional().catch(undefined),
  thumbnail_url: z.string().optional().catch(undefined),
  /** Sandbox: 0–100 while processing. */
  progress: z.number().optional().catch(undefined),
  /** Sandbox: why a task failed. */
  message: z.string().optional().catch(undefined),
  /** Sandbox: whether a failed task's charge was refunded. */
  refunded: z.boolean().optional().catch(undefined),
});
/** A parsed task status. */
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** Answer of `GET /model/{id}` (§2.5). Only `url` is documented by name. */
export const ModelSchema = z.looseObject({
  model_id: z.string().optional(),
  url: z.string().min(1),
  name: z.string().optional().catch(undefined),
  created_at: z.string().optional().catch(undefined),
  poly_count: z.number().optional().catch(undefined),
  thumbnail_url: z.string().optional().catch(undefined),
});
/** A parsed model record. */
export type ModelRecord = z.infer<typeof ModelSchema>;

/**
 * A list whose items are parsed one by one: an item that does not match is dropped instead of
 * making the whole answer unreadable (a library page with one odd row still lists the others).
 */
export function tolerantArray<T extends z.ZodType>(item: T) {
  return z.array(z.unknown()).transform((items) =>
    items.flatMap((value) => {
      const parsed = item.safeParse(value);
      return parsed.success ? [parsed.data as z.output<T>] : [];
    }),
  );
}

/**
 * A dollar amount where the document leaves the shape "not shown": a decimal string, or a JSON
 * number turned into its decimal text (never through arithmetic). Anything else reads as absent.
 */
export const LooseUsdSchema = z
  .union([z.string(), z.number()])
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .pipe(z.string().refine(isUsd))
  .optional()
  .catch(undefined);

/** An optional field that reads as absent when it has an unexpected type. */
const opt = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** Answer of `POST /generate/text/imagine` (§2.4). The picture's field is `image_url` in the sandbox. */
export const ConceptSchema = z.looseObject({
  concept_id: z.string().min(1),
  image_url: opt(z.string()),
  billing: opt(BillingSchema),
});
/** A parsed concept answer. */
export type ConceptAnswer = z.infer<typeof ConceptSchema>;

/** The `refund` object the sandbox adds to a failed paid build (not shown in the document). */
export const JobRefundSchema = z.looseObject({
  refund_id: opt(z.union([z.string(), z.number()]).transform(String)),
  amount_usd: LooseUsdSchema,
  charge_id: opt(z.union([z.string(), z.number()]).transform(String)),
});

/**
 * Answer of an export / post-processing job URL (§2.6, §3.2): `running` (HTTP 202), `ready` or
 * `error` (HTTP 200). Fields beyond the document's (`job_id`, `progress`, `model_id`, `refund`,
 * `size_bytes`) follow the sandbox and read as absent when missing or odd.
 */
export const JobResultSchema = z.looseObject({
  status: z.string(),
  url: opt(z.string().min(1)),
  filename: opt(z.string()),
  /** Seconds in the sandbox; the document does not give the unit. */
  expires_in: opt(z.number()),
  message: opt(z.string()),
  job_id: opt(z.union([z.string(), z.number()]).transform(String)),
  progress: opt(z.number()),
  model_id: opt(z.string()),
  size_bytes: opt(z.number()),
  content_type: opt(z.string()),
  refund: opt(JobRefundSchema),
  billing: opt(BillingSchema),
});
/** A parsed job answer. */
export type JobResult = z.infer<typeof JobResultSchema>;

/** One row of `GET /library` (§2.5, §4.8); only `model_id` is required. */
export const LibraryRowSchema = z.looseObject({
  model_id: z.string().min(1),
  name: opt(z.string()),
  created_at: opt(z.string()),
  poly_count: opt(z.number()),
  thumbnail_url: opt(z.string()),
  root_id: opt(z.string()),
  parent_id: opt(z.string().nullable()),
  versions_count: opt(z.number()),
  version: opt(z.number()),
  kind: opt(z.string()),
  source: opt(z.string()),
  published: opt(z.boolean()),
  favourite: opt(z.boolean()),
});
/** A parsed library row. */
export type LibraryRow = z.infer<typeof LibraryRowSchema>;

const LibraryObjectSchema = z.looseObject({
  items: tolerantArray(LibraryRowSchema),
  page: opt(z.number()),
  limit: opt(z.number()),
  total: opt(z.number()),
  pages: opt(z.number()),
});

/**
 * Answer of `GET /library`: the sandbox's `{items, page, limit, total, pages}`, or a bare list of
 * rows (the document does not show the envelope).
 */
export const LibraryPageSchema = z.union([
  LibraryObjectSchema,
  tolerantArray(LibraryRowSchema).transform((items) => ({ items })),
]);
/** A parsed library page. */
export type LibraryPage = z.infer<typeof LibraryPageSchema>;

/**
 * Answer of `GET /api/platform/balance` (§2.7). Field names are "not shown"; these are the
 * sandbox's, all optional.
 */
export const BalanceSchema = z.looseObject({
  currency: opt(z.string()),
  balance_usd: LooseUsdSchema,
  month_spend_usd: LooseUsdSchema,
  monthly_limit_usd: LooseUsdSchema,
  key_month_spend_usd: LooseUsdSchema,
  key_monthly_limit_usd: LooseUsdSchema,
  jobs_running: opt(z.number()),
  jobs_limit: opt(z.number()),
  builds_running: opt(z.number()),
});
/** A parsed balance record. */
export type BalanceAnswer = z.infer<typeof BalanceSchema>;

/** One row of the price list (sandbox shape; the document's is "not shown"). */
export const PriceRowSchema = z.looseObject({
  operation: opt(z.string()),
  method: opt(z.string()),
  path: opt(z.string()),
  params: opt(z.record(z.string(), z.string())),
  price_usd: LooseUsdSchema,
  unit: opt(z.string()),
  description: opt(z.string()),
});
/** A parsed price row. */
export type PriceRow = z.infer<typeof PriceRowSchema>;

/** Answer of `GET /api/platform/prices`: `{currency, prices: [...]}` or a bare list. */
export const PriceListSchema = z.union([
  z.looseObject({ currency: opt(z.string()), prices: tolerantArray(PriceRowSchema) }),
  tolerantArray(PriceRowSchema).transform((prices) => ({ prices, currency: undefined })),
]);
/** A parsed price list. */
export type PriceList = z.infer<typeof PriceListSchema>;
