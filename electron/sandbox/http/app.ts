/**
 * The service's routes (service-api.md §4) on Hono.
 *
 * Order of checks on every request, as a FastAPI service does it: bearer key (401), rate limit
 * (429), parameter validation (422), then the route: unknown ids (404), website-model rule (403),
 * concurrency (429 `too_many_jobs`), money (402), work.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  ExportQuerySchema,
  GamepackQuerySchema,
  GENERATION_QUERY_SCHEMAS,
  ImagineBodySchema,
  LibraryQuerySchema,
  MakeQuerySchema,
  PartsQuerySchema,
  PrintQuerySchema,
  RetextureQuerySchema,
  RetopoQuerySchema,
  RigQuerySchema,
  TextGenerateBodySchema,
} from '../../../shared/api/params';
import type { ValidationItem } from '../../../shared/api/errors';
import {
  LIMITS,
  MAKER_KINDS,
  MODEL_TIERS,
  PHOTO_MAX_BYTES,
  sniffPhotoType,
  TIERS,
  type ModelTier,
} from '../../../shared/api/rules';
import { authenticate } from './auth';
import { checkJsonDepth, routeBodyLimits } from './body-limits';
import { billingHeaders, type BillingInfo } from '../service/billing';
import { BuildFailureSharesSchema } from '../service/build-failures';
import { drawConcept, CONCEPT_SIZE } from '../service/concept';
import { iso, type SandboxCore } from '../service/core';
import type { Jobs } from '../service/jobs';
import { listLibrary, modelAnswer } from '../service/library';
import type { RateLimiter } from './rate-limit';
import { codedError, plainError, ServiceError, validationError } from '../service/service-error';
import type { ModelRow, ModelVersionNumber } from '../service/state';
import type { Tasks } from '../service/tasks';
import { toValidationItem, type ParamLocation } from './validation';

type Env = { Variables: { key: string } };
type Ctx = Context<Env>;

/** What the routes work with. */
export interface AppDeps {
  core: SandboxCore;
  tasks: Tasks;
  jobs: Jobs;
  limiter: RateLimiter;
  /** Thumbnail links are served without the key (and then count against no key). */
  openThumbnails?: boolean;
  /** Makes the first-run samples if they are pending; the library's listing waits for them. */
  samples?: () => Promise<void>;
}

/** The path of a model's thumbnail link (see `thumbnailUrl`). */
const THUMBNAIL_PATH = /^\/files\/models\/[^/]+\/thumbnail$/;

/** Operations that need a plan for models made on the website (§4.10–§4.12, §4.15). */
const WEBSITE_LOCKED = new Set(['export', 'print', 'retopo', 'gamepack']);

/** The last value of each query parameter (FastAPI reads the last of repeated scalars). */
function queryOf(c: Ctx): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    const last = values[values.length - 1];
    if (last !== undefined) out[name] = last;
  }
  return out;
}

/** Collects validation items from several sources before answering one 422 with all of them. */
class Checks {
  readonly items: ValidationItem[] = [];
  parse<S extends z.ZodType>(
    schema: S,
    input: unknown,
    location: ParamLocation,
  ): z.output<S> | undefined {
    const result = schema.safeParse(input, { reportInput: true });
    if (result.success) return result.data;
    this.items.push(...result.error.issues.map((issue) => toValidationItem(issue, location)));
    return undefined;
  }
  add(loc: Array<string | number>, type: string, msg: string): void {
    this.items.push({ type, loc, msg });
  }
  /** Throws the 422 if anything failed. */
  done(): void {
    if (this.items.length > 0) throw validationError(this.items);
  }
}

type FormValue = string | File;

async function formOf(c: Ctx): Promise<Record<string, FormValue | FormValue[]>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) return {};
  try {
    return (await c.req.parseBody({ all: true })) as Record<string, FormValue | FormValue[]>;
  } catch {
    throw plainError(400, 'There was an error parsing the body');
  }
}

/** An uploaded photo. */
interface Photo {
  bytes: Uint8Array;
  name: string;
}

/** Checks one uploaded photo: present, a file, not empty, at most 20 MB, JPEG/PNG/WebP by bytes. */
async function checkPhoto(
  value: FormValue | undefined,
  loc: Array<string | number>,
  checks: Checks,
): Promise<Photo | undefined> {
  if (value === undefined) {
    checks.add(loc, 'missing', 'Field required');
    return undefined;
  }
  if (typeof value === 'string') {
    checks.add(loc, 'value_error', "Expected UploadFile, received: <class 'str'>");
    return undefined;
  }
  if (value.size === 0) {
    checks.add(
      loc,
      'value_error',
      'Value error, the file is empty; send a JPEG, PNG or WebP photo',
    );
    return undefined;
  }
  if (value.size > PHOTO_MAX_BYTES) {
    checks.add(loc, 'value_error', 'Value error, the photo is larger than 20 MB');
    return undefined;
  }
  const bytes = new Uint8Array(await value.arrayBuffer());
  if (!sniffPhotoType(bytes.subarray(0, 16))) {
    checks.add(loc, 'value_error', 'Value error, the file is not a JPEG, PNG or WebP image');
    return undefined;
  }
  return { bytes, name: value.name };
}

/** A model name from an upload's file name ("IMG_0042.jpg" → "IMG_0042"). */
function nameFromFile(fileName: string): string {
  const stem = fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim();
  return stem.slice(0, 80) || 'Untitled model';
}

/** A JSON body as FastAPI reads it. */
async function jsonOf(c: Ctx): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '')
    throw validationError([{ type: 'missing', loc: ['body'], msg: 'Field required' }]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw validationError([
      {
        type: 'json_invalid',
        loc: ['body', 0],
        msg: 'JSON decode error',
        ctx: { error: error instanceof Error ? error.message : 'Invalid JSON' },
      },
    ]);
  }
  checkJsonDepth(value);
  return value;
}

/** A JSON answer, with billing headers when the answer carries `billing`. */
function answer(
  c: Ctx,
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const billing = body.billing as BillingInfo | undefined;
  return c.json(body, status as 200, { ...headers, ...(billing ? billingHeaders(billing) : {}) });
}

/** A file download. */
function file(bytes: Uint8Array, contentType: string, filename: string, inline = false): Response {
  // A Blob is a body under both Node's and the DOM's typings (the Electron config checks with DOM).
  return new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
    headers: {
      'Content-Type': contentType,
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${filename.replace(/"/g, '')}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

/** Builds the Hono app of a sandbox. */
export function createApp({
  core,
  tasks,
  jobs,
  limiter,
  openThumbnails,
  samples,
}: AppDeps): Hono<Env> {
  const app = new Hono<Env>();

  app.onError((error, c) => {
    if (error instanceof ServiceError) {
      return c.json(error.body as object, error.status as 400, { ...error.headers });
    }
    console.error('sandbox: unhandled error', error);
    return c.json({ detail: 'Internal Server Error' }, 500);
  });
  app.notFound((c) => c.json({ detail: 'Not Found' }, 404));

  // Every request needs the key, and every request with a key counts against its rate limit;
  // with `openThumbnails`, a thumbnail link asked for without a key is served and counts nothing.
  app.use('*', async (c, next) => {
    if (
      openThumbnails &&
      c.req.method === 'GET' &&
      c.req.header('authorization') === undefined &&
      THUMBNAIL_PATH.test(c.req.path)
    ) {
      return next();
    }
    const key = authenticate(c.req.header('authorization'), core.state);
    limiter.take(key, core.now());
    c.set('key', key);
    await next();
  });
  // Only then is a body read, and never more of it than its route takes.
  app.use('*', routeBodyLimits());

  const findModel = (id: string): ModelRow => {
    const model = core.model(id);
    if (!model) throw plainError(404, 'Model not found');
    return model;
  };

  // --- Generation starts (§4.2–§4.6) ---------------------------------------------------------

  const startFromPhoto = async (c: Ctx, tier: ModelTier, multi: boolean) => {
    const checks = new Checks();
    const query = checks.parse(GENERATION_QUERY_SCHEMAS[tier], queryOf(c), 'query');
    const form = await formOf(c);
    let photos: Array<Photo | undefined> = [];
    if (multi) {
      const raw = form.files;
      const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
      if (values.length === 0) {
        checks.add(['body', 'files'], 'missing', 'Field required');
      } else if (values.length < LIMITS.views.min || values.length > LIMITS.views.max) {
        checks.add(
          ['body', 'files'],
          values.length < LIMITS.views.min ? 'too_short' : 'too_long',
          `Value error, send ${LIMITS.views.min}-${LIMITS.views.max} views of one object (got ${values.length})`,
        );
      } else {
        photos = await Promise.all(
          values.map((v, i) => checkPhoto(v, ['body', 'files', i], checks)),
        );
      }
    } else {
      const raw = form.file;
      photos = [
        await checkPhoto(Array.isArray(raw) ? raw[raw.length - 1] : raw, ['body', 'file'], checks),
      ];
    }
    checks.done();
    const front = photos[0]!;
    const q = query!;
    const { task, billing } = await tasks.start({
      kind: multi ? 'multi' : 'photo',
      key: c.get('key'),
      operation: `generate.${multi ? 'multi' : 'photo'}.${tier}`,
      // The front view drives the shape; a side view the depth, a back view the back texture.
      photo: front.bytes,
      ...(multi ? { views: photos.slice(1).map((p) => p!.bytes) } : {}),
      input: {
        photoFileId: '',
        polyCount: q.poly_count,
        remesh: q.remesh,
        textureSize: q.texture_size,
        textureFormat: q.texture_format,
        ...(q.seed !== undefined ? { seed: q.seed } : {}),
        name: nameFromFile(front.name),
        modelVersion: TIERS[tier].version,
      },
    });
    return answer(c, 200, startAnswer(task.id, billing, photos.length));
  };

  for (const tier of MODEL_TIERS) {
    app.post(TIERS[tier].photoPath, (c) => startFromPhoto(c, tier, false));
    app.post(TIERS[tier].multiPath, (c) => startFromPhoto(c, tier, true));
  }

  app.post('/generate/text/imagine', async (c) => {
    const checks = new Checks();
    const body = checks.parse(ImagineBodySchema, await jsonOf(c), 'body');
    checks.done();
    const { prompt, style } = body!;
    const operation = 'text.imagine';
    const price = core.prices.price(operation);
    const charge =
      price === '0.00' ? undefined : core.billing.charge(c.get('key'), operation, price);
    let fileId: string;
    try {
      fileId = await core.putFile(await drawConcept(prompt, style), 'image/png');
    } catch (error) {
      if (charge) core.billing.refund(charge.id, 'the concept picture could not be drawn');
      throw error;
    }
    const id = `c${randomUUID().replaceAll('-', '')}`;
    core.state.concepts[id] = {
      id,
      prompt,
      style,
      createdAt: core.now(),
      fileId,
      width: CONCEPT_SIZE,
      height: CONCEPT_SIZE,
    };
    if (charge) core.billing.setSubject(charge.id, id);
    core.changed();
    const base = core.base(c.req.raw);
    return answer(c, 200, {
      concept_id: id,
      image_url: `${base}/files/concepts/${id}/concept.png`,
      prompt,
      style,
      width: CONCEPT_SIZE,
      height: CONCEPT_SIZE,
      ...(charge ? { billing: core.billing.info(charge) } : {}),
    });
  });

  app.post('/generate/text', async (c) => {
    const checks = new Checks();
    const body = checks.parse(TextGenerateBodySchema, await jsonOf(c), 'body');
    checks.done();
    const b = body!;
    const concept = Object.hasOwn(core.state.concepts, b.concept_id)
      ? core.state.concepts[b.concept_id]
      : undefined;
    if (!concept) throw plainError(404, 'Concept not found');
    const { task, billing } = await tasks.start({
      kind: 'text',
      key: c.get('key'),
      operation: `generate.text.${b.mode}`,
      sharedPhoto: true,
      input: {
        photoFileId: concept.fileId,
        polyCount: b.poly_count,
        remesh: b.remesh,
        textureSize: b.texture_size,
        textureFormat: b.texture_format,
        ...(b.seed !== null ? { seed: b.seed } : {}),
        name: concept.prompt.slice(0, 80),
        modelVersion: TIERS[b.mode].version,
      },
    });
    return answer(c, 200, startAnswer(task.id, billing));
  });

  app.post('/generate/retexture', async (c) => {
    const checks = new Checks();
    const query = checks.parse(RetextureQuerySchema, queryOf(c), 'query');
    const form = await formOf(c);
    const raw = form.file;
    const photo = await checkPhoto(
      Array.isArray(raw) ? raw[raw.length - 1] : raw,
      ['body', 'file'],
      checks,
    );
    checks.done();
    const q = query!;
    const parent = findModel(q.model_id);
    const { task, billing } = await tasks.start({
      kind: 'retexture',
      key: c.get('key'),
      operation: 'retexture',
      photo: photo!.bytes,
      input: {
        photoFileId: '',
        // The shape stays; only the paint is new, so the parent's density is kept.
        polyCount: Math.min(LIMITS.polyCount.max, Math.max(LIMITS.polyCount.min, parent.polyCount)),
        remesh: true,
        textureSize: q.texture_size,
        textureFormat: parent.textureFormat === 'png' ? 'png' : 'webp',
        ...(q.seed !== undefined ? { seed: q.seed } : {}),
        name: parent.name,
        modelVersion: parent.modelVersion as ModelVersionNumber,
        parentModelId: parent.id,
      },
    });
    return answer(c, 200, startAnswer(task.id, billing));
  });

  // --- Tasks, library, models (§4.7–§4.9) -----------------------------------------------------

  app.get('/task/:id/status', (c) => {
    const body = tasks.answer(c.req.param('id'), core.base(c.req.raw));
    if (!body) throw plainError(404, 'Task not found');
    return c.json(body);
  });

  app.get('/library', async (c) => {
    const checks = new Checks();
    const query = checks.parse(LibraryQuerySchema, queryOf(c), 'query');
    checks.done();
    // A new account's first listing shows its samples rather than an empty library.
    await samples?.();
    return c.json(listLibrary(core, query!, core.base(c.req.raw)));
  });

  app.get('/model/:id', (c) =>
    c.json(modelAnswer(core, findModel(c.req.param('id')), core.base(c.req.raw))),
  );

  // --- Jobs (§3.2, §4.10–§4.16) ----------------------------------------------------------------

  const jobRoute = (operation: string, schema: z.ZodType) => async (c: Ctx) => {
    const checks = new Checks();
    const params = checks.parse(schema, queryOf(c), 'query') as Record<string, unknown> | undefined;
    checks.done();
    const model = findModel(c.req.param('id')!);
    if (model.source === 'website' && WEBSITE_LOCKED.has(operation)) {
      throw codedError(
        403,
        'subscription_required',
        'This model was made on the website: exporting or downloading it needs a plan or a one-off unlock there.',
      );
    }
    const result = jobs.call(
      { key: c.get('key'), model, operation, params: params! },
      core.base(c.req.raw),
    );
    return answer(c, result.status, result.body, result.headers);
  };

  app.get('/model/:id/export', jobRoute('export', ExportQuerySchema));
  app.get('/model/:id/print', jobRoute('print', PrintQuerySchema));
  app.get('/model/:id/retopo', jobRoute('retopo', RetopoQuerySchema));
  app.get('/model/:id/rig', jobRoute('rig', RigQuerySchema));
  app.get('/model/:id/parts', jobRoute('parts', PartsQuerySchema));
  app.get('/model/:id/gamepack', jobRoute('gamepack', GamepackQuerySchema));
  app.get('/model/:id/make/:kind', async (c) => {
    const kind = c.req.param('kind');
    if (!(MAKER_KINDS as readonly string[]).includes(kind)) {
      // Maker ids are not enumerated by the document: an unknown one is "not available".
      throw codedError(
        404,
        'feature_off',
        `There is no maker "${kind}". Makers: ${MAKER_KINDS.join(', ')}.`,
      );
    }
    return jobRoute(`make.${kind}`, MakeQuerySchema)(c);
  });

  // --- Account (§4.17) ---------------------------------------------------------------------------

  app.get('/api/platform/balance', (c) => {
    const { account } = core.state;
    return c.json({
      currency: 'USD',
      balance_usd: core.billing.balance,
      month: iso(core.now()).slice(0, 7),
      month_spend_usd: core.billing.monthSpend(),
      monthly_limit_usd: account.monthlyLimitUsd,
      key_month_spend_usd: core.billing.monthSpend(c.get('key')),
      key_monthly_limit_usd: account.keyLimitUsd,
      jobs_running: tasks.running(),
      jobs_limit: LIMITS.concurrentJobs,
      builds_running: jobs.running(),
    });
  });

  app.get('/api/platform/prices', (c) => c.json(core.prices.answer()));

  // --- Sandbox settings (not part of the service) -----------------------------------------------

  // The build-failure trigger (README "Build failures"): read, or set all shares at once.
  app.get('/sandbox/build-failures', (c) => c.json({ shares: core.state.buildFailures ?? {} }));
  app.put('/sandbox/build-failures', async (c) => {
    const checks = new Checks();
    const body = checks.parse(
      z.object({ shares: BuildFailureSharesSchema }),
      await jsonOf(c),
      'body',
    );
    checks.done();
    core.state.buildFailures = body!.shares;
    jobs.failures.reset();
    core.changed();
    return c.json({ shares: body!.shares });
  });

  // --- Downloads (free, bearer key required) -------------------------------------------------

  app.get('/files/models/:id/model.glb', async (c) => {
    const model = findModel(c.req.param('id'));
    if (model.source === 'website') {
      throw codedError(
        403,
        'subscription_required',
        'This model was made on the website: downloading it needs a plan or a one-off unlock there.',
      );
    }
    return file(await core.readFile(model.fileId), 'model/gltf-binary', `${model.id}.glb`);
  });

  app.get('/files/models/:id/thumbnail', async (c) => {
    const model = findModel(c.req.param('id'));
    const type = core.state.files[model.thumbnailId]?.contentType ?? 'image/webp';
    const ext = type.split('/')[1] ?? 'img';
    return file(await core.readFile(model.thumbnailId), type, `${model.id}.${ext}`, true);
  });

  app.get('/files/concepts/:id/concept.png', async (c) => {
    const id = c.req.param('id');
    const concept = Object.hasOwn(core.state.concepts, id) ? core.state.concepts[id] : undefined;
    if (!concept) throw plainError(404, 'Concept not found');
    return file(await core.readFile(concept.fileId), 'image/png', `${id}.png`, true);
  });

  app.get('/files/jobs/:id/:token/:filename', async (c) => {
    const result = jobs.download(c.req.param('id'), c.req.param('token'));
    return file(await core.readFile(result.fileId), result.contentType, result.filename);
  });

  // FastAPI answers a known path called with the wrong method with 405.
  const methodNotAllowed = (c: Ctx) => c.json({ detail: 'Method Not Allowed' }, 405);
  for (const route of [...app.routes]) {
    if (route.method === 'ALL') continue;
    app.on(
      route.method === 'GET'
        ? ['POST', 'PUT', 'DELETE', 'PATCH']
        : ['GET', 'PUT', 'DELETE', 'PATCH'],
      route.path,
      methodNotAllowed,
    );
  }

  return app;
}

/** The answer of a generation start (§2.1). */
function startAnswer(
  taskId: string,
  billing: BillingInfo | undefined,
  views?: number,
): Record<string, unknown> {
  return {
    task_id: taskId,
    status: 'queued',
    ...(views !== undefined && views > 1 ? { views } : {}),
    ...(billing ? { billing } : {}),
  };
}
