/**
 * A job as Kiln remembers it: what the renderer sees (`view`) plus what is needed to carry it on
 * after a restart without ever sending its paid call twice: the inputs (file paths, parameters,
 * the exact query of a post-processing call), the origin it was sent to, and whether its paid call
 * may already have left (`dispatched`, journaled right before the call is sent).
 */
import { z } from 'zod';
import { MODEL_TIERS } from '../../../shared/api/rules';
import { isMoving } from '../../../shared/jobs';
import { connectionIdentity } from '../session';
import {
  CompatibleOpSchema,
  JobViewSchema,
  OpSchema,
  type JobView,
} from '../../../shared/ipc/contract';
import { WordsSchema } from '../../../shared/ipc/views';

/** A file to upload, by its path on disk. */
export const UploadRefSchema = z.object({ path: z.string(), name: z.string(), type: z.string() });

/** A paid call as journaled (`ServiceCall`): every repeat must be identical (§3.2). */
const ServiceCallShape = {
  path: z.string(),
  query: z.record(z.string(), z.string()),
  operation: z.string(),
};

/**
 * A generation's start call as journaled (`GenerationCall`): built once when the job is started,
 * and sent exactly so (first, after a restart, on a retry).
 */
export const GenerationCallSchema = z.union([
  z.object({ ...ServiceCallShape, form: z.enum(['file', 'files']) }),
  z.object({
    ...ServiceCallShape,
    body: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  }),
]);

/** What a job was asked to do. */
export const JobInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('photo'),
    tier: z.enum(MODEL_TIERS),
    file: UploadRefSchema,
    call: GenerationCallSchema,
  }),
  z.object({
    kind: z.literal('multi'),
    tier: z.enum(MODEL_TIERS),
    files: z.array(UploadRefSchema),
    call: GenerationCallSchema,
  }),
  z.object({
    kind: z.literal('text'),
    tier: z.enum(MODEL_TIERS),
    call: GenerationCallSchema,
  }),
  z.object({
    kind: z.literal('retexture'),
    file: UploadRefSchema,
    call: GenerationCallSchema,
  }),
  z.object({
    kind: z.literal('op'),
    op: OpSchema,
    /** The exact call: every repeat must be identical (§3.2). */
    call: z.object({ ...ServiceCallShape, modelId: z.string() }),
    /** Where the result is saved. */
    folder: z.string(),
  }),
  /** Kiln's own conversion of a model's GLB, on this computer: nothing is sent to the service. */
  z.object({
    kind: z.literal('local'),
    op: CompatibleOpSchema,
    modelId: z.string(),
    /** Where the result is saved. */
    folder: z.string(),
  }),
]);
/** What a job was asked to do. */
export type JobInput = z.infer<typeof JobInputSchema>;

/** The view without the fields computed from the record. */
export const StoredViewSchema = JobViewSchema.omit({
  canCancel: true,
  canRetry: true,
  connection: true,
}).extend({
  // A journal of a Kiln before notes were words holds a sentence: dropped (a note is of the moment).
  note: WordsSchema.optional().catch(undefined),
});
/** The stored part of a job's view. */
export type StoredView = z.infer<typeof StoredViewSchema>;

/** A job in the journal. */
export const JobRecordSchema = z.object({
  view: StoredViewSchema,
  input: JobInputSchema,
  /** The service origin the job was started on; it is only ever carried on there. */
  origin: z.string(),
  /** Sandbox or live, when it was started (absent: a job of a version that did not record it). */
  mode: z.enum(['sandbox', 'live']).optional(),
  /** The live key it was started with (its id; never the secret). */
  keyId: z.string().optional(),
  /** Price-list operation id. */
  operation: z.string(),
  /** True when the first call may be charged. */
  paid: z.boolean(),
  /** The paid call may have left: written (and flushed) right before it is dispatched. */
  dispatched: z.boolean(),
  /** A post-processing call got an answer: later calls are free repeats (§3.2). */
  answered: z.boolean().default(false),
  /**
   * A post-processing build whose first call may have reached the service without Kiln reading
   * the answer (a kill): the identical call asks the service whether the build exists (§3.2: a
   * poll of a build is free). An answer without a charge means the lost call made the build.
   */
  asking: z.boolean().optional(),
  /** When the service accepted the start (the task's clock starts here). */
  acceptedAt: z.number().optional(),
  /** The service's own id of a post-processing job (`job_id`). */
  serviceJobId: z.string().optional(),
  /** The last ready link of a post-processing job. */
  link: z
    .object({ url: z.string(), filename: z.string().optional(), expiresAt: z.number().optional() })
    .optional(),
  /** A download's temporary file, removed if Kiln stops before it is renamed into place. */
  partial: z.string().optional(),
  /**
   * The final name a download was saved under, journaled before its temporary file is removed
   * and before the job is marked done: a restart in between adopts it instead of saving again.
   */
  claimed: z.string().optional(),
  /** Refused for a reason the user can fix (balance, key, connection): retry is safe. */
  retryable: z.boolean().default(false),
  /** Fresh links asked for this download (bounded). */
  reasks: z.number().int().default(0),
});
/** A job in the journal. */
export type JobRecord = z.infer<typeof JobRecordSchema>;

/** The renderer's view of a record, with what the user may do now. */
export function toView(record: JobRecord): JobView {
  const { view } = record;
  // A local conversion sends nothing and charges nothing: it can be stopped and run again at will.
  const local = record.input.kind === 'local';
  const canCancel = local
    ? isMoving(view.state)
    : view.state === 'waiting' || (view.state === 'starting' && !record.dispatched);
  const canRetry = local
    ? view.state === 'cancelled' || view.state === 'failed'
    : view.state === 'cancelled'
      ? !record.dispatched || record.input.kind === 'op'
      : view.state === 'failed'
        ? record.retryable ||
          view.error?.code === 'generation_failed' ||
          view.error?.code === 'build_failed'
        : view.state === 'outcome_unknown'
          ? record.input.kind === 'op'
          : false;
  const connection = record.mode
    ? connectionIdentity({ mode: record.mode, origin: record.origin, keyId: record.keyId })
    : undefined;
  return { ...view, ...(connection ? { connection } : {}), canCancel, canRetry };
}
