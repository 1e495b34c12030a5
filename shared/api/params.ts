/**
 * Parameter rules of every service route (service-api.md §4, §8) as zod schemas, with defaults.
 *
 * One schema per route's parameters. The sandbox parses raw query strings and JSON bodies with
 * them and turns the issues into FastAPI-style 422 lists; the client parses the caller's typed
 * values with the same schemas before it sends anything, so both sides agree on every range,
 * enumeration and default. Inputs may be strings (as they arrive in a query string) or typed
 * values; numbers and booleans are read the way FastAPI (pydantic) reads them.
 *
 * Parse failures that happen before a value has a type (an integer that is not one, a boolean
 * spelled oddly) are reported as custom issues whose `params.type` is pydantic's error type
 * (`int_parsing`, `bool_parsing`, `float_parsing`), so a server can answer with the same types
 * FastAPI would.
 */
import { z } from 'zod';
import {
  EXPORT_FORMATS,
  EXPORT_TEXTURE_WORDS,
  GAME_COLLIDERS,
  GAME_ENGINES,
  GAME_LODS,
  GAME_UNITS,
  IMAGINE_STYLES,
  LIBRARY_GROUPS,
  LIMITS,
  MODEL_TIERS,
  PRINT_FORMATS,
  PROMPT_MAX_CHARS,
  RETEXTURE_DEFAULT_TEXTURE_SIZE,
  RETOPO_FORMATS,
  RETOPO_INTERIORS,
  RIG_KINDS,
  TEXTURE_FORMATS,
  TEXTURE_SIZES,
  TIERS,
  type ModelTier,
} from './rules';

/** What a single parameter may arrive as: a query-string value or an already typed value. */
export type ParamInput = string | number | boolean | null | undefined;

// Pydantic's lax-mode spellings of booleans; FastAPI accepts exactly these (case-insensitive).
const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

/**
 * Reads a boolean the way FastAPI does: `true/false`, `1/0`, `yes/no`, `on/off`, `t/f`, `y/n`.
 * @returns `undefined` when the value is not a recognised spelling.
 */
export function parseParamBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

/** An integer parameter; strings of digits are read as integers. */
function intParam<T extends z.ZodType<number>>(inner: T) {
  return z.preprocess<unknown, T, ParamInput>((value, ctx) => {
    if (typeof value === 'string') {
      const text = value.trim();
      if (/^[-+]?\d+$/.test(text)) return Number(text);
      ctx.addIssue({
        code: 'custom',
        message: 'Input should be a valid integer, unable to parse string as an integer',
        params: { type: 'int_parsing' },
        input: value,
      });
      return z.NEVER;
    }
    if (typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Input should be a valid integer, got a number with a fractional part',
        params: { type: 'int_from_float' },
        input: value,
      });
      return z.NEVER;
    }
    return value;
  }, inner);
}

/** A number parameter; decimal strings are read as numbers. */
function numberParam<T extends z.ZodType<number>>(inner: T) {
  return z.preprocess<unknown, T, ParamInput>((value, ctx) => {
    if (typeof value === 'string') {
      const text = value.trim();
      if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return Number(text);
      ctx.addIssue({
        code: 'custom',
        message: 'Input should be a valid number, unable to parse string as a number',
        params: { type: 'float_parsing' },
        input: value,
      });
      return z.NEVER;
    }
    return value;
  }, inner);
}

/** A boolean parameter with FastAPI's spellings. */
function boolParam() {
  return z.preprocess<unknown, z.ZodBoolean, ParamInput>((value, ctx) => {
    if (value === undefined || value === null) return value;
    const parsed = parseParamBool(value);
    if (parsed === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'Input should be a valid boolean, unable to interpret input',
        params: { type: 'bool_parsing' },
        input: value,
      });
      return z.NEVER;
    }
    return parsed;
  }, z.boolean());
}

/** One of a list of integers (texture sizes), given as a number or a string of digits. */
function intChoice<const T extends readonly [number, ...number[]]>(values: T) {
  return intParam(z.literal(values) as unknown as z.ZodType<T[number]>);
}

/** A non-empty identifier (path or body). */
const idString = z.string().trim().min(1);

const textureSize = intChoice(TEXTURE_SIZES);
const polyCount = intParam(z.int().min(LIMITS.polyCount.min).max(LIMITS.polyCount.max));
const seed = intParam(z.int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER));

/**
 * Query parameters of the photo and multi-view generation routes (§4.1) for one model version:
 * the defaults of `poly_count` and `texture_size` depend on the route.
 */
export function generationQuerySchema(tier: ModelTier) {
  return z.object({
    poly_count: polyCount.default(TIERS[tier].defaultPolyCount),
    remesh: boolParam().default(true),
    texture_size: textureSize.default(TIERS[tier].defaultTextureSize),
    texture_format: z.enum(TEXTURE_FORMATS).default('webp'),
    seed: seed.optional(),
  });
}

/** The generation query schema of each model version, built once. */
export const GENERATION_QUERY_SCHEMAS: Readonly<
  Record<ModelTier, ReturnType<typeof generationQuerySchema>>
> = {
  ultra: generationQuerySchema('ultra'),
  quality: generationQuerySchema('quality'),
  fast: generationQuerySchema('fast'),
};

/** JSON body of `POST /generate/text/imagine` (§4.4). */
export const ImagineBodySchema = z.object({
  prompt: z.string().trim().min(1).max(PROMPT_MAX_CHARS),
  style: z.enum(IMAGINE_STYLES).nullable().default(null),
});

/**
 * JSON body of `POST /generate/text` (§4.5). A null or missing `poly_count` or `texture_size`
 * takes the default of the chosen `mode`'s model version, as on the photo routes (the document
 * leaves that default "not shown").
 */
export const TextGenerateBodySchema = z
  .object({
    concept_id: idString,
    mode: z.enum(MODEL_TIERS).default('quality'),
    poly_count: polyCount.nullable().default(null),
    remesh: boolParam().default(true),
    texture_size: textureSize.nullable().default(null),
    texture_format: z.enum(TEXTURE_FORMATS).default('webp'),
    seed: seed.nullable().default(null),
  })
  .transform((body) => ({
    ...body,
    poly_count: body.poly_count ?? TIERS[body.mode].defaultPolyCount,
    texture_size: body.texture_size ?? TIERS[body.mode].defaultTextureSize,
  }));

/** Query parameters of `POST /generate/retexture` (§4.6). */
export const RetextureQuerySchema = z.object({
  model_id: idString,
  texture_size: textureSize.default(RETEXTURE_DEFAULT_TEXTURE_SIZE),
  seed: seed.optional(),
});

// The library's flags are documented as strings with one meaningful value; anything else means
// "no filter", as on the live service.
const flag = (...on: string[]) =>
  z
    .string()
    .optional()
    .transform((value) => value !== undefined && on.includes(value.trim().toLowerCase()));

/** Query parameters of `GET /library` (§4.8). Flags come out as booleans. */
export const LibraryQuerySchema = z.object({
  search: z.string().optional(),
  published: flag('true'),
  favourite: flag('true'),
  group: z.enum(LIBRARY_GROUPS).optional(),
  has_versions: flag('true', '1'),
  include_remesh: flag('1', 'true'),
  page: intParam(z.int().min(1)).default(1),
  limit: intParam(z.int().min(LIMITS.libraryLimit.min).max(LIMITS.libraryLimit.max)).default(
    LIMITS.libraryLimit.default,
  ),
});
/** Parsed library query. */
export type LibraryQuery = z.output<typeof LibraryQuerySchema>;

/**
 * Query parameters of `GET /model/{id}/export` (§4.10). `texture` accepts both spellings the
 * document gives: the pattern's words and the description's texture sizes.
 */
export const ExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS).default('glb'),
  texture: z
    .preprocess<unknown, z.ZodEnum, ParamInput>(
      (value) => (typeof value === 'number' ? String(value) : value),
      z.enum([...EXPORT_TEXTURE_WORDS, ...TEXTURE_SIZES.map(String)]),
    )
    .optional(),
});

const PALETTE_PATTERN = /^\s*#[0-9a-fA-F]{6}(\s*,\s*#[0-9a-fA-F]{6})*\s*$/;

/** Query parameters of `GET /model/{id}/print` (§4.11). A `palette` sets `colors`. */
export const PrintQuerySchema = z
  .object({
    length_mm: intParam(z.int().min(LIMITS.lengthMm.min).max(LIMITS.lengthMm.max))
      .nullable()
      .default(null),
    format: z.enum(PRINT_FORMATS).default('stl'),
    hollow: boolParam().default(false),
    colors: intParam(z.int().min(LIMITS.colors.min).max(LIMITS.colors.max)).default(1),
    palette: z
      .string()
      .max(LIMITS.paletteMaxChars)
      .regex(PALETTE_PATTERN, 'a comma-separated list of #rrggbb colours')
      .transform((text) => text.split(',').map((entry) => entry.trim().toLowerCase()))
      .refine((list) => list.length <= LIMITS.colors.max, {
        message: `at most ${LIMITS.colors.max} colours`,
      })
      .nullable()
      .default(null),
  })
  .transform((query) => ({
    ...query,
    colors: query.palette ? query.palette.length : query.colors,
  }));

/** Query parameters of `GET /model/{id}/retopo` (§4.12). `faces` comes out rounded to 100. */
export const RetopoQuerySchema = z.object({
  faces: intParam(z.int().min(LIMITS.faces.min).max(LIMITS.faces.max))
    .transform((faces) => Math.round(faces / LIMITS.faces.step) * LIMITS.faces.step)
    .nullable()
    .default(null),
  texture: textureSize.nullable().default(null),
  symmetry: boolParam().default(false),
  interior: z.enum(RETOPO_INTERIORS).default('keep'),
  format: z.enum(RETOPO_FORMATS).default('glb'),
});

/** Query parameters of `GET /model/{id}/rig` (§4.13). */
export const RigQuerySchema = z.object({ kind: z.enum(RIG_KINDS) });

/** `GET /model/{id}/parts` takes no parameters (§4.14). */
export const PartsQuerySchema = z.object({});

/** Query parameters of `GET /model/{id}/gamepack` (§4.15). */
export const GamepackQuerySchema = z.object({
  engine: z.enum(GAME_ENGINES).default('unity'),
  units: z.enum(GAME_UNITS).nullable().default(null),
  lod: z.enum(GAME_LODS).default('balanced'),
  collider: z.enum(GAME_COLLIDERS).default('balanced'),
  size_m: numberParam(z.number().gt(LIMITS.sizeM.exclusiveMin).lte(LIMITS.sizeM.max))
    .nullable()
    .default(null),
});

/** Craft makers (§4.16) take no query parameters; the maker id is in the path. */
export const MakeQuerySchema = z.object({});
