/**
 * Typed inputs to the service's query strings and JSON bodies. Every input is checked with the
 * route's own schema from `shared/api/params` (the one the sandbox validates with) before anything
 * is sent, so a value the service would refuse with a 422 is refused here, for free, with the
 * same field name. Only the values the caller gave are sent: the service applies its defaults.
 */
import {
  generationOperation,
  postOperation,
  RETEXTURE_OPERATION,
} from '../../../shared/api/operations';
import type { z } from 'zod';
import {
  ExportQuerySchema,
  GamepackQuerySchema,
  GENERATION_QUERY_SCHEMAS,
  LibraryQuerySchema,
  PrintQuerySchema,
  RetextureQuerySchema,
  RetopoQuerySchema,
  RigQuerySchema,
  TextGenerateBodySchema,
} from '../../../shared/api/params';
import { PROMPT_MAX_CHARS, TIERS, type ModelTier } from '../../../shared/api/rules';
import type { ValidationItem } from '../../../shared/api/errors';
import type { GenerationOptions, LibraryListInput, Op } from '../../../shared/ipc/contract';
import { ValidationError } from './errors';

/** Query parameters as sent: names to string values, in a stable order. */
export type Query = Readonly<Record<string, string>>;

/**
 * A paid call as a job journals it before it leaves: its path, its exact query and its
 * price-list operation id. Built once, from options checked once, when the job is started; every
 * send (the first, one after a restart, a retry) sends exactly this, never a call rebuilt from
 * options (§3.2 wants repeats identical).
 */
export interface ServiceCall {
  readonly path: string;
  readonly query: Query;
  /** Price-list operation id: `generate.photo.fast`, `export`, `rig`, `make.papercraft`, … */
  readonly operation: string;
}

/** A post-processing call (§4.10–§4.16) on one model. */
export interface OpCall extends ServiceCall {
  readonly modelId: string;
}

/** The JSON body of the text route, as sent. */
export type CallBody = Readonly<Record<string, string | number | boolean>>;

/**
 * A generation's start (§4.2–§4.6). The photo routes send their photos as a form under the field
 * `form` names (`file`, or `files` for the 2–4 views of a multi-view); the text route sends `body`.
 */
export type GenerationCall = ServiceCall &
  Readonly<{ form: 'file' | 'files'; body?: undefined } | { body: CallBody; form?: undefined }>;

/** What a generation is asked to make: the inputs {@link generationCall} checks and builds from. */
export type GenerationRequest =
  | Readonly<{ kind: 'photo' | 'multi'; tier: ModelTier; options?: GenerationOptions }>
  | Readonly<{ kind: 'text'; conceptId: string; tier: ModelTier; options?: GenerationOptions }>
  | Readonly<{
      kind: 'retexture';
      modelId: string;
      options?: Readonly<{ textureSize?: number; seed?: number }>;
    }>;

type Raw = Record<string, string | number | boolean | null | undefined>;

/** Checks `raw` against `schema` (as the service would) and returns the given values as strings. */
function checked(schema: z.ZodType, raw: Raw, location: 'query' | 'body'): Query {
  const given = Object.fromEntries(
    Object.entries(raw)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  ) as Record<string, string | number | boolean>;
  const result = schema.safeParse(given);
  if (!result.success) throw localValidation(result.error.issues, location);
  return Object.fromEntries(Object.entries(given).map(([k, v]) => [k, String(v)]));
}

/** A {@link ValidationError} for values refused before sending. */
function localValidation(
  issues: readonly z.core.$ZodIssue[],
  location: 'query' | 'body',
): ValidationError {
  const items: ValidationItem[] = issues.map((issue) => ({
    loc: [location, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))],
    msg: issue.message,
    type: issue.code,
  }));
  const first = issues[0];
  const field = first?.path.map(String).join('.') || undefined;
  return new ValidationError(
    `Kiln did not send this: ${field ? `“${field}”` : 'a setting'} is not accepted (${first?.message ?? 'invalid'}). Change it and try again.`,
    items,
    field,
  );
}

/** Query of the photo and multi-view routes (§4.1). */
function generationQuery(tier: ModelTier, options: GenerationOptions = {}): Query {
  return checked(
    GENERATION_QUERY_SCHEMAS[tier],
    {
      poly_count: options.polyCount,
      remesh: options.remesh,
      texture_size: options.textureSize,
      texture_format: options.textureFormat,
      seed: options.seed,
    },
    'query',
  );
}

/** JSON body of `POST /generate/text` (§4.5); the tier is the `mode`. */
function textBody(conceptId: string, tier: ModelTier, options: GenerationOptions = {}): CallBody {
  const raw = {
    concept_id: conceptId,
    mode: tier,
    poly_count: options.polyCount,
    remesh: options.remesh,
    texture_size: options.textureSize,
    texture_format: options.textureFormat,
    seed: options.seed,
  };
  checked(TextGenerateBodySchema, raw, 'body');
  return Object.fromEntries(
    Object.entries(raw).filter(([, v]) => v !== undefined && v !== null),
  ) as CallBody;
}

/**
 * JSON body of `POST /generate/text/imagine` (§4.4). Only the prompt is checked: the document
 * does not list the styles, so one Kiln does not know is left for the service to judge.
 */
export function imagineBody(prompt: string, style?: string | null): Record<string, unknown> {
  const text = prompt.trim();
  if (text.length === 0 || text.length > PROMPT_MAX_CHARS) {
    throw new ValidationError(
      `Kiln did not send this: the prompt must be 1 to ${PROMPT_MAX_CHARS} characters. Shorten or fill it in and try again.`,
      [{ loc: ['body', 'prompt'], msg: 'prompt length', type: 'string_length' }],
      'prompt',
    );
  }
  return { prompt: text, style: style ?? null };
}

/** Query of `POST /generate/retexture` (§4.6). */
function retextureQuery(
  modelId: string,
  options: Readonly<{ textureSize?: number; seed?: number }> = {},
): Query {
  return checked(
    RetextureQuerySchema,
    { model_id: modelId, texture_size: options.textureSize, seed: options.seed },
    'query',
  );
}

/**
 * The start call of a generation (§4.2–§4.6): its route, its options checked with the route's
 * schema (a value the service would refuse throws a {@link ValidationError} here, before any job
 * exists), and its price-list operation id. The job journals it and sends exactly it.
 */
export function generationCall(request: GenerationRequest): GenerationCall {
  switch (request.kind) {
    case 'photo':
    case 'multi':
      return {
        path:
          request.kind === 'photo' ? TIERS[request.tier].photoPath : TIERS[request.tier].multiPath,
        query: generationQuery(request.tier, request.options),
        operation: generationOperation(request.kind, request.tier),
        form: request.kind === 'photo' ? 'file' : 'files',
      };
    case 'text':
      return {
        path: '/generate/text',
        query: {},
        operation: generationOperation('text', request.tier),
        body: textBody(request.conceptId, request.tier, request.options),
      };
    case 'retexture':
      return {
        path: '/generate/retexture',
        query: retextureQuery(request.modelId, request.options),
        operation: RETEXTURE_OPERATION,
        form: 'file',
      };
  }
}

/** Query of `GET /library` (§4.8) from the app's filter names. */
export function libraryQuery(input: LibraryListInput = {}): Query {
  const flag = (on: boolean | undefined, word: string) => (on ? word : undefined);
  return checked(
    LibraryQuerySchema,
    {
      search: input.search?.trim() || undefined,
      published: flag(input.published, 'true'),
      favourite: flag(input.favourite, 'true'),
      group: input.group,
      has_versions: flag(input.hasVersions, 'true'),
      include_remesh: flag(input.includeRemesh, '1'),
      page: input.page,
      limit: input.limit,
    },
    'query',
  );
}

/** An operation's query: its options under the service's names, checked with its route's schema. */
function opQuery(op: Op): Query {
  switch (op.kind) {
    case 'export':
      return checked(ExportQuerySchema, { format: op.format, texture: op.texture }, 'query');
    case 'print':
      return checked(
        PrintQuerySchema,
        {
          length_mm: op.lengthMm,
          format: op.format,
          hollow: op.hollow,
          colors: op.colors,
          palette: op.palette?.replace(/\s+/g, ''),
        },
        'query',
      );
    case 'retopo':
      return checked(
        RetopoQuerySchema,
        {
          faces: op.faces,
          texture: op.texture,
          symmetry: op.symmetry,
          interior: op.interior,
          format: op.format,
        },
        'query',
      );
    case 'rig':
      return checked(RigQuerySchema, { kind: op.rigKind }, 'query');
    case 'gamepack':
      return checked(
        GamepackQuerySchema,
        {
          engine: op.engine,
          units: op.units,
          lod: op.lod,
          collider: op.collider,
          size_m: op.sizeM,
        },
        'query',
      );
    case 'parts':
    case 'make':
      return {};
  }
}

/**
 * The call of a post-processing operation (§4.10–§4.16): path, checked query, operation id.
 * The query is kept with the job so every repeat is the identical call §3.2 asks for.
 */
export function opCall(modelId: string, op: Op): OpCall {
  const base = `/model/${encodeURIComponent(modelId)}`;
  return {
    modelId,
    // Every operation is routed under its own name; a maker under `make/` and its id.
    path:
      op.kind === 'make' ? `${base}/make/${encodeURIComponent(op.maker)}` : `${base}/${op.kind}`,
    operation: postOperation(op),
    query: opQuery(op),
  };
}

/** True when two calls are identical (same path, same parameters). */
export function sameCall(
  a: Readonly<{ path: string; query: Readonly<Record<string, string>> }>,
  b: Readonly<{ path: string; query: Readonly<Record<string, string>> }>,
): boolean {
  if (a.path !== b.path) return false;
  const keys = Object.keys(a.query);
  return (
    keys.length === Object.keys(b.query).length && keys.every((k) => a.query[k] === b.query[k])
  );
}
