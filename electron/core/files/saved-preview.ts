/**
 * Shows a saved result (a quad remesh GLB, an STL or OBJ export) in the viewer. The renderer may
 * only load files of the content-addressed cache, so the saved file is copied there under the
 * SHA-256 of its bytes (temp + rename, as every cache write) and served by the same cache URL as
 * models. Only a finished job's own result in a format the viewer opens qualifies (not a .zip):
 * the renderer names a job, never a path.
 */
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { JobView, ModelView } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import {
  MODEL_EXTENSIONS,
  modelExtensionOf,
  type ModelExtension,
} from '../../../shared/model-formats';
import { MAX_MODEL_BYTES } from '../library/model-cache';
import type { Paths } from '../ports';

/** The formats the viewer opens from one file (a .gltf needs its buffers beside it). */
const SELF_CONTAINED: readonly ModelExtension[] = MODEL_EXTENSIONS.filter((e) => e !== 'gltf');

/** What {@link previewSavedResult} needs. */
export type PreviewDeps = Readonly<{
  jobs: () => readonly JobView[];
  paths: Paths;
  cacheFileUrl: (fileName: string) => string;
}>;

/**
 * The saved result of job `jobId` as a viewable model.
 * @throws KilnError `not_previewable` when the job saved no model file the viewer opens,
 *   `file_gone` when it moved
 */
export async function previewSavedResult(deps: PreviewDeps, jobId: string): Promise<ModelView> {
  const job = deps.jobs().find((j) => j.id === jobId);
  const saved = job?.state === 'done' ? job.savedPath : undefined;
  const ext = modelExtensionOf(saved);
  if (!job || !saved || !ext || !SELF_CONTAINED.includes(ext)) {
    throw new KilnError(
      'not_previewable',
      `Only a finished result saved as a model file (${SELF_CONTAINED.map((e) => e.toUpperCase()).join(', ')}) can be shown in the viewer.`,
    );
  }
  const size = await stat(saved).then(
    (s) => (s.isFile() ? s.size : undefined),
    () => undefined,
  );
  if (size === undefined) {
    throw new KilnError('file_gone', `“${path.basename(saved)}” is no longer where Kiln saved it.`);
  }
  if (size > MAX_MODEL_BYTES) {
    throw new KilnError('too_large', 'This file is too large to show in the viewer.');
  }
  const sha256 = createHash('sha256')
    .update(await readFile(saved))
    .digest('hex');
  const file = `${sha256}.${ext}`;
  const target = path.join(deps.paths.cache, file);
  const there = await stat(target).then(
    () => true,
    () => false,
  );
  if (!there) {
    await mkdir(deps.paths.temp, { recursive: true });
    await mkdir(deps.paths.cache, { recursive: true });
    const temp = path.join(deps.paths.temp, `${randomUUID()}.partial`);
    try {
      await copyFile(saved, temp);
      await rename(temp, target);
    } finally {
      await rm(temp, { force: true });
    }
  }
  return {
    modelId: job.sourceModelId ?? job.modelId ?? job.id,
    name: path.basename(saved),
    fileUrl: deps.cacheFileUrl(file),
    savedPath: saved,
  };
}
