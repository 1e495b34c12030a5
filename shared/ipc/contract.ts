/**
 * The IPC contract: every channel's input and output schema, and every event's payload schema.
 *
 * Both transports (Electron IPC and the browser host's WebSocket) serve exactly this contract
 * through `dispatch`; the renderer only sees the `Bridge` type derived from it.
 */
import { z } from 'zod';
import { MODEL_TIERS, LIMITS, TEXTURE_FORMATS, TEXTURE_SIZES } from '../api/rules';
import type { Channel, EventName } from './channels';

/** A photo handed to the main process, identified by an opaque id (never its bytes). */
export const StagedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  type: z.string(),
});
/** A photo handed to the main process. */
export type StagedFile = z.infer<typeof StagedFileSchema>;

/** Optional generation settings (service-api.md §4.1); absent fields take the tier's defaults. */
export const GenerationOptionsSchema = z.object({
  polyCount: z.number().int().min(LIMITS.polyCount.min).max(LIMITS.polyCount.max).optional(),
  remesh: z.boolean().optional(),
  textureSize: z
    .number()
    .int()
    .refine((n) => (TEXTURE_SIZES as readonly number[]).includes(n), 'use 1024, 2048 or 4096')
    .optional(),
  textureFormat: z.enum(TEXTURE_FORMATS).optional(),
  seed: z.number().int().nonnegative().optional(),
});
/** Optional generation settings. */
export type GenerationOptions = z.infer<typeof GenerationOptionsSchema>;

/** Where a job is in its life, as the user sees it. */
export const JOB_STATES = [
  'starting',
  'queued',
  'processing',
  'downloading',
  'done',
  'failed',
  'outcome_unknown',
] as const;
/** One of {@link JOB_STATES}. */
export type JobState = (typeof JOB_STATES)[number];

/** A job as the renderer sees it. */
export const JobViewSchema = z.object({
  id: z.string(),
  kind: z.literal('photo'),
  tier: z.enum(MODEL_TIERS),
  /** What the job was made from, for its label ("coffee.png"). */
  source: z.string(),
  state: z.enum(JOB_STATES),
  /** 0–100 when the service reports progress. */
  progress: z.number().optional(),
  createdAt: z.number(),
  finishedAt: z.number().optional(),
  taskId: z.string().optional(),
  modelId: z.string().optional(),
  costUsd: z.string().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
/** A job as the renderer sees it. */
export type JobView = z.infer<typeof JobViewSchema>;

/** A model ready to show: its facts and a URL the renderer may load it from. */
export const ModelViewSchema = z.object({
  modelId: z.string(),
  name: z.string(),
  createdAt: z.string().optional(),
  polyCount: z.number().optional(),
  /** A URL on the app's own origin/protocol that serves the cached GLB. */
  fileUrl: z.string(),
});
/** A model ready to show. */
export type ModelView = z.infer<typeof ModelViewSchema>;

/** Facts about the running app the shell shows (mode badge, version). */
export const AppInfoSchema = z.object({
  version: z.string(),
  /** `sandbox` when no key is set: the built-in cloud sandbox, nothing is charged. */
  mode: z.enum(['sandbox', 'live']),
});
/** Facts about the running app. */
export type AppInfo = z.infer<typeof AppInfoSchema>;

const none = z.object({}).strict().optional();

/** Every request/response channel with its schemas. */
export const contract = {
  'app:info': { input: none, output: AppInfoSchema },
  'files:stagePath': { input: z.object({ path: z.string().min(1) }), output: StagedFileSchema },
  'jobs:startPhoto': {
    input: z.object({
      fileId: z.string().min(1),
      tier: z.enum(MODEL_TIERS),
      options: GenerationOptionsSchema.optional(),
    }),
    output: JobViewSchema,
  },
  'jobs:list': { input: none, output: z.array(JobViewSchema) },
  'library:model': { input: z.object({ modelId: z.string().min(1) }), output: ModelViewSchema },
} as const satisfies Record<Channel, { input: z.ZodType; output: z.ZodType }>;

/** Every pushed event with its payload schema. */
export const events = {
  'jobs.updated': JobViewSchema,
} as const satisfies Record<EventName, z.ZodType>;

/** Input type of a channel (what the renderer passes). */
export type Input<C extends Channel> = z.input<(typeof contract)[C]['input']>;
/** Parsed input type of a channel (what a handler receives). */
export type ParsedInput<C extends Channel> = z.output<(typeof contract)[C]['input']>;
/** Output type of a channel. */
export type Output<C extends Channel> = z.output<(typeof contract)[C]['output']>;
/** Payload type of an event. */
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;
