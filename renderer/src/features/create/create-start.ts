/**
 * The starts of the Create flows, one function per flow over explicit ports: photos are handed
 * over first (so a refused file starts nothing), then the paid start is sent once; what started
 * leaves the form and its inputs are kept (`begin`) until the service accepts the job. A batch
 * of photos starts one job each and says which did not start. Validation comes before these
 * (`create-form.ts`), the price and the confirmation before that (`create-plan.ts`, `PaidButton`).
 */
import type { TextureSize } from '../../../../shared/api/rules';
import type { Bridge } from '../../../../shared/ipc/bridge';
import type { GenerationOptions, JobView } from '../../../../shared/ipc/contract';
import { KilnError } from '../../../../shared/ipc/errors';
import { plural } from '@lingui/core/macro';
import { EMPTY_RETEXTURE, type CreateForm, type KeptInputs } from './create-form';
import { checkSeed, checkSettings, EMPTY_SETTINGS } from './create-rules';

/** What a start reads, changes and reports. */
export interface StartPorts {
  readonly bridge: Pick<
    Bridge,
    'stageFile' | 'jobs:startPhoto' | 'jobs:startMulti' | 'jobs:startText' | 'jobs:retexture'
  >;
  /** The form as it is now (it may change while a start is on its way). */
  read(): CreateForm;
  write(patch: Partial<CreateForm>): void;
  /** A job started with `inputs`: shown in Activity, its inputs kept until it is accepted. */
  begin(job: JobView, inputs: KeptInputs): void;
}

/** The error of a batch that started in part: what started, what did not, what is kept. */
export function partialBatch(error: unknown, done: number, refused: readonly string[]): KilnError {
  const names = refused.map((n) => `“${n}”`).join(', ');
  const refusedCount = refused.length;
  const total = done + refusedCount;
  const reason = (error as Error).message;
  return new KilnError(
    error instanceof KilnError ? error.code : 'start_failed',
    plural(refusedCount, {
      one: `${done} of ${total} started. Not started: ${names} — ${reason} It is still here to try again.`,
      other: `${done} of ${total} started. Not started: ${names} — ${reason} They are still here to try again.`,
    }),
    error instanceof KilnError && error.field ? { field: error.field } : {},
  );
}

/** The generation options of the form (validated before a start, so never an error here). */
function optionsOf(form: CreateForm): GenerationOptions {
  const check = checkSettings(form.createSettings);
  return check.ok ? check.options : {};
}

/** The inputs every flow shares, as they are now. */
const common = (form: CreateForm) => ({
  mode: form.createMode,
  tier: form.createTier,
  settings: form.createSettings,
});

/**
 * Photo mode, one photo or a batch: every photo is handed over first, so a refused file starts
 * nothing. Then the starts go out together, one job each, in order (the core runs five and
 * queues the rest); what started leaves the form, what did not stays and the error names it.
 */
async function startPhotos(form: CreateForm, ports: StartPorts): Promise<JobView[]> {
  const { bridge } = ports;
  const staged = [];
  for (const p of form.photos) staged.push(await bridge.stageFile(p.file));
  const options = optionsOf(form);
  const results = await Promise.allSettled(
    staged.map((f) => bridge['jobs:startPhoto']({ fileId: f.id, tier: form.createTier, options })),
  );
  const jobs: JobView[] = [];
  const refused: string[] = [];
  let firstError: unknown;
  results.forEach((result, i) => {
    const photo = form.photos[i]!;
    if (result.status === 'fulfilled') {
      ports.write({ photos: ports.read().photos.filter((p) => p.id !== photo.id) });
      ports.begin(result.value, { ...common(ports.read()), photos: [photo] });
      jobs.push(result.value);
    } else {
      firstError ??= result.reason;
      refused.push(photo.file.name);
    }
  });
  if (firstError !== undefined) {
    throw jobs.length ? partialBatch(firstError, jobs.length, refused) : firstError;
  }
  ports.write({ createSettings: EMPTY_SETTINGS });
  return jobs;
}

/** Views mode: every view handed over, then one multi-view start. */
async function startViews(form: CreateForm, ports: StartPorts): Promise<JobView[]> {
  const staged = [];
  for (const v of form.views) staged.push(await ports.bridge.stageFile(v.file.file));
  const job = await ports.bridge['jobs:startMulti']({
    fileIds: staged.map((f) => f.id),
    tier: form.createTier,
    options: optionsOf(form),
  });
  const inputs = { ...common(ports.read()), views: form.views };
  ports.write({ views: [], createSettings: EMPTY_SETTINGS });
  ports.begin(job, inputs);
  return [job];
}

/** Text mode: the picked concept picture becomes a model. */
async function startText(form: CreateForm, ports: StartPorts): Promise<JobView[]> {
  const job = await ports.bridge['jobs:startText']({
    conceptId: form.conceptId!,
    tier: form.createTier,
    options: optionsOf(form),
    label: form.concepts.find((c) => c.conceptId === form.conceptId)?.prompt.slice(0, 200),
  });
  const { prompt, style, concepts, conceptId } = form;
  const inputs = { ...common(ports.read()), text: { prompt, style, concepts, conceptId } };
  ports.write({
    prompt: '',
    style: '',
    concepts: [],
    conceptId: undefined,
    createSettings: EMPTY_SETTINGS,
  });
  ports.begin(job, inputs);
  return [job];
}

/** Retexture mode: the photo handed over, then the target model painted anew. */
async function startRetexture(form: CreateForm, ports: StartPorts): Promise<JobView[]> {
  const { retextureSettings: rs } = form;
  const staged = await ports.bridge.stageFile(form.retexturePhoto!.file);
  const seed = checkSeed(rs.seed).value;
  const job = await ports.bridge['jobs:retexture']({
    modelId: form.retextureTarget!.modelId,
    fileId: staged.id,
    ...(rs.textureSize !== 'default' ? { textureSize: Number(rs.textureSize) as TextureSize } : {}),
    ...(seed !== undefined ? { seed } : {}),
  });
  const inputs = {
    ...common(ports.read()),
    retexture: { photo: form.retexturePhoto!, settings: rs, target: form.retextureTarget },
  };
  ports.write({ retexturePhoto: undefined, retextureSettings: EMPTY_RETEXTURE });
  ports.begin(job, inputs);
  return [job];
}

/** Each flow's start. */
const STARTS = {
  photo: startPhotos,
  views: startViews,
  text: startText,
  retexture: startRetexture,
} as const;

/**
 * Starts the flow of `form` (validated before). Resolves the started jobs; rejects with the
 * error to place at the fields (`placeError`) when nothing, or only part of a batch, started.
 */
export function startFlow(form: CreateForm, ports: StartPorts): Promise<JobView[]> {
  return STARTS[form.createMode](form, ports);
}
