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
  billing: BillingSchema.optional(),
});
/** A parsed generation start answer. */
export type GenerationStart = z.infer<typeof GenerationStartSchema>;

/** Task states the document lists (§2.3); others may arrive and are kept as strings. */
export const TASK_STATES = ['waiting', 'queued', 'processing', 'done', 'error'] as const;

/** Answer of `GET /task/{id}/status` (§2.3). */
export const TaskStatusSchema = z.looseObject({
  status: z.string(),
  model_id: z.string().optional(),
  thumbnail_url: z.string().optional(),
  /** Sandbox: 0–100 while processing. */
  progress: z.number().optional(),
  /** Sandbox: why a task failed. */
  message: z.string().optional(),
});
/** A parsed task status. */
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** Answer of `GET /model/{id}` (§2.5). Only `url` is documented by name. */
export const ModelSchema = z.looseObject({
  model_id: z.string().optional(),
  url: z.string().min(1),
  name: z.string().optional(),
  created_at: z.string().optional(),
  poly_count: z.number().optional(),
  thumbnail_url: z.string().optional(),
});
/** A parsed model record. */
export type ModelRecord = z.infer<typeof ModelSchema>;
