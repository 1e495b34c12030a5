/**
 * Error codes of service-api.md §7 and the shapes of error bodies.
 */
import { z } from 'zod';

/** The stable `detail.error` codes the service documents. */
export const ERROR_CODES = [
  'invalid_api_key',
  'insufficient_balance',
  'monthly_limit_reached',
  'key_limit_reached',
  'subscription_required',
  'session_required',
  'feature_off',
  'file_not_ready',
  'rate_limited',
  'too_many_jobs',
] as const;
/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** One item of a 422 validation answer (FastAPI style). */
export const ValidationItemSchema = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
/** One item of a 422 validation answer. */
export type ValidationItem = z.infer<typeof ValidationItemSchema>;

/**
 * Any error body the service may send: coded (`detail` object), plain (`detail` string) or
 * validation (`detail` list). Unknown fields are kept; an unknown code is kept as a string.
 */
export const ErrorBodySchema = z.looseObject({
  detail: z.union([
    z.looseObject({
      error: z.string(),
      message: z.string().optional(),
      retry_after: z.number().optional(),
    }),
    z.string(),
    z.array(ValidationItemSchema),
  ]),
});
