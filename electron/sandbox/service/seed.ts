/**
 * Seeding of the library on first start: models "made on the website" (with a few versions,
 * published and starred ones) and API-made models for big-library tests. They share a handful of
 * procedural files, so seeding thousands of rows costs milliseconds, not generations. API families
 * (a root with retexture, rig and parts versions) are the families whose files can be downloaded
 * (website files need a plan), so they are what opening and comparing versions is tested on.
 */
import type { SandboxCore } from './core';
import { proceduralModel } from './procedural';
import type { ModelRow } from './state';

const NAMES = [
  'Ceramic vase',
  'Garden gnome',
  'Leather boot',
  'Desk lamp',
  'Teapot',
  'Toy robot',
  'Pine cone',
  'Sneaker',
  'Coffee mug',
  'Succulent',
  'Rubber duck',
  'Guitar pick',
];
const VARIANTS = 6;
/** A retexture (and the rig made from it) or a parts version looks different from its root. */
const FILE_SHIFT: Partial<Record<ModelRow['kind'], number>> = { retexture: 1, rig: 1, parts: 2 };

/** Seeds the library once (the state remembers it was done). */
export async function seedLibrary(
  core: SandboxCore,
  counts: { websiteModels: number; apiModels: number; apiFamilies?: number },
): Promise<void> {
  const families = counts.apiFamilies ?? 0;
  if (core.state.seeded || (counts.websiteModels <= 0 && counts.apiModels <= 0 && families <= 0))
    return;
  const files: Array<{ fileId: string; thumbnailId: string; triangles: number; vertices: number }> =
    [];
  for (let v = 0; v < VARIANTS; v++) {
    const model = await proceduralModel(v);
    files.push({
      fileId: await core.putFile(model.glb, 'model/gltf-binary'),
      thumbnailId: await core.putFile(model.thumbnail, 'image/webp'),
      triangles: model.triangles,
      vertices: model.vertices,
    });
  }
  const now = core.now();
  const total = counts.websiteModels + counts.apiModels + families;
  const row = (
    i: number,
    source: ModelRow['source'],
    kind: ModelRow['kind'],
    parent?: ModelRow,
    age = 0,
  ) => {
    const file = files[(i + (FILE_SHIFT[kind] ?? 0)) % VARIANTS]!;
    const createdAt = now - (total - i) * 37 * 60_000 + age;
    return core.addModel(
      {
        name: `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length) + 1}`,
        createdAt,
        readyAt: createdAt,
        source,
        kind,
        modelVersion: (['2', '1.1', '1'] as const)[i % 3]!,
        polyCount: file.triangles,
        vertexCount: file.vertices,
        textureSize: 1024,
        textureFormat: 'png',
        fileId: file.fileId,
        thumbnailId: file.thumbnailId,
        origin: 'seed',
      },
      parent,
    );
  };
  for (let i = 0; i < counts.apiModels; i++) row(i, 'api', 'generation');
  for (let j = 0; j < counts.websiteModels; j++) {
    const i = counts.apiModels + j;
    const root = row(i, 'website', 'generation');
    // Every few website models get the derived versions the website makes.
    if (j % 3 === 0) row(i, 'website', 'remesh', root, 5 * 60_000);
    if (j % 4 === 1) row(i, 'website', 'retexture', root, 10 * 60_000);
    root.published = j % 2 === 0;
    root.favourite = j % 5 === 0;
  }
  // Families last: they are the newest rows, at the top of the library.
  for (let f = 0; f < families; f++) {
    const i = counts.apiModels + counts.websiteModels + f;
    const root = row(i, 'api', 'generation');
    const retexture = row(i, 'api', 'retexture', root, 6 * 60_000);
    // Counted from the newest, so the family at the top of the library has every kind.
    const fromTop = families - 1 - f;
    if (fromTop % 2 === 0) row(i, 'api', 'rig', retexture, 12 * 60_000);
    if (fromTop % 3 === 0) row(i, 'api', 'parts', root, 18 * 60_000);
  }
  core.state.seeded = true;
  core.changed();
}
