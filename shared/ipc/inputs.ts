/**
 * What the renderer may ask for, as zod schemas: the inputs of the IPC channels. Ranges and
 * enumerations come from `shared/api/rules`, so the renderer, the main process and the sandbox
 * agree; the main process checks them again with the route schemas of `shared/api/params`.
 */
import { z } from 'zod';
import { COMPATIBLE_TEXTURE_SIZES, GLB_COMPRESSIONS, MAX_SIZE_BUDGET_MB } from './limits';
import { RECORDING_CHUNK_CHARS } from './channels';
import {
  EXPORT_FORMATS,
  EXPORT_TEXTURE_WORDS,
  GAME_COLLIDERS,
  GAME_ENGINES,
  GAME_LODS,
  GAME_UNITS,
  LIMITS,
  MODEL_TIERS,
  PRINT_FORMATS,
  PROMPT_MAX_CHARS,
  RETOPO_FORMATS,
  RETOPO_INTERIORS,
  RIG_KINDS,
  TEXTURE_FORMATS,
  TEXTURE_SIZES,
} from '../api/rules';
import { SETTINGS_PATCH_SHAPE } from '../settings';

const textureSize = z
  .number()
  .int()
  .refine((n) => (TEXTURE_SIZES as readonly number[]).includes(n), 'use 1024, 2048 or 4096');
const id = z.string().trim().min(1).max(200);

/** Optional generation settings (service-api.md §4.1); absent fields take the tier's defaults. */
export const GenerationOptionsSchema = z.object({
  polyCount: z.number().int().min(LIMITS.polyCount.min).max(LIMITS.polyCount.max).optional(),
  remesh: z.boolean().optional(),
  textureSize: textureSize.optional(),
  textureFormat: z.enum(TEXTURE_FORMATS).optional(),
  seed: z.number().int().nonnegative().optional(),
});
/** Optional generation settings. */
export type GenerationOptions = z.infer<typeof GenerationOptionsSchema>;

/** `jobs:startPhoto`. */
export const StartPhotoInputSchema = z.object({
  fileId: id,
  tier: z.enum(MODEL_TIERS),
  options: GenerationOptionsSchema.optional(),
});

/** `jobs:startMulti`: 2–4 staged views, the front view first. */
export const StartMultiInputSchema = z.object({
  fileIds: z.array(id).min(LIMITS.views.min).max(LIMITS.views.max),
  tier: z.enum(MODEL_TIERS),
  options: GenerationOptionsSchema.optional(),
});

/**
 * `concepts:imagine`. The style is free text: the document does not list the values, and the
 * live service may accept styles the sandbox does not know.
 */
export const ImagineInputSchema = z.object({
  prompt: z.string().trim().min(1).max(PROMPT_MAX_CHARS),
  style: z.string().trim().min(1).max(40).nullable().optional(),
});

/** `jobs:startText`: a concept to a model; `tier` is the text route's `mode`. */
export const StartTextInputSchema = z.object({
  conceptId: id,
  tier: z.enum(MODEL_TIERS),
  options: GenerationOptionsSchema.optional(),
  /** What to call the job (the prompt). */
  label: z.string().max(200).optional(),
});

/** `jobs:retexture`: paint a model anew from a staged photo. */
export const RetextureInputSchema = z.object({
  modelId: id,
  fileId: id,
  textureSize: textureSize.optional(),
  seed: z.number().int().nonnegative().optional(),
});

/** A job to act on. */
export const JobRefSchema = z.object({ jobId: id });

/**
 * `jobs:resolveUnknown`: what the user decided about a paid call of unknown outcome. `dismiss`
 * leaves it (the user found the model, or gives up); `retry` sends it again as a new job, which
 * may be charged a second time if the first did go through: the user accepts that.
 */
export const ResolveUnknownInputSchema = z.object({
  jobId: id,
  resolution: z.enum(['dismiss', 'retry']),
});

const PALETTE = /^\s*#[0-9a-fA-F]{6}(\s*,\s*#[0-9a-fA-F]{6})*\s*$/;

/** One post-processing operation with its parameters (service-api.md §4.10–§4.16). */
export const OpSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('export'),
    format: z.enum(EXPORT_FORMATS).optional(),
    /** The document's pattern says a word, its description a texture size; both are allowed. */
    texture: z.enum([...EXPORT_TEXTURE_WORDS, '1024', '2048', '4096']).optional(),
  }),
  z.object({
    kind: z.literal('print'),
    lengthMm: z.number().int().min(LIMITS.lengthMm.min).max(LIMITS.lengthMm.max).optional(),
    format: z.enum(PRINT_FORMATS).optional(),
    hollow: z.boolean().optional(),
    colors: z.number().int().min(LIMITS.colors.min).max(LIMITS.colors.max).optional(),
    palette: z
      .string()
      .max(LIMITS.paletteMaxChars)
      .regex(PALETTE, 'a comma-separated list of #rrggbb colours')
      .optional(),
  }),
  z.object({
    kind: z.literal('retopo'),
    faces: z.number().int().min(LIMITS.faces.min).max(LIMITS.faces.max).optional(),
    texture: textureSize.optional(),
    symmetry: z.boolean().optional(),
    interior: z.enum(RETOPO_INTERIORS).optional(),
    format: z.enum(RETOPO_FORMATS).optional(),
  }),
  z.object({ kind: z.literal('rig'), rigKind: z.enum(RIG_KINDS) }),
  z.object({ kind: z.literal('parts') }),
  z.object({
    kind: z.literal('gamepack'),
    engine: z.enum(GAME_ENGINES).optional(),
    units: z.enum(GAME_UNITS).optional(),
    lod: z.enum(GAME_LODS).optional(),
    collider: z.enum(GAME_COLLIDERS).optional(),
    sizeM: z.number().gt(LIMITS.sizeM.exclusiveMin).lte(LIMITS.sizeM.max).optional(),
  }),
  z.object({
    kind: z.literal('make'),
    /** Maker id; the document names only "papercraft", the live service may know more. */
    maker: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'a maker id such as "papercraft"'),
  }),
]);
/** One post-processing operation. */
export type Op = z.infer<typeof OpSchema>;

/**
 * "Compatible GLB (PNG/JPEG textures)": a local conversion of the model's GLB, in Kiln, free
 * (no call to the service but the model's download): WebP textures become PNG/JPEG without
 * `EXT_texture_webp`, with optional Draco or meshopt compression and texture downsizing.
 */
export const CompatibleOpSchema = z.object({
  kind: z.literal('compatible'),
  compression: z.enum(GLB_COMPRESSIONS).optional(),
  /** Longest edge of any texture, in pixels. */
  maxTextureSize: z
    .number()
    .int()
    .refine(
      (n) => (COMPATIBLE_TEXTURE_SIZES as readonly number[]).includes(n),
      'use 4096, 2048, 1024 or 512',
    )
    .optional(),
  /** Textures are halved until the file fits this many MB. */
  sizeBudgetMb: z.number().positive().max(MAX_SIZE_BUDGET_MB).optional(),
});
/** A compatible-GLB conversion. */
export type CompatibleOp = z.infer<typeof CompatibleOpSchema>;

/** What a tool of the Tools column runs: a service operation or Kiln's own conversion. */
export const ToolOpSchema = z.discriminatedUnion('kind', [...OpSchema.options, CompatibleOpSchema]);
/** What a tool runs. */
export type ToolOp = z.infer<typeof ToolOpSchema>;

/** `ops:run`: an operation on a model; the result is saved to `folder` (default: settings). */
export const RunOpInputSchema = z.object({
  modelId: id,
  op: ToolOpSchema,
  /** Absolute path of the folder to save the result in. */
  folder: z.string().min(1).max(4096).optional(),
});

/** `ops:repeat`: an operation on a model, as `ops:run` would send it. */
export const RepeatOpInputSchema = z.object({ modelId: id, op: OpSchema });

/** `library:list`: the library's filters (service-api.md §4.8) in the app's own words. */
export const LibraryListInputSchema = z
  .object({
    search: z.string().max(200).optional(),
    published: z.boolean().optional(),
    favourite: z.boolean().optional(),
    group: z.literal('family').optional(),
    hasVersions: z.boolean().optional(),
    includeRemesh: z.boolean().optional(),
    page: z.number().int().min(1).optional(),
    limit: z.number().int().min(LIMITS.libraryLimit.min).max(LIMITS.libraryLimit.max).optional(),
  })
  .optional();
/** Library filters. */
export type LibraryListInput = z.infer<typeof LibraryListInputSchema>;

/** `keys:set`: the only way the key enters the main process; it never comes back. */
export const SetKeyInputSchema = z.object({
  key: z.string().min(1).max(512),
  /** A name for the key ("Client A"); default "Key n". */
  name: z.string().trim().min(1).max(60).optional(),
  /** Replace the secret of this stored key instead of adding one. */
  id: z.string().min(1).max(100).optional(),
});

/** `keys:test`: a key to try before saving it, or none to try the stored one. */
export const TestKeyInputSchema = z
  .object({
    key: z.string().min(1).max(512).optional(),
    /** A stored key to try (default the active one). */
    id: z.string().min(1).max(100).optional(),
  })
  .optional();

/** `keys:remove`: a stored key (default the active one). */
export const RemoveKeyInputSchema = z
  .object({ id: z.string().min(1).max(100).optional() })
  .strict()
  .optional();

/** `keys:activate`: the key Kiln uses from now on; `null` switches to the sandbox. */
export const ActivateKeyInputSchema = z.object({ id: z.string().min(1).max(100).nullable() });

/** `keys:confirmOrigin`: the stored key to use with the service address now set. */
export const ConfirmKeyOriginInputSchema = z.object({ id: z.string().min(1).max(100) }).strict();

/** Types of ledger rows. */
export const LEDGER_TYPES = ['charge', 'refund', 'unconfirmed'] as const;

/** `account:ledger` / `account:exportLedger`: which rows. */
export const LedgerFilterSchema = z
  .object({
    type: z.enum(LEDGER_TYPES).optional(),
    operation: z.string().max(100).optional(),
    /** Calendar month (UTC), "2026-11". */
    month: z
      .string()
      .regex(/^\d{4}-\d{2}$/, 'a month such as 2026-11')
      .optional(),
  })
  .optional();
/** A ledger filter. */
export type LedgerFilter = z.infer<typeof LedgerFilterSchema>;

/** `app:openExternal`: a page of the platform to open in the system browser. */
export const OpenExternalInputSchema = z.object({ url: z.string().url().max(2048) });

/** `settings:set`: the settings to change (`shared/settings.ts` says how each is checked). */
export const SettingsPatchSchema = z.object(SETTINGS_PATCH_SHAPE);
/** A settings change. */
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

/**
 * `library:versions`: every version of the family `rootId`. `name` is the family's name: the
 * service has no per-family listing, so versions are found by a name search filtered by root.
 */
export const LibraryVersionsInputSchema = z.object({
  rootId: id,
  name: z.string().max(200),
  /** How many versions the family row announced (stops the search once all are found). */
  expected: z.number().int().min(1).optional(),
});
/** Which family to list. */
export type LibraryVersionsInput = z.infer<typeof LibraryVersionsInputSchema>;

/** `library:thumbnail`: the model whose thumbnail to bring into the local cache. */
export const LibraryThumbnailInputSchema = z.object({ modelId: id });

/**
 * `library:thumbnailsInView`: the models whose cards are on screen now. Thumbnails asked for
 * other models that have not been sent yet are cancelled (their cards scrolled away).
 */
export const LibraryThumbnailsInViewInputSchema = z.object({
  modelIds: z.array(id).max(1000),
});

/**
 * A finished result the desktop features act on (drag out, show in folder), named by its job or
 * model: the main process finds the file itself, so the renderer never hands it a path.
 */
export const FileRefSchema = z.union([
  z.object({ jobId: id }).strict(),
  z.object({ modelId: id }).strict(),
  z.object({ recordingId: id }).strict(),
  z.object({ batchId: id }).strict(),
]);
/** A finished result, by job, model or saved recording (a turntable video), or a batch's CSV. */
export type FileRef = z.infer<typeof FileRefSchema>;

/** `updates:install`: restart into the downloaded version now, or when Kiln quits. */
export const InstallUpdateInputSchema = z.object({ when: z.enum(['now', 'quit']) });
/** When to install. */
export type InstallUpdateInput = z.infer<typeof InstallUpdateInputSchema>;
/**
 * `recordings:start`: a recording the viewer made (a turntable video or GIF) is about to be sent
 * in pieces, to be saved in `folder` as `fileName` (made safe, never replacing a file).
 */
export const RecordingStartInputSchema = z.object({
  fileName: z.string().trim().min(1).max(200),
  /** Absolute path of the folder to save it in. */
  folder: z.string().min(1).max(4096),
});

/** `recordings:append`: the next piece, base64 (the WebSocket transport carries text). */
export const RecordingAppendInputSchema = z.object({
  recordingId: id,
  data: z.string().max(RECORDING_CHUNK_CHARS),
});

/** `recordings:finish` / `recordings:cancel`: which recording. */
export const RecordingRefSchema = z.object({ recordingId: id });
