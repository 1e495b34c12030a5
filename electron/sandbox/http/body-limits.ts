/**
 * How much of a request body the sandbox reads, per route: a photo route takes one photo of at
 * most 20 MB, a multi-view route up to four, a JSON route a few kilobytes, every other route
 * next to nothing. A body over its route's limit is refused with 413 in the service's coded error
 * shape as soon as its length is known (its `Content-Length`, or the byte that passes the limit of
 * a chunked body), so a client holding a valid key cannot make the sandbox buffer gigabytes.
 * JSON bodies are also refused (422) when nested deeper than any request of the service needs.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LIMITS, PHOTO_MAX_BYTES, TIERS } from '../../../shared/api/rules';
import { ServiceError, validationError } from '../service/service-error';

/** Room for a multipart body's boundaries, headers and small fields around its files. */
const FORM_OVERHEAD = 1024 * 1024;
/** A JSON body of the service (a prompt, a concept id, parameters) is far below this. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
/** Routes with no body to speak of (polls, downloads, post-processing calls). */
const OTHER_BODY_MAX_BYTES = 16 * 1024;
/** Deeper JSON than any request of the service is refused before anything reads it. */
export const JSON_MAX_DEPTH = 32;

const PHOTO_PATHS = new Set(Object.values(TIERS).map((t) => t.photoPath));
const MULTI_PATHS = new Set(Object.values(TIERS).map((t) => t.multiPath));

/** The largest body the sandbox reads on `path`. */
export function bodyLimitOf(path: string): number {
  if (PHOTO_PATHS.has(path) || path === '/generate/retexture') {
    return PHOTO_MAX_BYTES + FORM_OVERHEAD;
  }
  if (MULTI_PATHS.has(path)) return LIMITS.views.max * PHOTO_MAX_BYTES + FORM_OVERHEAD;
  if (path.startsWith('/generate/text')) return JSON_BODY_MAX_BYTES;
  return OTHER_BODY_MAX_BYTES;
}

const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

/** 413 in the service's coded shape, with the limit. */
function tooLarge(c: Context, limit: number): never {
  throw new ServiceError(413, {
    detail: {
      error: 'request_too_large',
      message: `The request body is larger than this route accepts (${limit >= 1024 * 1024 ? megabytes(limit) : `${Math.floor(limit / 1024)} kB`}).`,
      limit_bytes: limit,
      path: c.req.path,
    },
  });
}

/** The per-route limit as one middleware (run after the key check, before any route). */
export function routeBodyLimits(): MiddlewareHandler {
  return async (c, next) => {
    const limit = bodyLimitOf(c.req.path);
    return bodyLimit({ maxSize: limit, onError: (ctx) => tooLarge(ctx, limit) })(c, next);
  };
}

/**
 * Nesting depth of a parsed JSON value, counted without recursion (a deep value must not exhaust
 * the stack here either); stops counting past `max`.
 */
export function jsonDepth(value: unknown, max = JSON_MAX_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > max) return deepest;
    for (const child of Object.values(item)) stack.push([child, level]);
  }
  return deepest;
}

/**
 * Refuses a JSON body nested deeper than {@link JSON_MAX_DEPTH} (422, as FastAPI answers a body
 * it cannot take), so no answer ever has to echo it back.
 */
export function checkJsonDepth(value: unknown): void {
  if (jsonDepth(value) > JSON_MAX_DEPTH) {
    throw validationError([
      {
        type: 'json_invalid',
        loc: ['body', 0],
        msg: 'JSON decode error',
        ctx: { error: `JSON nested deeper than ${JSON_MAX_DEPTH} levels` },
      },
    ]);
  }
}
