/**
 * The shared parameter schemas (shared/api/params.ts) and their FastAPI-style 422 items.
 */
import { describe, expect, it } from 'vitest';
import {
  GENERATION_QUERY_SCHEMAS,
  LibraryQuerySchema,
  PrintQuerySchema,
  RetopoQuerySchema,
  TextGenerateBodySchema,
  parseParamBool,
} from '../../../shared/api/params';
import { ServiceError } from '../service/service-error';
import { parseParams } from './validation';

const detail = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).status).toBe(422);
    return ((error as ServiceError).body as { detail: Array<Record<string, unknown>> }).detail;
  }
  throw new Error('expected a 422');
};

describe('parameter schemas', () => {
  it('apply per-version defaults on the photo routes', () => {
    expect(GENERATION_QUERY_SCHEMAS.ultra.parse({})).toEqual({
      poly_count: 250_000,
      remesh: true,
      texture_size: 4096,
      texture_format: 'webp',
    });
    expect(GENERATION_QUERY_SCHEMAS.quality.parse({})).toMatchObject({
      poly_count: 100_000,
      texture_size: 2048,
    });
    expect(GENERATION_QUERY_SCHEMAS.fast.parse({ seed: '42', remesh: 'off' })).toMatchObject({
      poly_count: 70_000,
      texture_size: 1024,
      seed: 42,
      remesh: false,
    });
  });

  it('resolve a null poly_count and texture_size of text generation from the mode', () => {
    expect(TextGenerateBodySchema.parse({ concept_id: 'c1' })).toMatchObject({
      mode: 'quality',
      poly_count: 100_000,
      texture_size: 2048,
      seed: null,
    });
    expect(
      TextGenerateBodySchema.parse({ concept_id: 'c1', mode: 'ultra', poly_count: null }),
    ).toMatchObject({
      poly_count: 250_000,
      texture_size: 4096,
    });
  });

  it('round faces to the nearest 100 after checking the range', () => {
    expect(RetopoQuerySchema.parse({ faces: '549' }).faces).toBe(500);
    expect(RetopoQuerySchema.parse({ faces: 550 }).faces).toBe(600);
    expect(RetopoQuerySchema.parse({ faces: '99960' }).faces).toBe(100_000);
    expect(RetopoQuerySchema.parse({}).faces).toBeNull();
    expect(RetopoQuerySchema.safeParse({ faces: 499 }).success).toBe(false);
  });

  it('let a palette set colors', () => {
    expect(
      PrintQuerySchema.parse({ palette: '#FF0000, #00ff00,#0000FF', colors: '7' }),
    ).toMatchObject({
      palette: ['#ff0000', '#00ff00', '#0000ff'],
      colors: 3,
    });
    expect(PrintQuerySchema.parse({})).toEqual({
      length_mm: null,
      format: 'stl',
      hollow: false,
      colors: 1,
      palette: null,
    });
  });

  it('read booleans as FastAPI does', () => {
    for (const word of ['true', 'True', '1', 'yes', 'on', 't', 'y'])
      expect(parseParamBool(word)).toBe(true);
    for (const word of ['false', '0', 'no', 'off', 'f', 'n'])
      expect(parseParamBool(word)).toBe(false);
    expect(parseParamBool('2')).toBeUndefined();
  });

  it('read library flags: only true filters, include_remesh takes 1', () => {
    expect(
      LibraryQuerySchema.parse({ published: 'true', favourite: 'yes', include_remesh: '1' }),
    ).toMatchObject({
      published: true,
      favourite: false,
      include_remesh: true,
      page: 1,
      limit: 50,
    });
  });
});

describe('422 items', () => {
  it('carry loc, msg, type, input and ctx as pydantic writes them', () => {
    const items = detail(() =>
      parseParams(
        GENERATION_QUERY_SCHEMAS.quality,
        { poly_count: '5', texture_size: '100', remesh: 'sure' },
        'query',
      ),
    );
    expect(items).toEqual([
      {
        type: 'greater_than_equal',
        loc: ['query', 'poly_count'],
        msg: 'Input should be greater than or equal to 10000',
        input: 5,
        ctx: { ge: 10000 },
      },
      {
        type: 'bool_parsing',
        loc: ['query', 'remesh'],
        msg: 'Input should be a valid boolean, unable to interpret input',
        input: 'sure',
      },
      {
        type: 'literal_error',
        loc: ['query', 'texture_size'],
        msg: 'Input should be 1024, 2048 or 4096',
        input: 100,
        ctx: { expected: '1024, 2048 or 4096' },
      },
    ]);
  });

  it('name missing fields and enum choices like FastAPI', () => {
    expect(detail(() => parseParams(TextGenerateBodySchema, { mode: 'fast' }, 'body'))).toEqual([
      { type: 'missing', loc: ['body', 'concept_id'], msg: 'Field required' },
    ]);
    const [item] = detail(() => parseParams(PrintQuerySchema, { format: 'obj' }, 'query'));
    expect(item!.msg).toBe("Input should be 'stl' or '3mf'");
  });
});
