/**
 * The first-run sample models: on a fresh account, the sandbox makes a few models with its own
 * generator from photos shipped inside the app (`../samples/photos.ts`), so a new user has
 * something to open, try the tools on and compare before generating anything.
 *
 * Samples are ordinary models of the account (every field of the contract, listable, openable,
 * usable by every tool, which then charges as for any model); only their making is free: no
 * charge, no ledger entry, no task. Their names say they are samples. They are data of the
 * service, like a user's model name, so they are English in every language of the app.
 *
 * Made once per account, on its first start: a fresh state is marked `samples: 'pending'`, which
 * becomes `done` when the last sample exists and is kept with the state, so deleting the samples
 * does not bring them back. A start interrupted half-way makes only the samples still missing
 * (each carries its id in `origin`) at the next start.
 */
import type { SandboxCore } from './core';
import { imageType } from './core';
import type { Generator, Retexturer } from './generation';
import type { ModelRow } from './state';
import { CHELSEA_JPEG, COFFEE_JPEG } from '../samples/photos';

/** Prefix of a sample model's `origin`: `sample:<id>`. */
export const SAMPLE_ORIGIN = 'sample:';

/** The generation settings of every sample: the service's defaults at their lightest. */
const SETTINGS = {
  polyCount: 20_000,
  remesh: true,
  textureSize: 1024,
  textureFormat: 'webp',
  modelVersion: '2',
  seed: 1,
} as const;

/** One sample: a generation from a photo, or a retexture of an earlier sample with a photo. */
export interface SampleSpec {
  /** Stable id (kept in the model's `origin`). */
  readonly id: string;
  readonly name: string;
  /** The shipped photo, base64 JPEG. */
  readonly photo: string;
  /** The sample this one repaints (a retexture: the next version of that sample's family). */
  readonly retextures?: string;
}

/**
 * The samples, in the order they are made: two families, one with a retexture version so
 * versions and compare can be tried at once.
 */
export const SAMPLES: readonly SampleSpec[] = [
  { id: 'coffee', name: 'Sample · Coffee cup', photo: COFFEE_JPEG },
  { id: 'coffee-cat', name: 'Sample · Coffee cup', photo: CHELSEA_JPEG, retextures: 'coffee' },
  { id: 'cat', name: 'Sample · Cat', photo: CHELSEA_JPEG },
];

const sampleModel = (core: SandboxCore, id: string): ModelRow | undefined =>
  Object.values(core.state.models).find((m) => m.origin === `${SAMPLE_ORIGIN}${id}`);

/** Makes one sample (or nothing when it exists already). */
async function makeSample(
  core: SandboxCore,
  spec: SampleSpec,
  work: { generate: Generator; retexture: Retexturer },
): Promise<void> {
  if (sampleModel(core, spec.id)) return;
  const photo = new Uint8Array(Buffer.from(spec.photo, 'base64'));
  const parent = spec.retextures ? sampleModel(core, spec.retextures) : undefined;
  if (spec.retextures && !parent) throw new Error(`Sample ${spec.retextures} is missing`);
  const result = parent
    ? await work.retexture(await core.readFile(parent.fileId), photo, {
        textureSize: SETTINGS.textureSize,
        textureFormat: SETTINGS.textureFormat,
        seed: SETTINGS.seed,
      })
    : await work.generate(photo, {
        polyCount: SETTINGS.polyCount,
        remesh: SETTINGS.remesh,
        textureSize: SETTINGS.textureSize,
        textureFormat: SETTINGS.textureFormat,
        seed: SETTINGS.seed,
        name: spec.name,
      });
  const fileId = await core.putFile(result.glb, 'model/gltf-binary');
  const thumbnailId = await core.putFile(result.thumbnail, imageType(result.thumbnail));
  const now = core.now();
  core.addModel(
    {
      name: spec.name,
      createdAt: now,
      readyAt: now,
      source: 'api',
      kind: parent ? 'retexture' : 'generation',
      modelVersion: SETTINGS.modelVersion,
      polyCount: result.triangles,
      vertexCount: result.vertices,
      textureSize: SETTINGS.textureSize,
      textureFormat: SETTINGS.textureFormat,
      fileId,
      thumbnailId,
      origin: `${SAMPLE_ORIGIN}${spec.id}`,
    },
    parent,
  );
}

/**
 * Makes the samples still missing, one at a time on the generation queue (a user's generation
 * started meanwhile runs between two samples, not after all of them), then marks them `done`.
 * Resolves at once when the account is not waiting for samples; a failure rejects, and the next
 * start tries again.
 */
export async function seedSamples(
  core: SandboxCore,
  work: { generate: Generator; retexture: Retexturer },
): Promise<void> {
  if (core.state.samples !== 'pending') return;
  for (const spec of SAMPLES) {
    await new Promise<void>((resolve, reject) =>
      core.generationQueue.push(
        () => makeSample(core, spec, work).then(resolve, reject),
        // A closing sandbox drops the work: the samples left are made at the next start.
        () => reject(new Error('The sandbox closed before the samples were made')),
      ),
    );
  }
  core.state.samples = 'done';
  core.changed();
}
