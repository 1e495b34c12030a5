/**
 * The schema of {@link IpcError}, for code that checks errors it did not make (the fault
 * suite). Kept out of `errors.ts` so the renderer's entry does not load zod for it.
 */
import { z } from 'zod';
import type { IpcError } from './errors';

/** Parses an {@link IpcError}. */
export const IpcErrorSchema: z.ZodType<IpcError> = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
  retryAfter: z.number().optional(),
});
